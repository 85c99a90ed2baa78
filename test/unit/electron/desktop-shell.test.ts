/**
 * The host's desktop wiring (main.ts) against the fake Electron: the global shortcut (registered
 * at start, a clash turns it off and says so, a change, a change that clashes), the quick-grab
 * window it opens (same webPreferences as the main window, #quick-grab on our URL, trusted by the
 * IPC), and close to tray (hides instead of closing when on, never on quit).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopSettingsView } from '../../../src-main/contract/desktop';
import type { Reply } from '../../../src-main/contract/protocol';
import { bootMain } from './boot-main';

type Item = { label?: string; accelerator?: string; click?: () => void };

let dir: string;
beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  dir = mkdtempSync(join(tmpdir(), 'zd-desktop-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function start(opts: { taken?: string[]; settings?: unknown } = {}) {
  if (opts.settings !== undefined) writeFileSync(join(dir, 'desktop-settings.json'), JSON.stringify(opts.settings));
  // A fresh fake module, prepared before main.ts registers its shortcut.
  vi.resetModules();
  const fresh = await import('./fake-electron');
  for (const a of opts.taken ?? []) fresh.globalShortcut.taken.add(a);
  const booted = await bootMain(dir, { electronModule: fresh });
  const { electron } = booted;
  await vi.waitFor(() => expect(electron.Tray.all).toHaveLength(1));
  const main = electron.BrowserWindow.all[0]!;
  const invoke = electron.ipcMain.handlers.get('zonedeck:invoke')!;
  /** A desktop.* command from a window's page, through the checked IPC as the renderer sends it. */
  const call = async (win: typeof main, command: string, input: unknown) =>
    (await invoke(
      ...([
        { sender: win.webContents, senderFrame: { url: win.loadURL.mock.calls[0]![0], parent: null } },
        command,
        input,
      ] as never[]),
    )) as Reply;
  const trayItems = () => electron.Tray.all[0]!.menu!.template as Item[];
  return { ...booted, main, call, trayItems };
}

const DEFAULT = 'CommandOrControl+Shift+K';

