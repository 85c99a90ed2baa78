/**
 * The console's renderer in Chromium: WebGL when asked for (headless Chromium's WebGL2 is software,
 * SwiftShader), the DOM renderer after that context is lost, and the DOM renderer from the start
 * where WebGL is switched off. Either way typed text must come back and be drawn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { details, openSection, selectRow, terminalText } from './support/compute-steps';

const chrome = chromiumOrSkip();
const LABEL = 'Terminal of web-1';

async function signIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try the local sandbox' }).click();
  await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
  await openSection(page, 'Containers');
}

async function openTerminal(page: Page): Promise<void> {
  await selectRow(page, 'Containers', 'web-1');
  await details(page, 'web-1').getByRole('button', { name: 'Terminal' }).click();
  await expect.poll(() => terminalText(page, LABEL), { timeout: 15_000 }).toContain('root@web-1');
}

const region = (page: Page) => page.getByRole('region', { name: LABEL });
const rendererOf = (page: Page) => region(page).getAttribute('data-renderer');

/** Types a command; its output must reach the buffer and be drawn as text (the DOM renderer's rows). */
async function echoDrawn(page: Page, word: string): Promise<void> {
  await page.getByLabel(LABEL).first().focus();
  await page.keyboard.type(`echo ${word}-$HOSTNAME\r`);
  await expect.poll(() => terminalText(page, LABEL)).toMatch(new RegExp(`^${word}-web-1$`, 'm'));
  await expect.poll(() => region(page).locator('.xterm-rows').innerText()).toContain(`${word}-web-1`);
}

describe.runIf(chrome)('console renderer with WebGL available', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await signIn(app.page);
  }, 60_000);
  afterAll(async () => app?.close());

  it('draws with WebGL, and goes on with the DOM renderer once the GPU context is lost', async () => {
    const { page } = app;
    // Headless Chromium's WebGL2 is SwiftShader, a software rasterizer, which 'auto' leaves alone.
    await page.evaluate(() => localStorage.setItem('zd.console.renderer', 'webgl'));
    await openTerminal(page);
    await expect.poll(() => rendererOf(page), { timeout: 10_000 }).toBe('webgl');
    await page.getByLabel(LABEL).first().focus();
    await page.keyboard.type('echo gl-$HOSTNAME\r');
    await expect.poll(() => terminalText(page, LABEL)).toMatch(/^gl-web-1$/m);
    expect(await region(page).locator('.xterm-rows').count()).toBe(0); // nothing drawn as DOM text

    // What a GPU reset does to the page: the context goes and is not given back.
    const lost = await region(page).evaluate((el) => {
      let n = 0;
      for (const c of el.querySelectorAll('canvas')) {
        if (c.className) continue; // xterm's 2D layers; the WebGL canvas has no class
        const ext = c.getContext('webgl2')?.getExtension('WEBGL_lose_context');
        if (!ext) continue;
        ext.loseContext();
        n++;
      }
      return n;
    });
    expect(lost).toBe(1);
    // The addon waits 3 s for the context to come back before it gives up on it.
    await expect.poll(() => rendererOf(page), { timeout: 10_000 }).toBe('dom');
    await echoDrawn(page, 'after-loss');
  });
});

describe.runIf(chrome)('console renderer without WebGL', () => {
  let app: AppUnderTest;
  const requested: string[] = [];
  beforeAll(async () => {
    app = await openApp(chrome!, { browserArgs: ['--disable-webgl'] });
    app.page.on('request', (r) => requested.push(r.url()));
    await signIn(app.page);
  }, 60_000);
  afterAll(async () => app?.close());

  it('uses the DOM renderer and never fetches the WebGL addon', async () => {
    const { page } = app;
    await openTerminal(page);
    await expect.poll(() => rendererOf(page), { timeout: 10_000 }).toBe('dom');
    await echoDrawn(page, 'dom-only');
    expect(requested.some((u) => u.includes('/assets/xterm-'))).toBe(true); // the terminal's own chunk was
    expect(requested.filter((u) => u.includes('addon-webgl'))).toEqual([]);
  });
});
