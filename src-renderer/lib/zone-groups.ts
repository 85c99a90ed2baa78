/**
 * Pure helpers for zone groups in the rail: which zones sit under which header, in what order,
 * which groups are collapsed (remembered per browser), and which zones a group action touches.
 */
import type { ZoneView } from '@contract/commands';

/** One block of the rail: zones in no group (group null) come first, then each group by name. */
export interface RailSection {
  group: string | null;
  zones: ZoneView[];
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** The rail's blocks: ungrouped zones first, then groups sorted by name; zones keep the list's order. */
export function railSections(zones: readonly ZoneView[]): RailSection[] {
  const loose: ZoneView[] = [];
  const groups = new Map<string, ZoneView[]>();
  for (const z of zones) {
    const g = z.group?.trim();
    if (!g) loose.push(z);
    else groups.set(g, [...(groups.get(g) ?? []), z]);
  }
  const sections: RailSection[] = loose.length ? [{ group: null, zones: loose }] : [];
  for (const g of [...groups.keys()].sort(byName)) sections.push({ group: g, zones: groups.get(g)! });
  return sections;
}

/** The groups in use, sorted, for the form's suggestions and the "Move to group" menu. */
export function groupNames(zones: readonly ZoneView[]): string[] {
  return railSections(zones)
    .map((s) => s.group)
    .filter((g): g is string => g !== null);
}

export function zonesOf(zones: readonly ZoneView[], group: string): ZoneView[] {
  return zones.filter((z) => z.group?.trim() === group);
}

/** Up to three letters for a collapsed group's header in the narrow rail ("production" → "PRO"). */
export function groupBadge(group: string): string {
  const words = group
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words.map((w) => w[0]).join('') : group.trim();
  return letters.slice(0, 3).toUpperCase();
}

export const COLLAPSED_KEY = 'zonedeck.collapsedGroups';

/** What a Storage-like place remembers; a missing or garbled entry reads as "nothing collapsed". */
export function readCollapsed(storage: Pick<Storage, 'getItem'>): Set<string> {
  try {
    const raw: unknown = JSON.parse(storage.getItem(COLLAPSED_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Toggles one group and saves the set, keeping only groups that still exist so it never grows stale. */
export function toggleCollapsed(
  storage: Pick<Storage, 'setItem'>,
  current: ReadonlySet<string>,
  group: string,
  existing: readonly string[],
): Set<string> {
  const next = new Set([...current].filter((g) => existing.includes(g)));
  if (next.has(group)) next.delete(group);
  else next.add(group);
  storage.setItem(COLLAPSED_KEY, JSON.stringify([...next].sort(byName)));
  return next;
}
