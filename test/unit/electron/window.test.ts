/** The main window's hardened options, its icon, and the saved size and place (window-state.ts). */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iconFile, preloadFile } from '../../../src-main/electron/app-url';
import { createMainWindow } from '../../../src-main/electron/window';
import { WindowStateKeeper } from '../../../src-main/electron/window-state';
import { app, BrowserWindow, ipcMain, nativeTheme, screen } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

let dir: string;
beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  dir = mkdtempSync(join(tmpdir(), 'zd-window-'));
  app.paths.userData = dir;
  BrowserWindow.all = [];
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

function open(keeper = new WindowStateKeeper()) {
  const attach = vi.fn();
  const win = createMainWindow(keeper, attach as never) as unknown as BrowserWindow;
  return { win, attach };
}

describe('createMainWindow', () => {
  it('opens with the hardened webPreferences and our preload', () => {
    const { win } = open();
    expect(win.options.webPreferences).toEqual({
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(preloadFile.endsWith(join('preload', 'index.cjs'))).toBe(true);
  });

  it('uses the app icon, which exists as a square PNG', () => {
    const { win } = open();
    expect(win.options.icon).toBe(iconFile);
    expect(existsSync(iconFile)).toBe(true);
    const png = readFileSync(iconFile);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });

  it('hands the window to attach before loading our page, and shows it only when ready', () => {
    const { win, attach } = open();
    expect(attach).toHaveBeenCalledWith(win);
    expect(attach.mock.invocationCallOrder[0]).toBeLessThan(win.loadURL.mock.invocationCallOrder[0]!);
    expect(win.loadURL).toHaveBeenCalledWith('zonedeck-app://app/index.html');
    expect(win.options.show).toBe(false);
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledTimes(1);
  });

  it('takes its background from the OS theme', () => {
    nativeTheme.shouldUseDarkColors = true;
    expect(open().win.options.backgroundColor).toBe('#18181c');
    nativeTheme.shouldUseDarkColors = false;
    expect(open().win.options.backgroundColor).toBe('#ffffff');
  });
});

describe('WindowStateKeeper', () => {
  it('starts at the default size, then reopens where the window was closed, maximized or not', () => {
    const first = open();
    expect(first.win.options).toMatchObject({ width: 1280, height: 820 });
    expect(first.win.options.x).toBeUndefined();
    first.win.normalBounds = { x: 40, y: 50, width: 1000, height: 700 };
    first.win.maximized = true;
    first.win.emit('close');
    expect(JSON.parse(readFileSync(join(dir, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 40, y: 50, width: 1000, height: 700 },
      maximized: true,
    });

    const second = open();
    expect(second.win.options).toMatchObject({ x: 40, y: 50, width: 1000, height: 700 });
    second.win.emit('ready-to-show');
    expect(second.win.maximize).toHaveBeenCalled();
  });

  it('keeps only the size when the saved place is on no connected display', () => {
    const first = open();
    first.win.normalBounds = { x: 5000, y: 5000, width: 900, height: 600 };
    first.win.emit('close');
    const bounds = new WindowStateKeeper().initial().bounds;
    expect(bounds).toEqual({ width: 900, height: 600 });
    expect(screen.workArea.width).toBeLessThan(5000);
  });

  it('is an electron-store whose IPC listener (the one message without our sender check) is removed', () => {
    new WindowStateKeeper();
    expect(ipcMain.listenerCount('electron-store-get-data')).toBe(0);
    expect(ipcMain.eventNames()).not.toContain('electron-store-get-data');
  });
});
