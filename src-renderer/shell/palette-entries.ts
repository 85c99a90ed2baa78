/** Command palette entries and their matching, kept pure so they can be tested. */
import { AREAS, hasScreen, type AreaId } from '../state/navigation';
import type { GrabItem, GrabKind } from '@contract/commands-infra';
import type { SelectedWorkspace } from '../features/workspaces';
import { rankByTerms } from '@contract/term-match';

export interface PaletteZone {
  id: string;
  name: string;
  signedIn: boolean;
}

export type PaletteAction =
  | { kind: 'go'; zone: string; area: AreaId; section: string }
  | { kind: 'zone'; zone: string }
  | { kind: 'add-zone' }
  /** Show the agent's log folder (for a bug report); the path is shown to copy as well. */
  | { kind: 'open-log-folder' }
  | { kind: 'settings' }
  | { kind: 'theme'; theme: 'os' | 'light' | 'dark' }
  /** Quick grab: write a cluster's kubeconfig or a gateway's VPN profile. */
  | { kind: 'grab'; zone: string; what: FileKind; id: string; name: string }
  /** Open a workflow, a skill or a workspace in its screen. */
  | { kind: 'open'; zone: string; area: AreaId; section: string; id: string }
  /** On the workspace open in details: open its live URL, or copy its admin password unseen. */
  | { kind: 'workspace'; run: 'live-url' | 'copy-password'; workspace: SelectedWorkspace }
  /** Split panes: split the focused pane, close it, or move to the next. */
  | { kind: 'pane'; run: 'split-right' | 'split-down' | 'close' | 'next' };

/** Actions that can open in a new pane instead (Alt+Enter in the palette). */
export function opensInSplit(a: PaletteAction): a is Extract<PaletteAction, { kind: 'go' | 'open' | 'zone' }> {
  return a.kind === 'go' || a.kind === 'open' || a.kind === 'zone';
}

/** The pane commands that make sense now: no split past the limit, no close or next unsplit. */
export function paneItems(split: boolean, full: boolean): PaletteItem[] {
  const items: PaletteItem[] = [];
  const add = (run: Extract<PaletteAction, { kind: 'pane' }>['run'], label: string, keys?: string) =>
    items.push({
      id: `pane:${run}`,
      label,
      hint: keys ? `Command · ${keys}` : 'Command',
      action: { kind: 'pane', run },
    });
  if (!full) {
    add('split-right', 'Split right', 'Ctrl+\\');
    add('split-down', 'Split down', 'Ctrl+Shift+\\');
  }
  if (split) {
    add('next', 'Focus next pane', 'F6');
    add('close', 'Close pane');
  }
  return items;
}

/** The workspace open in the details pane, which the palette's workspace actions act on. */
type FileKind = Extract<GrabKind, 'cluster' | 'vpn-gateway'>;

const OPENS: Record<Exclude<GrabKind, FileKind>, { area: AreaId; section: string; hint: string }> = {
  workflow: { area: 'workflows', section: 'workflows', hint: 'Workflow · open' },
  skill: { area: 'workflows', section: 'skills', hint: 'Skill · open' },
  workspace: { area: 'workspaces', section: 'workspaces', hint: 'Workspace · open' },
};

export interface PaletteItem {
  id: string;
  label: string;
  hint: string;
  action: PaletteAction;
}

export function paletteItems(zones: readonly PaletteZone[]): PaletteItem[] {
  const items: PaletteItem[] = [];
  for (const z of zones) {
    items.push({
      id: `zone:${z.id}`,
      label: z.name,
      hint: z.signedIn ? 'Zone' : 'Zone · signed out',
      action: { kind: 'zone', zone: z.id },
    });
    for (const a of AREAS) {
      for (const s of a.sections) {
        const label = s.title === a.title ? `${z.name} › ${a.title}` : `${z.name} › ${a.title} › ${s.title}`;
        items.push({
          id: `go:${z.id}:${a.id}:${s.id}`,
          label,
          hint: hasScreen(a.id, s.id) ? 'Go to' : 'Go to (overview)',
          action: { kind: 'go', zone: z.id, area: a.id, section: s.id },
        });
      }
    }
  }
  items.push({ id: 'add-zone', label: 'Add a zone…', hint: 'Command', action: { kind: 'add-zone' } });
  items.push({ id: 'settings', label: 'Settings', hint: 'Command', action: { kind: 'settings' } });
  items.push({ id: 'open-log-folder', label: 'Open log folder', hint: 'Command', action: { kind: 'open-log-folder' } });
  for (const t of ['os', 'light', 'dark'] as const) {
    items.push({
      id: `theme:${t}`,
      label: `Theme: ${t === 'os' ? 'follow the system' : t}`,
      hint: 'Command',
      action: { kind: 'theme', theme: t },
    });
  }
  return items;
}

/** The actions on the selected workspace; a blank template has no admin password to copy. */
export function workspaceActions(ws: SelectedWorkspace | null): PaletteItem[] {
  if (!ws) return [];
  const hint = `${ws.name} · ${ws.zoneName}`;
  const items: PaletteItem[] = [
    {
      id: `ws:live:${ws.zone}:${ws.id}`,
      label: 'Open live URL',
      hint,
      action: { kind: 'workspace', run: 'live-url', workspace: ws },
    },
  ];
  if (ws.template === undefined || ws.template === 'store' || ws.template === 'cms')
    items.push({
      id: `ws:password:${ws.zone}:${ws.id}`,
      label: 'Copy admin password',
      hint,
      action: { kind: 'workspace', run: 'copy-password', workspace: ws },
    });
  return items;
}

/** Every term must appear in the label; earlier and tighter matches rank first (shared with `zonedeck grab`). */
export function filterPalette(items: readonly PaletteItem[], query: string, limit = 50): PaletteItem[] {
  return rankByTerms(items, (item) => item.label, query, limit);
}

/**
 * The index's items of every signed-in zone as palette entries: Enter on a cluster or a VPN
 * gateway writes its file; on a workflow, a skill or a workspace opens it.
 */
export function grabItems(items: readonly GrabItem[]): PaletteItem[] {
  return items.map((g) => {
    const id = `grab:${g.zone}:${g.kind}:${g.id}`;
    const label = `${g.name} · ${g.zoneName}`;
    if (g.kind === 'cluster' || g.kind === 'vpn-gateway')
      return {
        id,
        label,
        hint: g.kind === 'cluster' ? 'Cluster · write kubeconfig' : 'VPN gateway · save profile',
        action: { kind: 'grab', zone: g.zone, what: g.kind, id: g.id, name: g.name },
      };
    const o = OPENS[g.kind];
    return {
      id,
      label,
      hint: o.hint,
      action: { kind: 'open', zone: g.zone, area: o.area, section: o.section, id: g.id },
    };
  });
}
