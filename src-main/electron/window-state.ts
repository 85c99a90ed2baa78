/**
 * Remembers the main window's size and place between runs (never secrets). Uses `conf`, the
 * library under electron-store, with the same file (userData/window-state.json): electron-store's
 * constructor registers an 'electron-store-get-data' IPC listener that would bypass our sender
 * check in ipc.ts, and we need nothing from it beyond conf.
 */
import Conf from 'conf';
import { app, type BrowserWindow, type Rectangle, screen } from 'electron';

interface WindowState {
  bounds?: Rectangle;
  maximized?: boolean;
}

const DEFAULT = { width: 1280, height: 820 };

export class WindowStateKeeper {
  private readonly store = new Conf<WindowState>({
    cwd: app.getPath('userData'),
    configName: 'window-state',
    watch: false,
  });

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
