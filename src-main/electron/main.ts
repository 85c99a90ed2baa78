/**
 * The Electron host: one instance, one hardened window, the agent behind IPC. All the secrets and
 * network work happen in the agent (src-main/agent); this file only wires it to Electron.
 */
import { app, BrowserWindow, nativeTheme, shell } from 'electron';
import { createAgent } from '../agent/agent';
import type { Agent } from '../agent/agent-types';
import { createFileLogger, DEFAULT_LOG_LEVEL, type LogLevel, logLevelFromArgv } from '../agent/log';
import { keepServingOnStrayErrors } from '../agent/process-guards';
import { createSandboxRunner, sandboxScaleFromEnv } from '../sandbox/runner';
import { isAppUrl } from './app-url';
import { deliverDeepLinks, linkFromSecondInstance, registerDeepLinks } from './deep-links';
import { pickFolder, pickSavePath } from './dialogs';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { enableSandboxEverywhere, hardenSession, hardenWebContents } from './security';
import { createMainWindow, windowBackground } from './window';
import { WindowStateKeeper } from './window-state';
import { warmUndici } from '../agent/http/undici-lazy';
import { serveAgentSocket } from '../cli/socket-server';

/** `--log-level` from argv; a typo must not keep a desktop app from starting: warn and use the default. */
let levelProblem: string | undefined;
let level: LogLevel = DEFAULT_LOG_LEVEL;
try {
  level = logLevelFromArgv(process.argv);
} catch (err) {
  levelProblem = (err as Error).message;
}
// userData is known before 'ready', so even start-up failures and early window guards are logged.
const logs = createFileLogger({ dataDir: app.getPath('userData'), level });
const log = logs.log.child('electron');
if (levelProblem) log.warn(levelProblem);
// A stray bug is logged; the app, its sessions and consoles stay up (Electron would show a dialog).
keepServingOnStrayErrors(logs.log.child('process'));

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
    log: logs.log,
    openPath: (folder) => shell.openPath(folder),
    sandbox: createSandboxRunner({ scale: sandboxScaleFromEnv() }),
  });
  const ipc = registerIpc({ agent, isAppUrl, log: log.child('ipc') });
  deliverDeepLinks((url) => agent.openLink(url));
  // `zonedeck` in a terminal uses this agent (and its sign-ins) while the app runs.
  const cliSocket = await serveAgentSocket({
    agent,
    dataDir,
    openLink: (url) => {
      const taken = agent.openLink(url);
      const win = BrowserWindow.getAllWindows()[0];
      if (taken && win) {
        if (win.isMinimized()) win.restore();
        win.focus();
      }
      return taken;
    },
    log: logs.log.child('cli-socket'),
  }).catch((err: unknown) => {
    log.warn('the command line cannot reach this agent; it will run its own', { err });
    return undefined;
  });
  installMenu({ dataDir, logDir: logs.dir, log });

  const keeper = new WindowStateKeeper();
  const open = () => createMainWindow(keeper, (win) => ipc.attach(win.webContents));
  open();
  warmUndici();

  nativeTheme.on('updated', () =>
    BrowserWindow.getAllWindows().forEach((w) => w.setBackgroundColor(windowBackground())),
  );
  app.on('second-instance', (_event, argv) => {
    linkFromSecondInstance(argv);
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
    void cliSocket?.close();
    const timeout = new Promise((resolve) => setTimeout(resolve, 3000));
    const disposed = agent.dispose().catch((err: unknown) => log.warn('the agent did not stop cleanly', { err }));
    void Promise.race([disposed, timeout]).finally(() => {
      logs.close();
      app.quit();
    });
  });
}

enableSandboxEverywhere();
// Every webContents, present and future, gets the same guards.
app.on('web-contents-created', (_event, wc) => hardenWebContents(wc, log.child('security')));
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerDeepLinks();
  start().catch((err: unknown) => {
    console.error('Zonedeck could not start:', err);
    log.error('could not start', { err });
    logs.close();
    app.exit(1);
  });
}
