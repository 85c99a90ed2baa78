/**
 * The tray's menu as data, from what the tray knows now: recent grabs per zone (one click grabs
 * again), the zones with their health, Grab…, Open Zonedeck, the close-to-tray switch and Quit.
 * Pure, so a test reads the template exactly as Electron gets it.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { ZoneHealth, ZoneView } from '../contract/commands';
import type { RecentGrab } from '../contract/desktop';
import type { ShortcutState } from './global-shortcut';

export interface TrayState {
  zones: readonly ZoneView[];
  health: ReadonlyMap<string, ZoneHealth>;
  recent: readonly RecentGrab[];
  shortcut: ShortcutState;
  closeToTray: boolean;
}

export interface TrayActions {
  regrab(grab: RecentGrab): void;
  grab(): void;
  openMain(): void;
  setCloseToTray(on: boolean): void;
  quit(): void;
}

const SLOW_MS = 1000;

/** How a zone is doing, in a few words. */
export function zoneHealthWords(zone: ZoneView, health: ZoneHealth | undefined): string {
  if (zone.session.state === 'signed_out') return 'signed out';
  switch (health?.state) {
    case 'reachable':
      // Words, not milliseconds: a figure would change the menu every second (and close it on Linux).
      return health.latencyMs !== null && health.latencyMs >= SLOW_MS ? 'answering slowly' : 'answering';
    case 'unreachable':
      return 'not answering';
    default:
      return 'not checked yet';
  }
}

export function grabLabel(g: RecentGrab): string {
  if (g.kind === 'vpn') return `VPN profile ${g.name}`;
  return g.mode === 'merge' ? `Kubeconfig ${g.name} (merge)` : `Kubeconfig ${g.name}`;
}

function recentItems(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  const known = new Map(state.zones.map((z) => [z.id, z]));
  // Zones in the order of their newest grab (the list is newest first).
  const byZone = new Map<string, RecentGrab[]>();
  for (const g of state.recent) {
    if (!known.has(g.zone)) continue; // a zone removed since: nothing to grab from
    byZone.set(g.zone, [...(byZone.get(g.zone) ?? []), g]);
  }
  if (byZone.size === 0) return [{ label: 'No recent grabs', enabled: false }];
  return [...byZone].map(([zone, grabs]) => ({
    label: known.get(zone)!.name,
    submenu: grabs.map((g) => ({ label: grabLabel(g), toolTip: g.path, click: () => actions.regrab(g) })),
  }));
}

function zoneItems(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  if (state.zones.length === 0) return [{ label: 'No zones yet', enabled: false }];
  return state.zones.map((z) => ({
    label: `${z.name} — ${zoneHealthWords(z, state.health.get(z.id))}`,
    click: () => actions.openMain(),
  }));
}

export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  const { shortcut } = state;
  const problem: MenuItemConstructorOptions[] =
    shortcut.problem && shortcut.accelerator ? [{ label: `Shortcut off: ${shortcut.problem}`, enabled: false }] : [];
  return [
    { label: 'Recent grabs', enabled: false },
    ...recentItems(state, actions),
    { type: 'separator' },
    { label: 'Zones', enabled: false },
    ...zoneItems(state, actions),
    { type: 'separator' },
    {
      label: 'Grab…',
      click: () => actions.grab(),
      // Shown beside the item only: the OS-wide registration is global-shortcut.ts's.
      ...(shortcut.active && shortcut.accelerator
        ? { accelerator: shortcut.accelerator, registerAccelerator: false }
        : {}),
    },
    ...problem,
    { label: 'Open Zonedeck', click: () => actions.openMain() },
    {
      label: 'Keep running in the tray when the window closes',
      type: 'checkbox',
      checked: state.closeToTray,
      click: () => actions.setCloseToTray(!state.closeToTray),
    },
    { type: 'separator' },
    { label: 'Quit', click: () => actions.quit() },
  ];
}
