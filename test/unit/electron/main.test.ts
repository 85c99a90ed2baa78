/**
 * The host's wiring (main.ts), loaded against a fake Electron and a fake agent: the sandbox is on
 * before 'ready', every webContents is hardened, the session is hardened before the window opens,
 * and the window's page reaches the agent through the checked IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_CODES } from '../../../src-main/contract/errors';
import { bootMain } from './boot-main';

let dir: string;
beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  dir = mkdtempSync(join(tmpdir(), 'zd-main-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const boot = (opts: Parameters<typeof bootMain>[1] = {}) => bootMain(dir, opts);

describe('main (the Electron host)', () => {
  it('turns the sandbox on before ready and hardens every webContents it creates', async () => {
    const { electron } = await boot();
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));
    expect(electron.app.enableSandbox).toHaveBeenCalled();
    expect(electron.app.enableSandbox.mock.invocationCallOrder[0]).toBeLessThan(
      electron.app.whenReady.mock.invocationCallOrder[0]!,
    );
    const wc = new electron.FakeWebContents();
    electron.app.emit('web-contents-created', {}, wc);
    expect(wc.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const nav = { url: 'https://example.com/', preventDefault: vi.fn() };
    wc.emit('will-navigate', nav);
    expect(nav.preventDefault).toHaveBeenCalled();
  });

  it('hardens the session, starts the agent, and opens one sandboxed window wired to it', async () => {
    const { electron, agent, createAgent } = await boot();
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));
    const ses = electron.session.defaultSession;
    expect(ses.headersListener).toBeTypeOf('function');
    expect(ses.permissionRequest).toBeTypeOf('function');
    expect(createAgent.mock.calls[0]![0]).toMatchObject({ dataDir: dir, host: 'electron', memorySecrets: false });

    const win = electron.BrowserWindow.all[0]!;
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    const page = win.loadURL.mock.calls[0]![0];
    const invoke = electron.ipcMain.handlers.get('zonedeck:invoke')!;
    const from = (url: string) => ({ sender: win.webContents, senderFrame: { url, parent: null } });
    expect(await invoke(...([from(page), 'app.ping', {}] as never[]))).toEqual({ ok: true, result: 'pong' });
    const foreign = (await invoke(...([from('https://evil.example/'), 'app.ping', {}] as never[]))) as {
      error: { code: string };
    };
    expect(foreign.error.code).toBe(AGENT_CODES.forbiddenSender);
    // The page's one call went through; the foreign one never reached the agent (the tray's own reads aside).
    expect(agent.invoke.mock.calls.filter((c) => (c as unknown[])[0] === 'app.ping')).toHaveLength(1);
    expect(page).toBe('zonedeck-app://app/index.html');
  });

  it("serves the page from the app's own scheme: privileged with the code cache before ready, the renderer's files only", async () => {
    const { electron } = await boot();
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));
    const [schemes] = electron.protocol.registerSchemesAsPrivileged.mock.calls[0]!;
    expect(schemes).toEqual([
      {
        scheme: 'zonedeck-app',
        privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }),
      },
    ]);
    expect(electron.protocol.registerSchemesAsPrivileged.mock.invocationCallOrder[0]).toBeLessThan(
      electron.app.whenReady.mock.invocationCallOrder[0]!,
    );
    const serve = electron.session.defaultSession.schemes.get('zonedeck-app')!;
    const root = join(import.meta.dirname, '../../../src-main/renderer');
    electron.net.fetch.mockClear();
    // The page's file is asked of net.fetch (missing in this source tree: a 404, not a throw).
    expect((await serve(new Request('zonedeck-app://app/index.html'))).status).toBe(404);
    expect(electron.net.fetch).toHaveBeenCalledWith(pathToFileURL(join(root, 'index.html')).href);
    for (const request of [
      new Request('zonedeck-app://other/index.html'),
      new Request('zonedeck-app://app/assets%2f..%2f..%2fmain%2findex.js'),
      new Request('zonedeck-app://app/index.html', { method: 'POST', body: 'x' }),
    ]) {
      expect((await serve(request)).status, `${request.method} ${request.url}`).toBe(404);
    }
    expect(electron.net.fetch).toHaveBeenCalledTimes(1);
    // A file that is there comes back with the window's policy on it (webRequest may not see the scheme).
    electron.net.fetch.mockResolvedValueOnce(
      new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    );
    const page = await serve(new Request('zonedeck-app://app/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toBe('<html></html>');
  });

  it('a second launch focuses the first window; quitting disposes the agent before exit', async () => {
    const { electron, agent } = await boot();
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));
    const win = electron.BrowserWindow.all[0]! as InstanceType<typeof electron.BrowserWindow> & { focus?: () => void };
    const focus = vi.fn();
    Object.assign(win, { isMinimized: () => false, focus });
    electron.app.emit('second-instance', {}, ['/opt/zonedeck', '--flag', 'zonedeck://zone/eu-1/clusters']);
    expect(focus).toHaveBeenCalled();
    expect(electron.BrowserWindow.all).toHaveLength(1);
    // The scheme is registered, and links from a second launch or macOS's open-url reach the agent.
    expect(electron.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('zonedeck');
    expect(agent.openLink).toHaveBeenCalledWith('zonedeck://zone/eu-1/clusters');
    const openUrl = { preventDefault: vi.fn() };
    electron.app.emit('open-url', openUrl, 'zonedeck://zone/us-1/containers/c1');
    expect(openUrl.preventDefault).toHaveBeenCalled();
    expect(agent.openLink).toHaveBeenLastCalledWith('zonedeck://zone/us-1/containers/c1');

    const quit = { preventDefault: vi.fn() };
    electron.app.emit('will-quit', quit);
    expect(quit.preventDefault).toHaveBeenCalled();
    expect(agent.dispose).toHaveBeenCalled();
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
    expect(electron.ipcMain.handlers.size).toBe(0);
  });

  it('without the single-instance lock it quits at once and opens nothing', async () => {
    const { electron, createAgent } = await boot({ lock: false });
    expect(electron.app.quit).toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 20));
    expect(createAgent).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.all).toHaveLength(0);
  });

  it('exits non-zero when the agent cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { electron } = await boot({ createAgent: async () => Promise.reject(new Error('no data dir')) });
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
    expect(electron.BrowserWindow.all).toHaveLength(0);
  });
});
