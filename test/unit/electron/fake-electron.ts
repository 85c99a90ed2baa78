/**
 * A stand-in for the 'electron' module, enough for every file in src-main/electron/ to load and
 * run in plain Node (the real package would try to download its binary). Each test file mocks
 * 'electron' with `vi.mock('electron', () => import('./fake-electron'))` and gets its own copy;
 * the fakes record what the host asked of Electron so the tests can assert it.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Handler = (...args: never[]) => unknown;

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  destroyed = false;
  readonly sent: [channel: string, msg: unknown][] = [];
  windowOpenHandler?: (details: { url: string }) => { action: 'allow' | 'deny' };
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, msg: unknown): void {
    this.sent.push([channel, msg]);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export class BrowserWindow extends EventEmitter {
  static all: BrowserWindow[] = [];
  static focused: BrowserWindow | null = null;
  static getAllWindows = (): BrowserWindow[] => [...BrowserWindow.all];
  static getFocusedWindow = (): BrowserWindow | null => BrowserWindow.focused;

  readonly webContents = new FakeWebContents();
  readonly loadURL = vi.fn(async (_url: string) => undefined);
  readonly show = vi.fn();
  readonly hide = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  readonly maximize = vi.fn();
  readonly setBackgroundColor = vi.fn();
  normalBounds = { x: 0, y: 0, width: 1280, height: 820 };
  maximized = false;
  minimized = false;
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.all.push(this);
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** As Electron does: 'close' may be prevented; otherwise the window goes and 'closed' follows. */
  close(): void {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.destroyed = true;
    BrowserWindow.all = BrowserWindow.all.filter((w) => w !== this);
    this.emit('closed');
    this.webContents.destroy();
  }
  getNormalBounds() {
    return this.normalBounds;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
}

