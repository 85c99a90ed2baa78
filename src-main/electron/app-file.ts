/**
 * Which file of the built renderer a URL of the app's own scheme names (app-scheme.ts): only files
 * under the renderer's folder, never one a `..`, an encoded separator or another host reaches.
 */
import { resolve, sep } from 'node:path';

/** The renderer's own scheme and origin: `zonedeck-app://app/index.html`. */
export const APP_SCHEME = 'zonedeck-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

/** The file `raw` names under `root`, or null when it names nothing there. */
export function appFileFor(raw: string, root: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'app') return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null; // a broken %-escape names no file
  }
  // A separator or NUL that came encoded is a trick, not a folder.
  if (path.includes('\\') || path.includes('\0') || /%2f|%5c/i.test(url.pathname)) return null;
  const base = resolve(root);
  const file = resolve(base, `.${path === '/' ? '/index.html' : path}`);
  return file.startsWith(base + sep) ? file : null;
}
