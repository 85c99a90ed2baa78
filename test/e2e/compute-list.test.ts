/**
 * The compute list at size (a sandbox seeded with 3,000 containers): virtual, sortable from its
 * headers, filtered as you type, selectable by keyboard, and refreshed live without touching rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { details, openSection } from './support/compute-steps';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('compute list with 3,000 containers', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    process.env.ZONEDECK_SANDBOX_SCALE = '3000';
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
    await openSection(app.page, 'Containers');
    await app.page
      .getByRole('table', { name: 'Containers', exact: true })
      .getByRole('row', { name: /ct-0/ })
      .first()
      .waitFor({ timeout: 30_000 });
  }, 90_000);
  afterAll(async () => {
    delete process.env.ZONEDECK_SANDBOX_SCALE;
    await app?.close();
  });

  const table = () => app.page.getByRole('table', { name: 'Containers', exact: true });
  const count = () => app.page.getByLabel('Count').first().innerText();
  const firstName = async () => (await table().locator('tbody tr[data-key] td').first().innerText()).trim();

  it('renders only the rows in view, and the last one after scrolling to the end', async () => {
    expect(await count()).toMatch(/^3,0\d\d$/); // grouped digits in the page's locale (en-US)
    expect(await table().locator('tbody tr[data-key]').count()).toBeLessThan(80);
    await table().locator('tbody tr[data-key]').first().hover();
    await app.page.mouse.wheel(0, 1_000_000);
    await expect
      .poll(() =>
        table()
          .getByRole('row', { name: /\bworker-1\b/ })
          .count(),
      )
      .toBe(1); // last by name
  });

  it('sorts from the column headers: ascending, descending, then by another column', async () => {
    const { page } = app;
    const header = (name: string) => table().getByRole('columnheader', { name });
    expect(await header('Name').getAttribute('aria-sort')).toBe('ascending');
    await page.mouse.wheel(0, -1_000_000);
    await expect.poll(firstName).toBe('bench-logs');
    await header('Name').getByRole('button').click();
    expect(await header('Name').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(firstName).toBe('worker-1');
    await header('Created').getByRole('button').click();
    expect(await header('Name').getAttribute('aria-sort')).toBeNull();
    expect(await header('Created').getAttribute('aria-sort')).toBe('ascending');
    await header('Name').getByRole('button').click();
    await expect.poll(firstName).toBe('bench-logs');
  });

  it('filters as you type, with the count in words and a sentence when nothing matches', async () => {
    const { page } = app;
    const filter = page.getByLabel('Filter containers');
    await filter.fill('ct-0001');
    await expect.poll(count).toMatch(/^10 of 3,0\d\d$/);
    expect(await table().locator('tbody tr[data-key]').count()).toBe(10);
    await filter.fill('ct-0001 no-such-thing');
    await page.getByText('No containers match “ct-0001 no-such-thing”.').waitFor();
    await filter.fill('web-1');
    await table()
      .getByRole('row', { name: /\bweb-1\b/ })
      .waitFor();
  });

  it('clears the filter with its clear button, the focus left in the filter', async () => {
    const { page } = app;
    const filter = page.getByLabel('Filter containers');
    await filter.fill('ct-0001');
    await expect.poll(count).toMatch(/^10 of /);
    await page.getByRole('button', { name: 'Clear the containers filter' }).click();
    await expect.poll(count).toMatch(/^3,0\d\d$/);
    expect(await filter.inputValue()).toBe('');
    await expect.poll(() => filter.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Clear the containers filter' }).count()).toBe(0);
  });

  it('selects a row with Enter, moves with the arrow keys, and a live refresh leaves rows and selection alone', async () => {
    const { page } = app;
    await page.getByLabel('Filter containers').fill('ct-0001');
    const row = table().getByRole('row', { name: /\bct-00015\b/ });
    await row.focus();
    await page.keyboard.press('Enter');
    await details(page, 'ct-00015').waitFor();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('ct-00014');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('ct-00015');
    await row.evaluate((el) => {
      (el as HTMLElement & { __mark?: number }).__mark = 1;
    });
    const changes = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let n = 0;
          const o = new MutationObserver((l) => {
            n += l.length;
          });
          o.observe(document.querySelector('table[aria-label="Containers"] tbody')!, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
          });
          setTimeout(() => {
            o.disconnect();
            resolve(n);
          }, 7_000); // two polls
        }),
    );
    expect(changes).toBe(0);
    expect(await row.evaluate((el) => (el as HTMLElement & { __mark?: number }).__mark)).toBe(1);
    expect(await details(page, 'ct-00015').count()).toBe(1);
  });

  it('shows a change made elsewhere by itself, and nothing else moves', async () => {
    const { page } = app;
    await page.getByLabel('Filter containers').fill('ct-0001');
    const other = table().getByRole('row', { name: /\bct-00016\b/ });
    await expect.poll(() => other.innerText()).toMatch(/running/i);
    const kept = table().getByRole('row', { name: /\bct-00014\b/ });
    await kept.evaluate((el) => {
      (el as HTMLElement & { __mark?: number }).__mark = 1;
    });
    // A second client of the same tenant stops ct-00016 through the zone's API, not through this app.
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const token = await sandboxToken(base);
    const items = (await sandboxCall(base, token, 'GET', '/api/v1/containers')).items as { id: string; name: string }[];
    await sandboxCall(base, token, 'POST', `/api/v1/containers/${items.find((c) => c.name === 'ct-00016')!.id}/stop`);
    await expect.poll(() => other.innerText(), { timeout: 10_000 }).toMatch(/stopp(ing|ed)/i);
    expect(await kept.evaluate((el) => (el as HTMLElement & { __mark?: number }).__mark)).toBe(1);
  });
});
