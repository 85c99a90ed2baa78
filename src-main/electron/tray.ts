/**
 * The tray icon and its menu (tray-menu.ts), kept current: zones and sessions from the agent's
 * events, health from `zones.health` events, recent grabs from RecentGrabs. A re-grab runs the
 * agent's own command (kubeconfig.save / kubeconfig.merge / vpn.saveProfile) through the desktop
 * agent, which remembers it again, and a notification says where the file went.
 */
import { Menu, type MenuItemConstructorOptions, Tray } from 'electron';
import type { Agent, Connection } from '../agent/agent-types';
import type { Logger } from '../agent/log';
import type { ZoneHealth, ZoneView } from '../contract/commands';
import type { RecentGrab } from '../contract/desktop';
import type { Reply } from '../contract/protocol';
import { trayIconFile } from './app-url';
import type { DesktopSettingsStore } from './desktop-settings';
import type { GlobalShortcut } from './global-shortcut';
import { notify } from './notify';
import type { RecentGrabs } from './recent-grabs';
import { type TrayActions, trayMenuTemplate } from './tray-menu';

export interface TrayDeps {
  /** The desktop agent (desktop-agent.ts), so a re-grab is remembered like any other. */
  agent: Agent;
  recent: RecentGrabs;
  settings: DesktopSettingsStore;
  shortcut: GlobalShortcut;
  openMain(): void;
  openQuickGrab(): void;
  quit(): void;
  log: Logger;
}

export interface TrayHandle {
  /** Rebuild the menu (a setting or the shortcut changed). */
  render(): void;
  /** The tray icon exists (close-to-tray hides the window only then). */
  alive(): boolean;
  /** The menu's labels as shown, a submenu's as `parent › item` (the real-app test reads them). */
  labels(): string[];
  destroy(): void;
}

/** The tray's own connection to the agent: it opens no streams. */
const trayConnection: Connection = { id: 'tray', sendStream: () => undefined, bufferedAmount: () => 0 };

export function regrabCommand(g: RecentGrab): { command: string; input: Record<string, unknown> } {
  if (g.kind === 'vpn')
    return {
      command: 'vpn.saveProfile',
      input: { zone: g.zone, gatewayId: g.id, gatewayName: g.name, ...(g.dir ? { dir: g.dir } : {}) },
    };
  const ref = { zone: g.zone, clusterId: g.id, clusterName: g.name };
  return g.mode === 'merge'
    ? { command: 'kubeconfig.merge', input: { ...ref, setCurrent: false } }
    : { command: 'kubeconfig.save', input: ref };
}

export function createTray(deps: TrayDeps): TrayHandle {
  let tray: Tray | null;
  try {
    tray = new Tray(trayIconFile);
  } catch (err) {
    deps.log.warn('no tray icon on this desktop; closing the window quits', { err });
    tray = null;
  }
  let zones: ZoneView[] = [];
  let shown: MenuItemConstructorOptions[] = [];
  let shownSignature = '';
  const health = new Map<string, ZoneHealth>();
  const call = (command: string, input: unknown = {}): Promise<Reply> =>
    deps.agent.invoke(command, input, trayConnection);

  const actions: TrayActions = {
    regrab: (g) => void regrab(g),
    grab: () => deps.openQuickGrab(),
    openMain: () => deps.openMain(),
    setCloseToTray: (on) => void deps.settings.set({ closeToTray: on }).then(render),
    quit: () => deps.quit(),
  };

  function render(): void {
    if (!tray || tray.isDestroyed()) return;
    const state = {
      zones,
      health,
      recent: deps.recent.list(),
      shortcut: deps.shortcut.state(),
      closeToTray: deps.settings.get().closeToTray,
    };
    const next = trayMenuTemplate(state, actions);
    // Unchanged menus are not set again: on Linux a new menu closes the one the person has open.
    const signature = JSON.stringify(next);
    if (signature === shownSignature) return;
    shown = next;
    shownSignature = signature;
    tray.setContextMenu(Menu.buildFromTemplate(shown));
  }

  async function loadZones(): Promise<void> {
    const [list, now] = await Promise.all([call('zones.list'), call('zones.health')]);
    if (list.ok && Array.isArray(list.result)) zones = list.result as ZoneView[];
    if (now.ok && Array.isArray(now.result)) for (const h of now.result as ZoneHealth[]) health.set(h.zone, h);
    render();
  }

  async function regrab(g: RecentGrab): Promise<void> {
    const { command, input } = regrabCommand(g);
    const reply = await call(command, input);
    if (!reply.ok) {
      deps.log.warn('a re-grab from the tray failed', { zone: g.zone, command, code: reply.error.code });
      notify(`Could not grab ${g.name}`, reply.error.message);
      return;
    }
    const r = reply.result as { path?: string; target?: string } | null;
    const where = r?.path ?? r?.target;
    if (where) notify(g.kind === 'vpn' ? 'VPN profile saved' : 'Kubeconfig written', where);
  }

  if (tray) {
    tray.setToolTip('Zonedeck');
    // Windows opens an app from a left click on its tray icon; macOS and Linux show the menu.
    if (process.platform === 'win32') tray.on('click', () => deps.openMain());
  }
  const offRecent = deps.recent.onChange(render);
  const offEvents = deps.agent.onEvent((name, payload) => {
    if (name === 'zones.changed' || name === 'session.changed') void loadZones();
    if (name === 'zones.health' && Array.isArray(payload)) {
      for (const h of payload as ZoneHealth[]) health.set(h.zone, h);
      render();
    }
  });
  render();
  void loadZones();

  return {
    render,
    alive: () => tray !== null && !tray.isDestroyed(),
    labels: () =>
      shown.flatMap((i) =>
        Array.isArray(i.submenu) ? i.submenu.map((sub) => `${i.label} › ${sub.label}`) : i.label ? [i.label] : [],
      ),
    destroy() {
      offRecent();
      offEvents();
      tray?.destroy();
      tray = null;
    },
  };
}
