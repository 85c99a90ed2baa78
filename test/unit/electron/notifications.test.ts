/**
 * Native notifications through the host (main.ts against the fake Electron and a scripted agent):
 * `desktop.notify` from the window raises one only when the person's switch for that kind in that
 * zone is on (the agent's settings), refuses a link out of its zone, and a click brings the main
 * window back and hands the deep link to the agent, as a link from the OS is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../../src-main/contract/protocol';
import { type AppSettings, DEFAULT_SETTINGS } from '../../../src-main/contract/settings';
import { bootMain } from './boot-main';

let dir: string;
beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  dir = mkdtempSync(join(tmpdir(), 'zd-notify-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function start(notifications: AppSettings['notifications']) {
  const settings: AppSettings = { ...DEFAULT_SETTINGS, notifications };
  const booted = await bootMain(dir, {
    invoke: async (command) =>
      command === 'settings.get' ? { ok: true, result: settings } : { ok: true, result: null },
  });
  const { electron } = booted;
  await vi.waitFor(() => expect(electron.Tray.all).toHaveLength(1));
  electron.Notification.shown = [];
  electron.Notification.live = [];
  const main = electron.BrowserWindow.all[0]!;
  const invoke = electron.ipcMain.handlers.get('zonedeck:invoke')!;
  const call = async (command: string, input: unknown) =>
    (await invoke(
      ...([
        { sender: main.webContents, senderFrame: { url: main.loadURL.mock.calls[0]![0], parent: null } },
        command,
        input,
      ] as never[]),
    )) as Reply;
  return { ...booted, main, call, settings };
}

const gate = (zone: string, over: Record<string, unknown> = {}) => ({
  zone,
  kind: 'gate',
  title: 'Run waiting for approval',
  body: `triage in ${zone}: Send this classification?`,
  link: `zonedeck://zone/${zone}/workflows/wf-1/runs/run-1`,
  ...over,
});

describe('native notifications', () => {
  it('are raised only where the switch for that kind and zone is on', async () => {
    const { electron, call } = await start({ 'eu-1': ['gate', 'health'], 'us-1': ['run'] });
    expect(await call('desktop.notify', gate('eu-1'))).toEqual({ ok: true, result: { shown: true } });
    expect(electron.Notification.shown).toEqual([
      { title: 'Run waiting for approval', body: 'triage in eu-1: Send this classification?' },
    ]);
    // The same kind in another zone, another kind in this zone, a zone with nothing on: off.
    for (const input of [gate('us-1'), gate('eu-1', { kind: 'deploy' }), gate('ap-1')])
      expect(await call('desktop.notify', input)).toEqual({ ok: true, result: { shown: false, reason: 'off' } });
    expect(await call('desktop.notify', gate('us-1', { kind: 'run', title: 'Run failed' }))).toMatchObject({
      result: { shown: true },
    });
    expect(electron.Notification.shown.map((n) => n.title)).toEqual(['Run waiting for approval', 'Run failed']);
  });

  it('a click brings the main window to the front and opens the item through the deep-link route', async () => {
    const { electron, agent, main, call } = await start({ 'eu-1': ['gate'] });
    await call('desktop.notify', gate('eu-1'));
    main.minimized = true;
    expect(agent.openLink).not.toHaveBeenCalled();
    electron.Notification.live[0]!.click();
    expect(main.restore).toHaveBeenCalled();
    expect(main.show).toHaveBeenCalled();
    expect(main.focus).toHaveBeenCalled();
    expect(agent.openLink).toHaveBeenCalledWith('zonedeck://zone/eu-1/workflows/wf-1/runs/run-1');
  });

  it('a click after the window was closed opens a new one, which takes the link', async () => {
    const { electron, agent, main, call } = await start({ 'eu-1': ['health'] });
    await call('desktop.notify', gate('eu-1', { kind: 'health', link: 'zonedeck://zone/eu-1/compute' }));
    main.close();
    expect(electron.BrowserWindow.all).toHaveLength(0);
    electron.Notification.live[0]!.click();
    expect(electron.BrowserWindow.all).toHaveLength(1);
    expect(agent.openLink).toHaveBeenCalledWith('zonedeck://zone/eu-1/compute');
  });

  it('refuses a link out of its zone or not a Zonedeck link, and a notice of an unknown kind', async () => {
    const { electron, call } = await start({ 'eu-1': ['gate'] });
    for (const bad of [
      gate('eu-1', { link: 'zonedeck://zone/us-1/workflows/wf-1' }),
      gate('eu-1', { link: 'https://example.com/zone/eu-1/workflows' }),
      gate('eu-1', { link: 'zonedeck://zone/eu-1/a%2F..%2Fb' }),
      gate('eu-1', { kind: 'everything' }),
      gate('eu-1', { title: '' }),
      { ...gate('eu-1'), extra: 1 },
    ])
      expect(await call('desktop.notify', bad), JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    expect(electron.Notification.shown).toEqual([]);
  });

  it('says so when the desktop has no notifications', async () => {
    const { electron, call } = await start({ 'eu-1': ['gate'] });
    electron.Notification.isSupported = () => false;
    expect(await call('desktop.notify', gate('eu-1'))).toEqual({
      ok: true,
      result: { shown: false, reason: 'unsupported' },
    });
  });
});
