/**
 * Remembers the main window's size and place between runs (never secrets), in
 * userData/window-state.json through electron-store, as the design card names it for the Electron
 * host's own settings: it is conf (which the agent uses for zones.json) with Electron's paths.
 *
 * electron-store's constructor registers one IPC listener, 'electron-store-get-data', answering the
 * userData path and the app version to a renderer-side store. Only a preload could send on it
 * (pages have no ipcRenderer: contextIsolation and the sandbox), and ours never does; still, it
 * would be the one message that skips ipc.ts's sender check, and no renderer-side store exists, so
 * the listener is removed as soon as the store is made (test/unit/electron/window.test.ts).
 *
 * Only src-main/electron/ may import 'electron' or electron-store (eslint.config.js).
 */
import { type BrowserWindow, ipcMain, type Rectangle, screen } from 'electron';
import Store from 'electron-store';

interface WindowState {
  bounds?: Rectangle;
  maximized?: boolean;
}

const DEFAULT = { width: 1280, height: 820 };
/** electron-store's channel for renderer-side stores, which this app does not have. */
const STORE_DATA_CHANNEL = 'electron-store-get-data';

export class WindowStateKeeper {
  private readonly store = new Store<WindowState>({ name: 'window-state', watch: false });

  constructor() {
    ipcMain.removeAllListeners(STORE_DATA_CHANNEL);
  }

  /** The saved bounds if they still land on a connected display, else a default size. */
  initial(): { bounds: Partial<Rectangle> & { width: number; height: number }; maximized: boolean } {
    const b = this.store.get('bounds');
    const maximized = this.store.get('maximized') === true;
    if (!b || !isNumber(b.x) || !isNumber(b.y) || !isNumber(b.width) || !isNumber(b.height))
      return { bounds: DEFAULT, maximized };
    const area = screen.getDisplayMatching(b).workArea;
    const visible =
      b.x < area.x + area.width && b.x + b.width > area.x && b.y < area.y + area.height && b.y + b.height > area.y;
    return { bounds: visible ? b : { width: b.width, height: b.height }, maximized };
  }

  track(win: BrowserWindow): void {
    win.on('close', () => {
      this.store.set({ bounds: win.getNormalBounds(), maximized: win.isMaximized() });
    });
  }
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