describe('the global quick-grab shortcut', () => {
  it('is registered at start; pressing it opens one always-on-top quick-grab window as hardened as the main one', async () => {
    const { electron, main, call } = await start();
    expect(electron.globalShortcut.registered.has(DEFAULT)).toBe(true);
    electron.globalShortcut.press(DEFAULT);
    expect(electron.BrowserWindow.all).toHaveLength(2);
    const quick = electron.BrowserWindow.all[1]!;
    expect(quick.options).toMatchObject({ alwaysOnTop: true, skipTaskbar: true, show: false });
    expect(quick.options.webPreferences).toEqual(main.options.webPreferences);
    expect(quick.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    const url = quick.loadURL.mock.calls[0]![0];
    expect(url).toBe(`${main.loadURL.mock.calls[0]![0]}#quick-grab`);
    // Its page is ours: the IPC takes its calls like the main window's.
    expect(await call(quick, 'desktop.settings', {})).toMatchObject({ ok: true });
    quick.emit('ready-to-show');
    expect(quick.show).toHaveBeenCalled();

    // Pressed again: the same window comes to the front.
    electron.globalShortcut.press(DEFAULT);
    expect(electron.BrowserWindow.all).toHaveLength(2);
    expect(quick.focus).toHaveBeenCalled();
    // The tray's Grab… opens it too, and shows the shortcut beside it.
    const grab = electron.Tray.all[0]!.menu!.template.find((i) => i.label === 'Grab…') as Item;
    expect(grab.accelerator).toBe(DEFAULT);
  });

  it('when another application holds it: off, and said so in the tray, desktop.settings and the log', async () => {
    const { electron, main, call, trayItems } = await start({ taken: [DEFAULT] });
    expect(electron.globalShortcut.registered.size).toBe(0);
    const view = (await call(main, 'desktop.settings', {})) as Reply<DesktopSettingsView>;
    expect(view).toEqual({
      ok: true,
      result: {
        closeToTray: false,
        shortcut: DEFAULT,
        shortcutActive: false,
        shortcutProblem: 'Ctrl+Shift+K is taken by another application',
      },
    });
    expect(trayItems().map((i) => i.label)).toContain('Shortcut off: Ctrl+Shift+K is taken by another application');
    expect((trayItems().find((i) => i.label === 'Grab…') as Item).accelerator).toBeUndefined();
    await vi.waitFor(() => {
      const logged = readFileSync(join(dir, 'logs', 'zonedeck.log'), 'utf8');
      expect(logged).toContain('the global shortcut is off');
    });
  });

  it('a change registers the new one and frees the old; a change to a taken one is refused and the old one stays', async () => {
    const { electron, main, call, trayItems } = await start({ taken: ['Alt+Shift+G'] });
    const changed = (await call(main, 'desktop.updateSettings', {
      shortcut: 'Alt+Shift+Space',
    })) as Reply<DesktopSettingsView>;
    expect(changed).toMatchObject({ ok: true, result: { shortcut: 'Alt+Shift+Space', shortcutActive: true } });
    expect([...electron.globalShortcut.registered.keys()]).toEqual(['Alt+Shift+Space']);
    expect((trayItems().find((i) => i.label === 'Grab…') as Item).accelerator).toBe('Alt+Shift+Space');
    await vi.waitFor(() =>
      expect(JSON.parse(readFileSync(join(dir, 'desktop-settings.json'), 'utf8'))).toMatchObject({
        shortcut: 'Alt+Shift+Space',
      }),
    );

    const clash = await call(main, 'desktop.updateSettings', { shortcut: 'Alt+Shift+G' });
    expect(clash).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Alt+Shift+G is taken by another application; the shortcut was not changed.',
      },
    });
    expect([...electron.globalShortcut.registered.keys()]).toEqual(['Alt+Shift+Space']);
    expect(JSON.parse(readFileSync(join(dir, 'desktop-settings.json'), 'utf8'))).toMatchObject({
      shortcut: 'Alt+Shift+Space',
    });

    expect(await call(main, 'desktop.updateSettings', { shortcut: 'K' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const off = await call(main, 'desktop.updateSettings', { shortcut: null });
    expect(off).toMatchObject({ ok: true, result: { shortcut: null, shortcutActive: false, shortcutProblem: null } });
    expect(electron.globalShortcut.registered.size).toBe(0);
    expect(await call(main, 'desktop.nonsense', {})).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
  });

  it('is let go when the app quits', async () => {
    const { electron } = await start();
    electron.app.emit('will-quit', { preventDefault: vi.fn() });
    expect(electron.globalShortcut.registered.size).toBe(0);
    expect(electron.Tray.all[0]!.destroyed).toBe(true);
  });
});

describe('close to tray', () => {
  it('off (the Linux default): closing the main window closes it', async () => {
    const { electron, main } = await start();
    main.close();
    expect(main.isDestroyed()).toBe(true);
    expect(electron.BrowserWindow.all).toHaveLength(0);
  });

  it('on: closing hides the window and the tray brings it back; quitting still closes it', async () => {
    const { electron, main } = await start({ settings: { closeToTray: true, shortcut: DEFAULT } });
    main.close();
    expect(main.isDestroyed()).toBe(false);
    expect(main.hide).toHaveBeenCalled();
    main.close();
    // Said once per run, not at every close.
    expect(electron.Notification.shown).toEqual([
      { title: 'Zonedeck is still running', body: 'It is in the tray; Quit in its menu ends it.' },
    ]);
    const open = electron.Tray.all[0]!.menu!.template.find((i) => i.label === 'Open Zonedeck') as Item;
    open.click!();
    expect(main.show).toHaveBeenCalled();
    expect(electron.BrowserWindow.all).toHaveLength(1);

    electron.app.emit('before-quit');
    main.close();
    expect(main.isDestroyed()).toBe(true);
  });

  it('on, when Windows logs off: the window closes', async () => {
    const { main } = await start({ settings: { closeToTray: true } });
    main.emit('session-end');
    main.close();
    expect(main.isDestroyed()).toBe(true);
  });

  it('on, but with no tray to come back from: the window closes', async () => {
    vi.resetModules();
    const fresh = await import('./fake-electron');
    fresh.Tray.failNext = true;
    writeFileSync(join(dir, 'desktop-settings.json'), JSON.stringify({ closeToTray: true }));
    const { electron } = await bootMain(dir, { electronModule: fresh });
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));
    const main = electron.BrowserWindow.all[0]!;
    await new Promise((r) => setTimeout(r, 10));
    main.close();
    expect(main.isDestroyed()).toBe(true);
  });

  it('the setting changes from the renderer and is kept 0600', async () => {
    const { main, call } = await start();
    expect(await call(main, 'desktop.updateSettings', { closeToTray: true })).toMatchObject({
      ok: true,
      result: { closeToTray: true },
    });
    await vi.waitFor(() => expect(statSync(join(dir, 'desktop-settings.json')).mode & 0o777).toBe(0o600));
    main.close();
    expect(main.isDestroyed()).toBe(false);
    expect(await call(main, 'desktop.updateSettings', { closeToTray: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