/** ipcMain: handlers and listeners by channel, so a test can play the renderer's side. */
class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`a second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}
export const ipcMain = new FakeIpcMain();

/** ipcRenderer as the preload sees it: what it sent, and a way to deliver a message to it. */
class FakeIpcRenderer extends EventEmitter {
  readonly invoke = vi.fn(async (..._args: unknown[]): Promise<unknown> => ({ ok: true, result: null }));
  readonly send = vi.fn((..._args: unknown[]) => undefined);
}
export const ipcRenderer = new FakeIpcRenderer();

export const contextBridge = { exposeInMainWorld: vi.fn((_key: string, _api: unknown) => undefined) };

export function fakeSession() {
  const s = {
    /** The handlers of custom schemes, by scheme (protocol.handle). */
    schemes: new Map<string, (request: Request) => Promise<Response> | Response>(),
    protocol: {
      handle(scheme: string, h: (request: Request) => Promise<Response> | Response) {
        s.schemes.set(scheme, h);
      },
    },
    headersListener: undefined as Handler | undefined,
    permissionRequest: undefined as Handler | undefined,
    permissionCheck: undefined as Handler | undefined,
    devicePermission: undefined as Handler | undefined,
    webRequest: {
      onHeadersReceived(listener: Handler) {
        s.headersListener = listener;
      },
    },
    setPermissionRequestHandler(h: Handler) {
      s.permissionRequest = h;
    },
    setPermissionCheckHandler(h: Handler) {
      s.permissionCheck = h;
    },
    setDevicePermissionHandler(h: Handler) {
      s.devicePermission = h;
    },
  };
  return s;
}
export const session = { defaultSession: fakeSession() };
/** Schemes given privileges before 'ready' (protocol.registerSchemesAsPrivileged). */
export const protocol = {
  registerSchemesAsPrivileged: vi.fn(
    (_schemes: { scheme: string; privileges: Record<string, boolean> }[]) => undefined,
  ),
};
/** net.fetch of a file:// URL: the file's bytes, or a rejection when it is missing (as Electron's). */
export const net = {
  fetch: vi.fn(async (url: string) => {
    const { readFile } = await import('node:fs/promises');
    const { fileURLToPath } = await import('node:url');
    return new Response(await readFile(fileURLToPath(url)));
  }),
};

class FakeApp extends EventEmitter {
  isPackaged = false;
  /** Folders getPath answers with; tests point userData into a temp dir. */
  readonly paths: Record<string, string> = { userData: '/nonexistent/userData', downloads: '/nonexistent/Downloads' };
  readonly enableSandbox = vi.fn();
  readonly whenReady = vi.fn(async () => undefined);
  readonly requestSingleInstanceLock = vi.fn(() => true);
  readonly setAsDefaultProtocolClient = vi.fn(() => true);
  readonly quit = vi.fn();
  readonly exit = vi.fn();
  getPath(name: string): string {
    const p = this.paths[name];
    if (!p) throw new Error(`no fake path for ${name}`);
    return p;
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  getName(): string {
    return 'Zonedeck';
  }
}
export const app = new FakeApp();

export const nativeTheme = Object.assign(new EventEmitter(), { shouldUseDarkColors: false, themeSource: 'system' });
export const shell = {
  openExternal: vi.fn(async (_url: string) => undefined),
  openPath: vi.fn(async (_p: string) => ''),
};
export const dialog = {
  showSaveDialog: vi.fn(
    async (..._args: unknown[]) => ({ canceled: true, filePath: '' }) as { canceled: boolean; filePath?: string },
  ),
  showOpenDialog: vi.fn(
    async (..._args: unknown[]) => ({ canceled: true, filePaths: [] }) as { canceled: boolean; filePaths: string[] },
  ),
  showMessageBoxSync: vi.fn((..._args: unknown[]) => 1),
};
export const screen = {
  workArea: { x: 0, y: 0, width: 1920, height: 1080 },
  getDisplayMatching: (_r: unknown) => ({ workArea: screen.workArea }),
};
export const Menu = {
  template: undefined as unknown[] | undefined,
  buildFromTemplate: (template: unknown[]) => ({ template }),
  setApplicationMenu: vi.fn((menu: { template: unknown[] } | null) => {
    Menu.template = menu?.template;
  }),
};

/** A menu as the host built it: its template, with each item's click as given. */
export interface FakeMenu {
  template: Record<string, unknown>[];
}

export class Tray extends EventEmitter {
  static all: Tray[] = [];
  /** Set by a test to make the next `new Tray` throw, as on a desktop without a tray. */
  static failNext = false;
  menu: FakeMenu | null = null;
  toolTip = '';
  destroyed = false;
  constructor(readonly image: string) {
    super();
    if (Tray.failNext) {
      Tray.failNext = false;
      throw new Error('no status area');
    }
    Tray.all.push(this);
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menu = menu;
  }
  setToolTip(text: string): void {
    this.toolTip = text;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

/**
 * globalShortcut: what is registered, and `taken` for shortcuts another application holds
 * (register answers false). An accelerator Electron cannot parse throws, as the real one does.
 */
export const globalShortcut = {
  registered: new Map<string, () => void>(),
  taken: new Set<string>(),
  register: vi.fn((accelerator: string, callback: () => void): boolean => {
    if (!/^[A-Za-z]+(\+[A-Za-z0-9]+)+$/.test(accelerator)) throw new Error(`conversion failure from ${accelerator}`);
    if (globalShortcut.taken.has(accelerator) || globalShortcut.registered.has(accelerator)) return false;
    globalShortcut.registered.set(accelerator, callback);
    return true;
  }),
  unregister: vi.fn((accelerator: string) => {
    globalShortcut.registered.delete(accelerator);
  }),
  /** The person pressed it, in any application. */
  press(accelerator: string): void {
    globalShortcut.registered.get(accelerator)?.();
  },
};

/** Notifications: `shown` holds what the person saw; `live` the shown ones, to click or close as a person would. */
export class Notification extends EventEmitter {
  static shown: { title: string; body: string }[] = [];
  static live: Notification[] = [];
  static isSupported = () => true;
  constructor(readonly opts: { title: string; body: string; silent?: boolean }) {
    super();
  }
  show(): void {
    Notification.shown.push({ title: this.opts.title, body: this.opts.body });
    Notification.live.push(this);
  }
  /** The person clicked it: Electron emits 'click', and the notification goes. */
  click(): void {
    this.emit('click', {});
    Notification.live = Notification.live.filter((n) => n !== this);
  }
}

/** The default export, for modules that take Electron's default import (electron-store does). */
export default {
  app,
  BrowserWindow,
  contextBridge,
  dialog,
  ipcMain,
  ipcRenderer,
  Menu,
  nativeTheme,
  screen,
  session,
  shell,
  Tray,
  globalShortcut,
  Notification,
};
