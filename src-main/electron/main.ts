/**
 * The Electron host: one instance, one hardened window, the agent behind IPC. All the secrets and
 * network work happen in the agent (src-main/agent); this file only wires it to Electron.
 */
import { app, BrowserWindow, nativeTheme } from 'electron';
import { createAgent } from '../agent/agent';
import type { Agent } from '../agent/agent-types';
import { createSandboxRunner, sandboxScaleFromEnv } from '../sandbox/runner';
import { isAppUrl, preloadFile, rendererUrl } from './app-url';
import { pickFolder, pickSavePath } from './dialogs';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { enableSandboxEverywhere, hardenSession, hardenWebContents } from './security';
import { WindowStateKeeper } from './window-state';

const background = () => (nativeTheme.shouldUseDarkColors ? '#18181c' : '#ffffff');

function createWindow(keeper: WindowStateKeeper, attach: (win: BrowserWindow) => void): BrowserWindow {
  const { bounds, maximized } = keeper.initial();
  const win = new BrowserWindow({
    ...bounds,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Zonedeck',
    backgroundColor: background(),
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  });
  keeper.track(win);
  attach(win);
  win.once('ready-to-show', () => {
    if (maximized) win.maximize();
    win.show();
  });
  void win.loadURL(rendererUrl());
  return win;
}

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
    sandbox: createSandboxRunner({ scale: sandboxScaleFromEnv() }),
  });
  const ipc = registerIpc({ agent, isAppUrl });
  installMenu({ dataDir });

  const keeper = new WindowStateKeeper();
  const open = () => createWindow(keeper, (win) => ipc.attach(win.webContents));
  open();

  nativeTheme.on('updated', () => BrowserWindow.getAllWindows().forEach((w) => w.setBackgroundColor(background())));
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
