import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';

const chrome = chromiumOrSkip();
const SHOTS = 'test-results/screenshots';

describe.runIf(chrome)('shell in Chromium through the browser host', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
  });
  afterAll(async () => app?.close());

  it('takes the token out of the address bar', async () => {
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).waitFor();
    expect(app.page.url()).not.toContain('token=');
  });

  it('starts the local sandbox from the first-run screen, signs in with the mailed code and lists containers', async () => {
    const { page } = app;
    await page.screenshot({ path: `${SHOTS}/first-run-light.png` });
    await page.getByRole('button', { name: 'Try the local sandbox' }).click();
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await expect.poll(() => rail.getByRole('button', { name: /eu-1/ }).count()).toBeGreaterThan(0);
    await expect.poll(() => rail.getByRole('button', { name: /us-1/ }).count()).toBeGreaterThan(0);

    await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');

    // A zone opens to its home page; its Containers count opens the list.
    const overview = page.getByRole('region', { name: 'Overview of eu-1' });
    await overview.waitFor({ timeout: 20_000 });
    await overview.getByRole('button', { name: /^\d+ Containers$/ }).click();
    const table = page.getByRole('table', { name: 'Containers' });
    await table.waitFor({ timeout: 20_000 });
    for (const name of ['web-1', 'worker-1', 'db-proxy']) {
      await expect.poll(() => table.getByRole('row', { name: new RegExp(name) }).count()).toBe(1);
    }
    await page.getByLabel('Filter containers').fill('web');
    await expect.poll(() => table.getByRole('row', { name: /worker-1/ }).count()).toBe(0);
    await expect.poll(() => table.getByRole('row', { name: /web-1/ }).count()).toBe(1);
    await page.getByLabel('Filter containers').fill('');
    await page.screenshot({ path: `${SHOTS}/containers-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('zd-dark'));
    await page.screenshot({ path: `${SHOTS}/containers-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('keeps no token or cookie value in web storage or the page', async () => {
    const { page } = app;
    const storage = await page.evaluate(() =>
      JSON.stringify({ l: { ...localStorage }, s: { ...sessionStorage }, c: document.cookie }),
    );
    expect(storage).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./); // no JWT
    const html = await page.content();
    expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  });

  it('hides the rail tooltip on a click, so the sidebar’s first item takes the next click', async () => {
    const { page } = app;
    const zone = page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'eu-1' });
    await zone.hover();
    const tip = page.locator('.n-tooltip').filter({ hasText: 'signed in' });
    await tip.first().waitFor(); // shown after its 400-ms delay
    await zone.click();
    await tip.first().waitFor({ state: 'hidden', timeout: 2_000 });
    // Straight on to the sidebar, as a person would: the first item there takes the click.
    const first = page.getByRole('navigation', { name: 'Areas' }).getByRole('button').first();
    await first.click({ timeout: 3_000 });
  });
});
