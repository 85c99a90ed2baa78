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
  it('a packaged build loads out/renderer/index.html and trusts exactly that file', async () => {
    const m = await appUrl({ packaged: true, devServer: 'http://localhost:5173/' });
    const page = pathToFileURL(m.rendererFile).href;
    expect(m.isDev).toBe(false);
    expect(m.rendererFile.endsWith(join('renderer', 'index.html'))).toBe(true);
    expect(m.rendererUrl()).toBe(page);
    expect(m.isAppUrl(page)).toBe(true);
    expect(m.isAppUrl(`${page}#/zones?x=1`)).toBe(true);
    for (const url of [
      'http://localhost:5173/',
      pathToFileURL(join(m.rendererFile, '..', 'other.html')).href,
      pathToFileURL(`${m.rendererFile}.evil`).href,
      `file://remote-host${new URL(page).pathname}`,
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
    expect(m.isAppUrl(pathToFileURL(m.rendererFile).href)).toBe(false);
  });

  it.each(['https://localhost:5173/', 'http://example.com:5173/', 'http://192.168.1.2:5173/', 'garbage'])(
    'a dev-server URL that is not plain loopback http (%s) is ignored',
    async (devServer) => {
      const m = await appUrl({ packaged: false, devServer });
      expect(m.rendererUrl()).toBe(pathToFileURL(m.rendererFile).href);
      expect(m.isAppUrl(devServer)).toBe(false);
    },
  );
});
