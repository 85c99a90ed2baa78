/**
 * Browser mode's session across a reload and a second tab: the launch token in the URL fragment is
 * traded for an HttpOnly cookie of the host, so F5 keeps the app signed in with its layout, another
 * tab of the same browser works, and a browser without that cookie is told the truth (no claim of
 * reconnecting, the link to use) instead of an endless spinner.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { CHROMIUM_ARGS, chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('browser mode: a session that survives a reload', () => {
  let app: AppUnderTest;
  let bare: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    bare = app.url.replace(/#.*$/, '');
    await startSandboxSignedIn(app.page);
    await openSection(app.page, 'Compute', 'Containers');
    await app.page.getByRole('table', { name: 'Containers', exact: true }).waitFor();
  });
  afterAll(async () => app?.close());

  it('keeps the session and the layout across a reload, with no token in the address', async () => {
    const { page } = app;
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.reload();
    // One pane keeps no place of its own: the zone opens to its home page, still signed in, and
    // its Containers count opens the list the zone answers.
    const overview = page.getByRole('region', { name: 'Overview of eu-1' });
    await overview.getByText('dev@example.com', { exact: true }).waitFor();
    await overview.getByRole('button', { name: /^\d+ Containers$/ }).click();
    await page.getByRole('table', { name: 'Containers', exact: true }).getByRole('row', { name: /web-1/ }).waitFor();
    expect(await page.getByText('can’t reach its local agent').count()).toBe(0);
  });

  it('works in a second tab of the same browser', async () => {
    const tab = await app.context.newPage();
    try {
      await tab.goto(bare);
      await tab.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: /eu-1/ }).first().waitFor();
      await tab.getByRole('navigation', { name: 'Areas' }).waitFor();
    } finally {
      await tab.close();
    }
  });

  it('says so when the app’s code cannot load, rather than stay blank', async () => {
    const tab = await app.context.newPage();
    try {
      // The entry loads; the app's chunk (preloaded, then imported by the entry) does not.
      await tab.route(/\/assets\/app-[^/]+\.js$/, (route) => route.abort());
      await tab.goto(bare);
      await tab.getByRole('alert').filter({ hasText: 'Zonedeck could not load its code' }).waitFor();
      expect(await tab.getByRole('navigation', { name: 'Zones' }).count()).toBe(0);
    } finally {
      await tab.close();
    }
  });

  it('tells another browser without the link the truth, and offers a reload rather than a false promise', async () => {
    const browser = await chromium.launch({ executablePath: chrome!, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      await page.goto(bare);
      const alert = page.getByRole('alert').filter({ hasText: 'can’t reach its local agent' });
      await alert.getByText(/no session with Zonedeck’s local agent/).waitFor({ timeout: 15_000 });
      await alert.getByRole('button', { name: 'Reload' }).waitFor();
      expect(await alert.getByText('keeps trying').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/browser-session-refused.png` });
    } finally {
      await browser.close();
    }
  });
});
