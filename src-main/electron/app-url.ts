/**
 * Where the renderer is loaded from, and the one test for "is this our own page?" used by
 * navigation guards and by the IPC sender check.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { APP_ORIGIN, APP_SCHEME } from './app-file';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The dev server electron-vite started; honoured only in an unpackaged (development) run. */
function devServerUrl(): URL | undefined {
  const raw = process.env.ELECTRON_RENDERER_URL;
  if (app.isPackaged || !raw) return undefined;
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1') ? u : undefined;
  } catch {
    return undefined; // not a URL: not a dev server (the packaged renderer is used)
  }
}

export const isDev = !app.isPackaged;
/** The built renderer's folder, served under the app's own scheme (app-scheme.ts). */
export const rendererRoot = resolve(here, '../renderer');
export const preloadFile = resolve(here, '../preload/index.cjs');
/** The window icon (Linux, Windows); packaged next to out/ (see electron-builder.yml). */
export const iconFile = resolve(here, '../../resources/icons/512x512.png');
/** The tray's icon: 16 px on macOS's menu bar, 32 px elsewhere (packaged like iconFile). */
export const trayIconFile = resolve(
  here,
  `../../resources/icons/${process.platform === 'darwin' ? '16x16' : '32x32'}.png`,
);

export function rendererUrl(): string {
  return devServerUrl()?.href ?? `${APP_ORIGIN}/index.html`;
}

/** True for our renderer page only: the dev server's origin, or exactly the app scheme's index.html. */
export function isAppUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false; // the caller refuses it and logs why
  }
  const dev = devServerUrl();
  if (dev) return url.origin === dev.origin;
  return url.protocol === `${APP_SCHEME}:` && url.host === 'app' && url.pathname === '/index.html';
}
