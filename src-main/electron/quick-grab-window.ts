/**
 * The quick-grab window the global shortcut opens: small, always on top, our page with
 * QUICK_GRAB_MARKER on its URL so the renderer shows the palette alone. Same webPreferences as the
 * main window (window.ts) and the same guards (security.ts, applied to every webContents). One at
 * a time: the shortcut pressed again brings it back to the front.
 */
import { BrowserWindow } from 'electron';
import { QUICK_GRAB_MARKER } from '../contract/desktop';
import { iconFile, rendererUrl } from './app-url';
import { hardenedWebPreferences, windowBackground } from './window';

let open: BrowserWindow | null = null;

export function quickGrabUrl(): string {
  return rendererUrl().replace(/#.*$/, '') + QUICK_GRAB_MARKER;
}

/** Opens (or focuses) the quick-grab window; `attach` lets the IPC adapter trust it before the page loads. */
export function openQuickGrabWindow(attach: (win: BrowserWindow) => void): BrowserWindow {
  if (open && !open.isDestroyed()) {
    if (open.isMinimized()) open.restore();
    open.show();
    open.focus();
    return open;
  }
  const win = new BrowserWindow({
    width: 640,
    height: 420,
    center: true,
    show: false,
    title: 'Zonedeck — Grab',
    icon: iconFile,
    alwaysOnTop: true,
    skipTaskbar: true,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    autoHideMenuBar: true,
    backgroundColor: windowBackground(),
    webPreferences: hardenedWebPreferences(),
  });
  open = win;
  win.once('closed', () => {
    if (open === win) open = null;
  });
  attach(win);
  win.once('ready-to-show', () => {
    win.show();
    win.focus();
  });
  void win.loadURL(quickGrabUrl());
  return win;
}
