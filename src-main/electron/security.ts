/**
 * All window hardening in one place (the Electron security checklist): a strict CSP, no new
 * windows, no navigation away from our page, no permissions, no <webview>, links out only to
 * http(s) in the system browser.
 */
import { app, type Session, session, shell, type WebContents } from 'electron';
import type { Logger } from '../agent/log';
import { isAppUrl } from './app-url';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Naive UI injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Monaco runs its language services in workers.
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  // The renderer talks only to the agent over IPC; it never fetches from a zone itself.
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Call before 'ready': every renderer runs in the Chromium sandbox, whatever a window asks for. */
export function enableSandboxEverywhere(): void {
  app.enableSandbox();
}

/**
 * The policy goes on every response as a header (the app scheme's own replies carry it too,
 * app-scheme.ts, since webRequest may not see a custom scheme). index.html also carries a <meta>
 * policy; when both are present the browser enforces both.
 */
export function hardenSession(ses: Session = session.defaultSession): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-security-policy') delete headers[k];
    headers['Content-Security-Policy'] = [CSP];
    callback({ responseHeaders: headers });
  });
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
}

/** Only plain web links leave the app, and only to the system browser. */
export function openExternalSafely(raw: string, log?: Logger): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    log?.warn('refused to open a link that is not a URL');
    return;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    log?.warn('refused to open a link', { protocol: url.protocol });
    return;
  }
  // The origin only: a link's path or query may carry something private.
  void shell
    .openExternal(url.href)
    .catch((err: unknown) => log?.warn('the system browser did not open a link', { origin: url.origin, err }));
}

export function hardenWebContents(wc: WebContents, log?: Logger): void {
  wc.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url, log);
    return { action: 'deny' };
  });
  const stayHome = (event: { preventDefault(): void }, url: string) => {
    if (isAppUrl(url)) return;
    log?.warn('blocked a navigation away from the app', { to: url.split(/[?#]/)[0] });
    event.preventDefault();
  };
  wc.on('will-navigate', (event) => stayHome(event, event.url));
  wc.on('will-frame-navigate', (event) => stayHome(event, event.url));
  wc.on('will-redirect', (event) => stayHome(event, event.url));
  wc.on('will-attach-webview', (event) => event.preventDefault());
}
