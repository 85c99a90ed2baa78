/**
 * The main window: its hardened webPreferences in one place, so a test can read them and the
 * host cannot open a window any other way.
 */
import { BrowserWindow, nativeTheme } from 'electron';
import { iconFile, preloadFile, rendererUrl } from './app-url';
import type { WindowStateKeeper } from './window-state';
import { askOnPreventedUnload } from './dialogs';

/** Every window of ours gets exactly these (the main window and the quick-grab window). */
export function hardenedWebPreferences(): Electron.WebPreferences {
  return {
    preload: preloadFile,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
  };
}

export const windowBackground = (): string => (nativeTheme.shouldUseDarkColors ? '#18181c' : '#ffffff');

/** Opens our page in a new window; `attach` lets the IPC adapter trust it before the page loads. */
export function createMainWindow(keeper: WindowStateKeeper, attach: (win: BrowserWindow) => void): BrowserWindow {
  const { bounds, maximized } = keeper.initial();
  const win = new BrowserWindow({
    ...bounds,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Zonedeck',
    icon: iconFile,
    backgroundColor: windowBackground(),
    webPreferences: hardenedWebPreferences(),
  });
  keeper.track(win);
  askOnPreventedUnload(win);
  attach(win);
  win.once('ready-to-show', () => {
    if (maximized) win.maximize();
    win.show();
  });
  void win.loadURL(rendererUrl());
  return win;
}
