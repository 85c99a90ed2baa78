/**
 * One polling scheduler: the containers list polls its zone every 3 s while the window shows, and
 * with the window hidden no request reaches the zone for 30 s; shown again, it polls at once.
 * Requests are counted where they arrive, by the sandbox's own request log (GET /_sandbox/requests).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { openSection } from './support/compute-steps';
import { loopbackFetch } from '../support/loopback-fetch';

const chrome = chromiumOrSkip();

/** Every sandbox zone the app knows (all are counted: no zone may be asked anything). */
function zoneBases(dataDir: string): string[] {
  const conf = JSON.parse(readFileSync(path.join(dataDir, 'zones.json'), 'utf8')) as { zones?: { baseUrl: string }[] };
  return (conf.zones ?? []).map((z) => z.baseUrl);
}

async function requestsSoFar(dataDir: string): Promise<number> {
  let total = 0;
  for (const base of zoneBases(dataDir)) {
    const res = await loopbackFetch(`${base}/_sandbox/requests`);
    total += ((await res.json()) as { count: number }).count;
  }
  return total;
}

/**
 * Hides or shows the page as a minimised window would: headless Chromium keeps every page
 * visible, so the document's visibility is overridden and `visibilitychange` fired, which is what
 * the scheduler reads and listens to.
 */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    if (h) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    } else {
      // Drop the overrides: the prototype's getters (the real state, visible) answer again.
      delete (document as unknown as Record<string, unknown>).visibilityState;
      delete (document as unknown as Record<string, unknown>).hidden;
    }
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  expect(await page.evaluate(() => document.visibilityState)).toBe(hidden ? 'hidden' : 'visible');
}

describe.runIf(chrome)('one polling scheduler', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
    await openSection(app.page, 'Containers');
    await app.page
      .getByRole('table', { name: 'Containers', exact: true })
      .getByRole('row', { name: /web-1/ })
      .first()
      .waitFor({ timeout: 20_000 });
  }, 60_000);
  afterAll(async () => app?.close());

  it('polls the open list while the window shows, and says how often', async () => {
    await expect
      .poll(() =>
        app.page
          .getByRole('region', { name: 'Containers list' })
          .getByText(/^Refreshes every/)
          .innerText(),
      )
      .toBe('Refreshes every 3 s'); // a short list: the shortest interval
    const before = await requestsSoFar(app.dataDir);
    await app.page.waitForTimeout(4_000);
    expect(await requestsSoFar(app.dataDir)).toBeGreaterThan(before);
  }, 20_000);

  it('with the window hidden, no zone request is made for 30 s; shown again, the list polls', async () => {
    const { page } = app;
    await setHidden(page, true);
    // A read already on its way when the window hid may still land; nothing starts after it.
    await page.waitForTimeout(1_500);
    const hiddenFrom = await requestsSoFar(app.dataDir);
    await page.waitForTimeout(30_000);
    expect(await requestsSoFar(app.dataDir)).toBe(hiddenFrom);

    await setHidden(page, false);
    await expect.poll(() => requestsSoFar(app.dataDir), { timeout: 5_000, interval: 250 }).toBeGreaterThan(hiddenFrom);
  }, 60_000);
});
