/**
 * The Electron host: one instance, one hardened window, the agent behind IPC, a tray and a global
 * quick-grab shortcut. All the secrets and network work happen in the agent (src-main/agent);
 * this file only wires it to Electron.
 */
import { app, BrowserWindow, nativeTheme, shell } from 'electron';
import { createAgent } from '../agent/agent';
import type { Agent } from '../agent/agent-types';
import { createFileLogger, DEFAULT_LOG_LEVEL, type LogLevel, logLevelFromArgv } from '../agent/log';
import { keepServingOnStrayErrors } from '../agent/process-guards';
import { createSandboxRunner, sandboxScaleFromEnv } from '../sandbox/runner';
import { isAppUrl, rendererRoot } from './app-url';
import { registerAppScheme, serveAppScheme } from './app-scheme';
import { deliverDeepLinks, linkFromSecondInstance, registerDeepLinks } from './deep-links';
import { pickFolder, pickSavePath } from './dialogs';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { enableSandboxEverywhere, hardenSession, hardenWebContents } from './security';
import { createMainWindow, windowBackground } from './window';
import { keepInTrayOnClose } from './close-to-tray';
import { desktopAgent } from './desktop-agent';
import { desktopHandlers } from './desktop-commands';
import { DesktopSettingsStore } from './desktop-settings';
import { GlobalShortcut } from './global-shortcut';
import { openQuickGrabWindow } from './quick-grab-window';
import { RecentGrabs } from './recent-grabs';
import { createTray } from './tray';
import { raiseRolloutNotices } from './rollout-notices';
import { notify } from './notify';
import { noticeHandler } from './desktop-notices';
import type { AppSettings } from '../contract/settings';
import type { Connection } from '../agent/agent-types';
import { WindowStateKeeper } from './window-state';
import { warmUndici } from '../agent/http/undici-lazy';
import { serveAgentSocket } from '../cli/socket-server';
import { savedChoice } from '../agent/settings/saved-choice';
import { probeExpose } from '../contract/test-probe';

/** `--log-level` from argv; a typo must not keep a desktop app from starting: warn and use the default. */
let levelProblem: string | undefined;
let level: LogLevel = DEFAULT_LOG_LEVEL;
try {
  // --log-level wins over the level saved in Settings.
  const given = process.argv.some((a) => a === '--log-level' || a.startsWith('--log-level='));
  level = given ? logLevelFromArgv(process.argv) : savedChoice(app.getPath('userData'), 'logLevel');
} catch (err) {
  levelProblem = (err as Error).message;
}
// userData is known before 'ready', so even start-up failures and early window guards are logged.
const logs = createFileLogger({ dataDir: app.getPath('userData'), level });
const log = logs.log.child('electron');
if (levelProblem) log.warn(levelProblem);
// A stray bug is logged; the app, its sessions and consoles stay up (Electron would show a dialog).
keepServingOnStrayErrors(logs.log.child('process'));

/** The host's own reads of the agent (the notification switches): it opens no streams. */
const hostConnection: Connection = { id: 'host', sendStream: () => undefined, bufferedAmount: () => 0 };

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession();
  serveAppScheme(rendererRoot);
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
  const desktopLog = log.child('desktop');
  const recent = new RecentGrabs(dataDir, desktopLog);
  const settings = new DesktopSettingsStore(dataDir, desktopLog);
  const shortcut = new GlobalShortcut(() => openQuickGrab(), desktopLog);
  // The window's notifications, held against the per-zone switches the agent keeps.
  const notices = noticeHandler({
    settings: async () => {
      const r = await agent.invoke('settings.get', {}, hostConnection);
      return r.ok ? (r.result as AppSettings) : null;
    },
    showMain: () => showMain(),
    openLink: (url) => void agent.openLink(url),
  });
  const hosted = desktopAgent(
    agent,
    recent,
    desktopHandlers({ settings, shortcut, recent, changed: () => tray.render(), notify: notices }),
  );
  const ipc = registerIpc({ agent: hosted, isAppUrl, log: log.child('ipc') });
  deliverDeepLinks((url) => agent.openLink(url));
  // `zonedeck` in a terminal uses this agent (and its sign-ins) while the app runs.
  const cliSocket = await serveAgentSocket({
    // The wrapped agent: a grab from the terminal lands in the tray's recent grabs too.
    agent: hosted,
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
  let main: BrowserWindow | null = null;
  // The first time the window goes to the tray in a run, say where Zonedeck went.
  let told = false;
  const toldOnce = () => {
    if (told) return;
    told = true;
    notify('Zonedeck is still running', 'It is in the tray; Quit in its menu ends it.');
  };
  const open = () => {
    const win = createMainWindow(keeper, (w) => ipc.attach(w.webContents));
    keepInTrayOnClose(win, () => settings.get().closeToTray && tray.alive(), toldOnce);
    win.once('closed', () => {
      if (main === win) main = null;
    });
    main = win;
  };
  /** The main window to the front: shown again from the tray, restored, or opened anew. */
  const showMain = () => {
    if (!main || main.isDestroyed()) return void open();
    if (main.isMinimized()) main.restore();
    main.show();
    main.focus();
  };
  const openQuickGrab = () => openQuickGrabWindow((w) => ipc.attach(w.webContents));
  open();
  // Its callers above run only after start-up, once it exists.
  const tray = createTray({
    agent: hosted,
    recent,
    settings,
    shortcut,
    openMain: showMain,
    openQuickGrab,
    quit: () => app.quit(),
    log: desktopLog,
  });
  shortcut.start(settings.get().shortcut);
  tray.render();
  raiseRolloutNotices(hosted, showMain);
  // Electron cannot list trays: the real-app test (test/e2e/electron-app.test.ts) reads this one's
  // labels through Playwright's evaluate in the main process (a probe build only).
  probeExpose('zonedeckTrayLabels', () => tray.labels());
  warmUndici();

  nativeTheme.on('updated', () =>
    BrowserWindow.getAllWindows().forEach((w) => w.setBackgroundColor(windowBackground())),
  );
  app.on('second-instance', (_event, argv) => {
    linkFromSecondInstance(argv);
    showMain();
  });
  // macOS: a click on the Dock icon brings the window back, from the tray too.
  app.on('activate', showMain);

  // Close streams and sessions cleanly before exit, but never hang the quit on it.
  let stopping = false;
  app.on('will-quit', (event) => {
    if (stopping) return;
    stopping = true;
    event.preventDefault();
    ipc.dispose();
    void cliSocket?.close();
    shortcut.stop();
    tray.destroy();
    const timeout = new Promise((resolve) => setTimeout(resolve, 3000));
    const disposed = agent.dispose().catch((err: unknown) => log.warn('the agent did not stop cleanly', { err }));
    void Promise.race([disposed, timeout]).finally(() => {
      logs.close();
      app.quit();
    });
  });
}

enableSandboxEverywhere();
registerAppScheme();
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
