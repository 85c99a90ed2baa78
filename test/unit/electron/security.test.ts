/** The window-hardening checklist of src-main/electron/security.ts, proven against a fake Electron. */
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererUrl } from '../../../src-main/electron/app-url';
import { enableSandboxEverywhere, hardenSession, hardenWebContents } from '../../../src-main/electron/security';
import { app, FakeWebContents, fakeSession, session, shell } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const appPage = rendererUrl();
type Ses = Parameters<typeof hardenSession>[0];
type Wc = Parameters<typeof hardenWebContents>[0];

function hardened() {
  const wc = new FakeWebContents();
  hardenWebContents(wc as unknown as Wc);
  return wc;
}

/** Emits a navigation-style event and reports whether the host cancelled it. */
function navigate(wc: FakeWebContents, name: string, url: string): boolean {
  const event = { url, preventDefault: vi.fn() };
  wc.emit(name, event);
  return event.preventDefault.mock.calls.length > 0;
}

/** Runs the session's onHeadersReceived listener on a response and returns the headers it let through. */
function headersFor(ses: ReturnType<typeof fakeSession>, url: string, responseHeaders: Record<string, string[]>) {
  let out: Record<string, string[]> | undefined;
  ses.headersListener!(
    { url, responseHeaders } as never,
    ((r: { responseHeaders: Record<string, string[]> }) => {
      out = r.responseHeaders;
    }) as never,
  );
  return out!;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('enableSandboxEverywhere', () => {
  it('turns on the Chromium sandbox for every renderer', () => {
    enableSandboxEverywhere();
    expect(app.enableSandbox).toHaveBeenCalledTimes(1);
  });
});

describe('hardenSession', () => {
  it('hardens the default session when given none', () => {
    hardenSession();
    expect(session.defaultSession.headersListener).toBeTypeOf('function');
    expect(session.defaultSession.permissionRequest).toBeTypeOf('function');
  });

  it("puts one strict CSP on our own page's response", () => {
    const ses = fakeSession();
    hardenSession(ses as unknown as Ses);
    const headers = headersFor(ses, appPage, { 'Content-Type': ['text/html'] });
    expect(headers['Content-Type']).toEqual(['text/html']);
    const [policy] = headers['Content-Security-Policy']!;
    const directives = new Map(policy!.split('; ').map((d) => [d.split(' ')[0], d] as const));
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('connect-src')).toBe("connect-src 'self'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(directives.get('base-uri')).toBe("base-uri 'none'");
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-eval|\*/);
  });

  it('replaces a policy the response brought, whatever its header case', () => {
    const ses = fakeSession();
    hardenSession(ses as unknown as Ses);
    const headers = headersFor(ses, 'https://example.com/', {
      'content-security-policy': ["default-src *; script-src 'unsafe-eval' *"],
      'CONTENT-SECURITY-POLICY': ['default-src *'],
    });
    const cspKeys = Object.keys(headers).filter((k) => k.toLowerCase() === 'content-security-policy');
    expect(cspKeys).toEqual(['Content-Security-Policy']);
    expect(headers['Content-Security-Policy']![0]).toContain("script-src 'self'");
  });

  it('denies every permission request, check and device permission', () => {
    const ses = fakeSession();
    hardenSession(ses as unknown as Ses);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      ses.permissionRequest!(...([{}, permission, callback] as never[]));
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(ses.permissionCheck!(...([{}, 'media', appPage] as never[]))).toBe(false);
    expect(ses.devicePermission!(...([{ deviceType: 'usb', origin: appPage }] as never[]))).toBe(false);
  });
});

describe('hardenWebContents', () => {
  it('denies every new window and sends only plain web links to the system browser', () => {
    const wc = hardened();
    const open = (url: string) => wc.windowOpenHandler!({ url });
    expect(open('https://docs.example.com/guide')).toEqual({ action: 'deny' });
    expect(open('http://example.com/')).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls.map((c) => c[0])).toEqual([
      'https://docs.example.com/guide',
      'http://example.com/',
    ]);

    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://user:pw@example.com/',
      'not a url',
      appPage,
    ]) {
      shell.openExternal.mockClear();
      expect(open(url)).toEqual({ action: 'deny' });
      expect(shell.openExternal).not.toHaveBeenCalled();
    }
  });

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s: stays on our page', (name) => {
    const wc = hardened();
    expect(navigate(wc, name, appPage)).toBe(false);
    expect(navigate(wc, name, `${appPage}#/zones`)).toBe(false);
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      pathToFileURL('/tmp/index.html').href,
      'data:text/html,hi',
      '',
    ]) {
      expect(navigate(wc, name, url), url).toBe(true);
    }
  });

  it('refuses every <webview>', () => {
    const wc = hardened();
    const event = { preventDefault: vi.fn() };
    wc.emit('will-attach-webview', event, { preload: '/x.js' }, { src: appPage });
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
