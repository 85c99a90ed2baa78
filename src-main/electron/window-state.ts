/**
 * Remembers the main window's size and place between runs (never secrets), in
 * userData/window-state.json through the host's electron-store (host-store.ts).
 */
import { type BrowserWindow, type Rectangle, screen } from 'electron';
import { hostStore } from './host-store';

interface WindowState extends Record<string, unknown> {
  bounds?: Rectangle;
  maximized?: boolean;
}

const DEFAULT = { width: 1280, height: 820 };
export class WindowStateKeeper {
  private readonly store = hostStore<WindowState>({ name: 'window-state' });

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
