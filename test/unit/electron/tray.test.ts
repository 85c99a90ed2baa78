/**
 * The tray (tray.ts, tray-menu.ts) against the fake Electron: its menu lists recent grabs per zone,
 * the zones with their health, Grab…, Open Zonedeck and Quit; a recent grab's click runs the
 * agent's own command and is remembered again; health events redraw it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../../src-main/agent/agent-types';
import { silentLogger } from '../../../src-main/agent/log';
import type { ZoneHealth, ZoneView } from '../../../src-main/contract/commands';
import type { RecentGrab } from '../../../src-main/contract/desktop';
import type { Reply } from '../../../src-main/contract/protocol';
import { desktopAgent } from '../../../src-main/electron/desktop-agent';
import { desktopHandlers } from '../../../src-main/electron/desktop-commands';
import { DesktopSettingsStore } from '../../../src-main/electron/desktop-settings';
import { GlobalShortcut } from '../../../src-main/electron/global-shortcut';
import { RecentGrabs } from '../../../src-main/electron/recent-grabs';
import { createTray } from '../../../src-main/electron/tray';
import { globalShortcut, Notification, Tray } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

type Item = {
  label?: string;
  type?: string;
  enabled?: boolean;
  checked?: boolean;
  submenu?: Item[];
  click?: () => void;
};

/** desktop.notify is not the tray's: tested in notifications.test.ts. */
const noNotices = async () => ({ ok: true as const, result: { shown: false } });
const zone = (id: string, state: 'signed_in' | 'signed_out'): ZoneView =>
  ({
    id,
    name: id,
    baseUrl: `https://${id}.example`,
    color: '#888',
    sandbox: false,
    protected: false,
    session: { state },
  }) as ZoneView;
