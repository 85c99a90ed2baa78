/**
 * A long list is read less often (issue #16 goal 6): with the sandbox seeded with 20,000 containers
 * the list says "Refreshes every 10 s" beside its Refresh button and its zone sees one list read
 * about every 10 s; Refresh, reached from the filter by the keyboard, reads it at once, and so does
 * a change made in the app. Reads are counted where they arrive, in the sandbox's request log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { openSection, sandboxBase, selectRow } from './support/compute-steps';
import { loopbackFetch } from '../support/loopback-fetch';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();

/** When the zone was asked for its containers list (the log keeps its last 50 requests). */
async function listReads(base: string): Promise<number[]> {
  const log = (await (await loopbackFetch(`${base}/_sandbox/requests`)).json()) as {
    recent: { method: string; path: string; at: string }[];
  };
  return log.recent
    .filter((q) => q.method === 'GET' && q.path.split('?')[0]!.endsWith('/containers'))
    .map((q) => Date.parse(q.at));
}

describe.runIf(chrome)('a list of 20,000 containers polls every 10 s', () => {
  let app: AppUnderTest;
  let base: string;
  beforeAll(async () => {
    process.env.ZONEDECK_SANDBOX_SCALE = '20000';
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
    await openSection(app.page, 'Containers');
    await app.page
      .getByLabel('Count')
      .first()
      .filter({ hasText: /^20,0\d\d$/ })
      .waitFor({ timeout: 60_000 });
    base = sandboxBase(app.dataDir);
  }, 120_000);
  afterAll(async () => {
    delete process.env.ZONEDECK_SANDBOX_SCALE;
    await app?.close();
  });

  const list = () => app.page.getByRole('region', { name: 'Containers list' });

  it('says so beside Refresh, and its zone sees one read about every 10 s', async () => {
    await expect
      .poll(() =>
        list()
          .getByText(/^Refreshes every \d+ s$/)
          .innerText(),
      )
      .toBe('Refreshes every 10 s');
    const refresh = list().getByRole('button', { name: 'Refresh containers' });
    expect(await refresh.getAttribute('aria-describedby')).toBeTruthy();
    expect(await app.page.locator(`#${await refresh.getAttribute('aria-describedby')}`).innerText()).toBe(
      'Refreshes every 10 s',
    );

    const from = Date.now();
    await app.page.waitForTimeout(25_000);
    const reads = (await listReads(base)).filter((t) => t >= from);
    // 3 s polls would have read 8 times; 10 s polls read twice or three times.
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < reads.length; i++) expect(reads[i]! - reads[i - 1]!).toBeGreaterThan(9_000);
  }, 60_000);

  it('Refresh is reached from the filter with Tab and reads the list at once', async () => {
    const { page } = app;
    await list().getByRole('textbox', { name: 'Filter containers' }).focus();
    const refresh = list().getByRole('button', { name: 'Refresh containers' });
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await refresh.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    const before = (await listReads(base)).at(-1)!;
    const pressed = Date.now();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await listReads(base)).at(-1)!, { timeout: 3_000 }).toBeGreaterThan(before);
    expect((await listReads(base)).at(-1)! - pressed).toBeLessThan(3_000);
  }, 30_000);

  it('a change made in the app reads the list at once, not at the next poll', async () => {
    const { page } = app;
    await list().getByRole('textbox', { name: 'Filter containers' }).fill('web-1');
    await selectRow(page, 'Containers', 'web-1');
    const pane = page.getByRole('complementary', { name: 'Details of web-1' });
    const before = (await listReads(base)).at(-1)!;
    await pane.getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDialog(page, 'Stop web-1');
    // Settling reads the instance every 400 ms and then the list: well before a 10-s poll would.
    await expect.poll(async () => (await listReads(base)).at(-1)!, { timeout: 8_000 }).toBeGreaterThan(before);
  }, 30_000);
});
