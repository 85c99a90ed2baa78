/**
 * Split panes as data: each pane shows one zone's screen; the layout is a row (side by side) or a
 * column (stacked). Pure functions, so what the store does and what comes back after a restart
 * can be tested without a window. A stored layout is read tolerantly: panes naming a zone that is
 * gone or a screen that does not exist are dropped, never trusted.
 */
export interface Pane {
  id: string;
  zoneId: string;
  area: string;
  section: string;
}

export type SplitDirection = 'row' | 'column';

export interface PaneLayout {
  panes: Pane[];
  focusedId: string;
  direction: SplitDirection;
}

/** Four panes is where a 1360 px window stops showing a usable list in each. */
export const MAX_PANES = 4;

/** A pane id not used by any pane of the list. */
export function newPaneId(panes: readonly Pane[]): string {
  for (let n = 1; ; n += 1) if (!panes.some((p) => p.id === `p${n}`)) return `p${n}`;
}

/** The layout with `pane` placed right after the focused one, which it becomes. */
export function addPane(layout: PaneLayout, pane: Omit<Pane, 'id'>, direction: SplitDirection): PaneLayout {
  if (layout.panes.length >= MAX_PANES) return layout;
  const id = newPaneId(layout.panes);
  const at = layout.panes.findIndex((p) => p.id === layout.focusedId) + 1;
  const panes = [...layout.panes.slice(0, at), { ...pane, id }, ...layout.panes.slice(at)];
  return { panes, focusedId: id, direction };
}

/** The layout without pane `id`; focus moves to its neighbour when it had it. The last pane stays. */
export function removePane(layout: PaneLayout, id: string): PaneLayout {
  const i = layout.panes.findIndex((p) => p.id === id);
  if (i < 0 || layout.panes.length <= 1) return layout;
  const panes = layout.panes.filter((p) => p.id !== id);
  const focusedId = layout.focusedId === id ? panes[Math.min(i, panes.length - 1)]!.id : layout.focusedId;
  return { ...layout, panes, focusedId };
}

/** The pane `step` places from the focused one, wrapping around. */
export function paneAfter(layout: PaneLayout, step: number): Pane | undefined {
  const n = layout.panes.length;
  if (n === 0) return undefined;
  const i = Math.max(
    0,
    layout.panes.findIndex((p) => p.id === layout.focusedId),
  );
  return layout.panes[(((i + step) % n) + n) % n];
}

/** The layout with the focused pane's zone and place set (the rail and sidebar drive it). */
export function setFocusedPlace(layout: PaneLayout, place: Omit<Pane, 'id'>): PaneLayout {
  const panes = layout.panes.map((p) => (p.id === layout.focusedId ? { ...p, ...place } : p));
  return { ...layout, panes };
}

/** Panes whose zone is no longer known are closed; `null` when none is left. */
export function dropZones(layout: PaneLayout, zoneIds: ReadonlySet<string>): PaneLayout | null {
  let next = layout;
  for (const p of layout.panes)
    if (!zoneIds.has(p.zoneId)) next = { ...next, panes: next.panes.filter((q) => q !== p) };
  if (next.panes.length === 0) return null;
  if (!next.panes.some((p) => p.id === next.focusedId)) next = { ...next, focusedId: next.panes[0]!.id };
  return next;
}

const isText = (v: unknown, max = 80): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * A layout read back from storage, or `null` when nothing usable is there. Only panes of known
 * zones and existing screens (or areas, whose empty state shows) survive; at most MAX_PANES.
 */
export function parseLayout(
  raw: string | null,
  zoneIds: ReadonlySet<string>,
  isPlace: (area: string, section: string) => boolean,
): PaneLayout | null {
  if (!raw || raw.length > 10_000) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const list: unknown[] = Array.isArray(d.panes) ? d.panes.slice(0, 64) : [];
  const panes: Pane[] = [];
  for (const p of list) {
    if (panes.length >= MAX_PANES) break;
    if (typeof p !== 'object' || p === null) continue;
    const { id, zoneId, area, section } = p as Record<string, unknown>;
    if (!isText(id, 16) || !isText(zoneId) || !isText(area, 40) || !isText(section, 40)) continue;
    if (!zoneIds.has(zoneId) || !isPlace(area, section) || panes.some((q) => q.id === id)) continue;
    panes.push({ id, zoneId, area, section });
  }
  if (panes.length === 0) return null;
  const focusedId = panes.some((p) => p.id === d.focusedId) ? (d.focusedId as string) : panes[0]!.id;
  return { panes, focusedId, direction: d.direction === 'column' ? 'column' : 'row' };
}