const health = (zoneId: string, state: ZoneHealth['state'], latencyMs: number | null): ZoneHealth => ({
  zone: zoneId,
  state,
  latencyMs,
  lastError: null,
  lastErrorAt: null,
  lastOkAt: null,
  downSince: null,
  nextProbeAt: null,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-tray-'));
  Tray.all = [];
  Notification.shown = [];
  globalShortcut.registered.clear();
  globalShortcut.taken.clear();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A tray over a scripted agent with zones eu-1 (answering) and us-1 (signed out), wrapped as main.ts wraps it. */
function setup(grabs: RecentGrab[] = []) {
  const recent = new RecentGrabs(dir, silentLogger);
  for (const g of [...grabs].reverse()) void recent.add(g);
  const settings = new DesktopSettingsStore(dir, silentLogger, 'linux');
  const listeners = new Set<(name: string, payload: unknown) => void>();
  const invoke = vi.fn(async (command: string, input: unknown): Promise<Reply> => {
    switch (command) {
      case 'zones.list':
        return { ok: true, result: [zone('eu-1', 'signed_in'), zone('us-1', 'signed_out')] };
      case 'zones.health':
        return { ok: true, result: [health('eu-1', 'reachable', 42.4)] };
      case 'kubeconfig.save': {
        const { zone: z, clusterName } = input as { zone: string; clusterName: string };
        const name = `${z}-${clusterName}`;
        return {
          ok: true,
          result: {
            path: `/home/me/.kube/zonedeck/${name}.yaml`,
            bytes: 10,
            name,
            exportCommand: '',
            kubectlCommand: '',
          },
        };
      }
      case 'vpn.saveProfile':
        return { ok: false, error: { status: 503, code: 'zone_unreachable', message: 'eu-1 is not answering.' } };
      default:
        return { ok: false, error: { status: 0, code: 'unknown_command', message: command } };
    }
  });
  const inner = {
    invoke,
    streamInput: vi.fn(),
    disconnect: vi.fn(),
    onEvent: (l: (name: string, payload: unknown) => void) => (listeners.add(l), () => listeners.delete(l)),
    openLink: vi.fn(() => true),
    dispose: vi.fn(async () => undefined),
  } as unknown as Agent;
  const openMain = vi.fn();
  const openQuickGrab = vi.fn();
  const quit = vi.fn();
  const shortcut = new GlobalShortcut(openQuickGrab, silentLogger);
  const handle = { render: () => undefined as void };
  const agent = desktopAgent(
    inner,
    recent,
    desktopHandlers({ settings, shortcut, recent, changed: () => handle.render(), notify: noNotices }),
  );
  const tray = createTray({ agent, recent, settings, shortcut, openMain, openQuickGrab, quit, log: silentLogger });
  handle.render = tray.render;
  const menu = () => Tray.all[0]!.menu!.template as Item[];
  const item = (label: string) => {
    const found = menu().find((i) => i.label === label || i.label?.startsWith(label));
    if (!found)
      throw new Error(
        `no tray item ${label}: ${menu()
          .map((i) => i.label)
          .join(' | ')}`,
      );
    return found;
  };
  const emit = (name: string, payload: unknown) => listeners.forEach((l) => l(name, payload));
  return { tray, recent, settings, shortcut, invoke, openMain, openQuickGrab, quit, menu, item, emit };
}

const grab = (over: Partial<RecentGrab>): RecentGrab => ({
  kind: 'kubeconfig',
  zone: 'eu-1',
  id: 'c1',
  name: 'prod',
  mode: 'save',
  path: '/home/me/.kube/zonedeck/eu-1-prod.yaml',
  at: 1_000,
  ...over,
});

describe('the tray menu', () => {
  it('lists recent grabs per zone, the zones with their health, Grab…, Open Zonedeck and Quit', async () => {
    const t = setup([
      grab({}),
      grab({
        kind: 'vpn',
        id: 'g1',
        name: 'office',
        mode: undefined,
        dir: '/home/me/Downloads',
        path: '/home/me/Downloads/eu-1-office.conf',
        at: 900,
      }),
      grab({ zone: 'gone-zone', at: 800 }),
    ]);
    await vi.waitFor(() => expect(t.item('eu-1 —').label).toBe('eu-1 — answering'));
    expect(Tray.all).toHaveLength(1);
    expect(Tray.all[0]!.toolTip).toBe('Zonedeck');
    const labels = t.menu().map((i) => i.label ?? i.type);
    expect(labels).toEqual([
      'Recent grabs',
      'eu-1',
      'separator',
      'Zones',
      'eu-1 — answering',
      'us-1 — signed out',
      'separator',
      'Grab…',
      'Open Zonedeck',
      'Keep running in the tray when the window closes',
      'separator',
      'Quit',
    ]);
    // A zone removed since is not offered: there is nothing left to grab from.
    expect(t.item('eu-1').submenu!.map((i) => i.label)).toEqual(['Kubeconfig prod', 'VPN profile office']);
    expect(t.tray.labels()).toContain('eu-1 › VPN profile office');

    t.item('Grab…').click!();
    expect(t.openQuickGrab).toHaveBeenCalledTimes(1);
    t.item('Open Zonedeck').click!();
    t.item('us-1 —').click!();
    expect(t.openMain).toHaveBeenCalledTimes(2);
    t.item('Quit').click!();
    expect(t.quit).toHaveBeenCalledTimes(1);
  });

  it('one click re-grabs through the agent’s own command, says where the file went, and moves it to the top', async () => {
    const t = setup([grab({ name: 'staging', id: 'c2', at: 2_000 }), grab({})]);
    await vi.waitFor(() => expect(t.item('eu-1').submenu).toHaveLength(2));
    const prod = t.item('eu-1').submenu!.find((i) => i.label === 'Kubeconfig prod')!;
    prod.click!();
    await vi.waitFor(() => expect(Notification.shown).toHaveLength(1));
    expect(t.invoke).toHaveBeenCalledWith(
      'kubeconfig.save',
      { zone: 'eu-1', clusterId: 'c1', clusterName: 'prod' },
      expect.anything(),
    );
    expect(Notification.shown[0]).toEqual({
      title: 'Kubeconfig written',
      body: '/home/me/.kube/zonedeck/eu-1-prod.yaml',
    });
    // Remembered again by the desktop agent, so it is the newest now, in the menu and on disk.
    await vi.waitFor(() =>
      expect(t.item('eu-1').submenu!.map((i) => i.label)).toEqual(['Kubeconfig prod', 'Kubeconfig staging']),
    );
    await vi.waitFor(() => {
      const onDisk = JSON.parse(readFileSync(join(dir, 'recent-grabs.json'), 'utf8')) as RecentGrab[];
      expect(onDisk.map((g) => g.name)).toEqual(['prod', 'staging']);
    });
  });

  it('a VPN re-grab goes to the same folder; a failure is told in words and remembers nothing', async () => {
    const t = setup([
      grab({
        kind: 'vpn',
        id: 'g1',
        name: 'office',
        mode: undefined,
        dir: '/srv/vpn',
        path: '/srv/vpn/eu-1-office.conf',
      }),
    ]);
    await vi.waitFor(() => expect(t.item('eu-1').submenu).toHaveLength(1));
    t.item('eu-1').submenu![0]!.click!();
    await vi.waitFor(() => expect(Notification.shown).toHaveLength(1));
    expect(t.invoke).toHaveBeenCalledWith(
      'vpn.saveProfile',
      { zone: 'eu-1', gatewayId: 'g1', gatewayName: 'office', dir: '/srv/vpn' },
      expect.anything(),
    );
    expect(Notification.shown[0]).toEqual({ title: 'Could not grab office', body: 'eu-1 is not answering.' });
    expect(t.recent.list()[0]!.at).toBe(1_000);
  });

  it('follows the agent: health events redraw a zone, zone and session changes reload the list', async () => {
    const t = setup();
    await vi.waitFor(() => expect(t.item('eu-1 —').label).toBe('eu-1 — answering'));
    expect(t.item('No recent grabs').enabled).toBe(false);
    const menuBefore = Tray.all[0]!.menu;
    t.emit('zones.health', [health('eu-1', 'reachable', 55)]);
    expect(Tray.all[0]!.menu).toBe(menuBefore); // same words: the open menu is left alone
    t.emit('zones.health', [health('eu-1', 'reachable', 1500)]);
    expect(t.item('eu-1 —').label).toBe('eu-1 — answering slowly');
    t.emit('zones.health', [health('eu-1', 'unreachable', null)]);
    expect(t.item('eu-1 —').label).toBe('eu-1 — not answering');
    const reads = t.invoke.mock.calls.filter((c) => c[0] === 'zones.list').length;
    t.emit('session.changed', { zone: 'us-1' });
    await vi.waitFor(() => expect(t.invoke.mock.calls.filter((c) => c[0] === 'zones.list')).toHaveLength(reads + 1));
  });

  it('a grab made anywhere through the desktop agent (a screen, the palette) appears in the tray', async () => {
    const t = setup();
    await vi.waitFor(() => expect(t.item('eu-1 —')).toBeTruthy());
    const conn = { id: 'page', sendStream: () => undefined, bufferedAmount: () => 0 };
    const agent = desktopAgent(
      { invoke: t.invoke, onEvent: () => () => undefined } as unknown as Agent,
      t.recent,
      desktopHandlers({
        settings: t.settings,
        shortcut: t.shortcut,
        recent: t.recent,
        changed: () => undefined,
        notify: noNotices,
      }),
    );
    await agent.invoke('kubeconfig.save', { zone: 'eu-1', clusterId: 'c9', clusterName: 'edge' }, conn);
    await vi.waitFor(() => expect(t.item('eu-1').submenu!.map((i) => i.label)).toEqual(['Kubeconfig edge']));
    expect((await agent.invoke('desktop.recentGrabs', {}, conn)) as Reply<RecentGrab[]>).toMatchObject({
      ok: true,
      result: [{ kind: 'kubeconfig', zone: 'eu-1', id: 'c9', name: 'edge', mode: 'save' }],
    });
  });

  it('a grab whose reply it cannot read is passed on untouched and not remembered', async () => {
    const t = setup();
    const conn = { id: 'page', sendStream: () => undefined, bufferedAmount: () => 0 };
    const odd: Reply = { ok: true, result: { written: true } };
    const agent = desktopAgent(
      { invoke: async () => odd } as unknown as Agent,
      t.recent,
      desktopHandlers({
        settings: t.settings,
        shortcut: t.shortcut,
        recent: t.recent,
        changed: () => undefined,
        notify: noNotices,
      }),
    );
    expect(await agent.invoke('kubeconfig.merge', { zone: 'eu-1', clusterId: 'c8' }, conn)).toBe(odd);
    expect(t.recent.list()).toEqual([]);
  });

  it('its close-to-tray switch saves the setting', async () => {
    const t = setup();
    expect(t.item('Keep running').checked).toBe(false); // Linux default
    t.item('Keep running').click!();
    await vi.waitFor(() => expect(t.item('Keep running').checked).toBe(true));
    expect(JSON.parse(readFileSync(join(dir, 'desktop-settings.json'), 'utf8'))).toMatchObject({ closeToTray: true });
  });

  it('a desktop without a tray is reported, not fatal', () => {
    Tray.failNext = true;
    const t = setup();
    expect(t.tray.alive()).toBe(false);
    expect(Tray.all).toHaveLength(0);
    t.tray.render();
  });
});
