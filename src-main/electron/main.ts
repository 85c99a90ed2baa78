/**
 * The Electron host: one instance, one hardened window, the agent behind IPC. All the secrets and
 * network work happen in the agent (src-main/agent); this file only wires it to Electron.
 */
import { app, BrowserWindow, nativeTheme } from 'electron';
import { createAgent } from '../agent/agent';
import type { Agent } from '../agent/agent-types';
import { isAppUrl } from './app-url';
import { pickFolder, pickSavePath } from './dialogs';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { enableSandboxEverywhere, hardenSession, hardenWebContents } from './security';
import { createMainWindow, windowBackground } from './window';
import { WindowStateKeeper } from './window-state';

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession();
  // Dark or light follows the OS; the renderer reads prefers-color-scheme.
  nativeTheme.themeSource = 'system';
  const dataDir = app.getPath('userData');
  const agent: Agent = await createAgent({
    dataDir,
    host: 'electron',
    version: app.getVersion(),
    memorySecrets: process.argv.includes('--memory-secrets'),
    downloadsDir: app.getPath('downloads'),
    pickSavePath,
    pickFolder,
  });
  const ipc = registerIpc({ agent, isAppUrl });
  installMenu({ dataDir });

  const keeper = new WindowStateKeeper();
  const open = () => createMainWindow(keeper, (win) => ipc.attach(win.webContents));
  open();

  nativeTheme.on('updated', () => BrowserWindow.getAllWindows().forEach((w) => w.setBackgroundColor(windowBackground())));
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (!win) return void open();
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });

  // Close streams and sessions cleanly before exit, but never hang the quit on it.
  let stopping = false;
  app.on('will-quit', (event) => {
    if (stopping) return;
    stopping = true;
    event.preventDefault();
    ipc.dispose();
    const timeout = new Promise((resolve) => setTimeout(resolve, 3000));
    void Promise.race([agent.dispose().catch(() => undefined), timeout]).finally(() => app.quit());
  });
}

enableSandboxEverywhere();
// Every webContents, present and future, gets the same guards.
app.on('web-contents-created', (_event, wc) => hardenWebContents(wc));
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((err: unknown) => {
    console.error('Zonedeck could not start:', err);
    app.exit(1);
  });
}
