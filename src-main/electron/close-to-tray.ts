/**
 * Close to tray: with the setting on and a tray to come back from, closing the main window hides
 * it and Zonedeck keeps running (its sessions, the shortcut, the tray's re-grabs). Quitting
 * (the tray's Quit, Cmd+Q, Windows logging off) always closes for real: app 'before-quit' (or
 * 'session-end') comes first and says so.
 */
import { app, type BrowserWindow } from 'electron';

let quitting = false;
let listening = false;

function listenForQuit(): void {
  if (listening) return;
  listening = true;
  app.on('before-quit', () => {
    quitting = true;
  });
}

/** `hidden` is told each time the window goes to the tray instead of closing. */
export function keepInTrayOnClose(win: BrowserWindow, when: () => boolean, hidden: () => void = () => undefined): void {
  listenForQuit();
  // Windows logging off or shutting down closes windows without 'before-quit'.
  win.on('session-end', () => {
    quitting = true;
  });
  win.on('close', (event) => {
    if (quitting || !when()) return;
    event.preventDefault();
    win.hide();
    hidden();
  });
}
