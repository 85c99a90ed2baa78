/**
 * "Is this our own page?" (app-url.ts), the one test behind the navigation guards and the IPC
 * sender check; the dev server counts only in an unpackaged run.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh app-url module, loaded as a packaged or a development build with the given dev-server URL. */
async function appUrl(opts: { packaged: boolean; devServer?: string }) {
  vi.resetModules();
  vi.stubEnv('ELECTRON_RENDERER_URL', opts.devServer ?? '');
  const electron = await import('./fake-electron');
  electron.app.isPackaged = opts.packaged;
  // A fresh fake for each fresh load; the modules under test read app.isPackaged as they load.
  vi.doMock('electron', () => electron);
  return import('../../../src-main/electron/app-url');
}
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('app-url', () => {
  it("a packaged build loads out/renderer's index.html through the app scheme and trusts exactly that page", async () => {
    const m = await appUrl({ packaged: true, devServer: 'http://localhost:5173/' });
    const page = 'zonedeck-app://app/index.html';
    expect(m.isDev).toBe(false);
    expect(m.rendererRoot.endsWith('renderer')).toBe(true);
    expect(m.rendererUrl()).toBe(page);
    expect(m.isAppUrl(page)).toBe(true);
    expect(m.isAppUrl(`${page}#/zones?x=1`)).toBe(true);
    for (const url of [
      'http://localhost:5173/',
      'zonedeck-app://app/other.html',
      'zonedeck-app://app/index.html.evil',
      'zonedeck-app://other/index.html',
      pathToFileURL(join(m.rendererRoot, 'index.html')).href,
      'https://example.com/',
      'about:blank',
      'not a url',
    ]) {
      expect(m.isAppUrl(url), url).toBe(false);
    }
  });

  it('a development run loads the loopback dev server and trusts its origin only', async () => {
    const m = await appUrl({ packaged: false, devServer: 'http://localhost:5173/' });
    expect(m.isDev).toBe(true);
    expect(m.rendererUrl()).toBe('http://localhost:5173/');
    expect(m.isAppUrl('http://localhost:5173/src/main.ts')).toBe(true);
    expect(m.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(m.isAppUrl('zonedeck-app://app/index.html')).toBe(false);
  });

  it.each(['https://localhost:5173/', 'http://example.com:5173/', 'http://192.168.1.2:5173/', 'garbage'])(
    'a dev-server URL that is not plain loopback http (%s) is ignored',
    async (devServer) => {
      const m = await appUrl({ packaged: false, devServer });
      expect(m.rendererUrl()).toBe('zonedeck-app://app/index.html');
      expect(m.isAppUrl(devServer)).toBe(false);
    },
  );
});
