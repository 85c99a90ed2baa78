/**
 * The log view over its packed line store (issue #16): with 60,000 lines (many sealed chunks and
 * an open batch) search finds every hit and jumps to it, wrap keeps the lines, and Copy copies
 * the lines in view, unicode included. Lines beyond the zone's 1,000-line tail are appended
 * through the view's bench hook (window.__zdLogView), as the 1M-line benchmark does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { details, openSection, openTab, selectRow } from './support/compute-steps';
import { startSandboxSignedIn } from './support/infra-flows';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('log view with many lines', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
    await startSandboxSignedIn(app.page);
  }, 60_000);
  afterAll(async () => app?.close());

  it('searches, jumps between hits, wraps and copies among 60,000 appended lines', async () => {
    const { page } = app;
    await openSection(page, 'Containers');
    await selectRow(page, 'Containers', 'web-1');
    const pane = details(page, 'web-1');
    await openTab(pane, 'Logs');
    const log = pane.getByRole('log');
    const current = () => log.locator('[aria-current="true"]'); // the hit jumped to
    await expect.poll(() => log.locator('.ln').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await pane.getByRole('button', { name: 'Pause' }).click(); // the zone's own lines stop moving the count
    const before = Number((await pane.getByLabel('Line count').innerText()).replace(/\D/g, ''));
    await page.evaluate(() => {
      const lines = Array.from({ length: 60_000 }, (_, i) =>
        i === 1_234 || i === 41_000 || i === 59_999 ? `needle ${i} café 🚀` : `filler line ${i}`,
      );
      (window as unknown as { __zdLogView: { appendLines(l: string[]): void } }).__zdLogView.appendLines(lines);
    });
    await pane.getByRole('button', { name: 'Resume' }).click();
    await expect
      .poll(async () => Number((await pane.getByLabel('Line count').innerText()).replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(before + 60_000);

    const search = pane.getByLabel('Search the log');
    await search.fill('NEEDLE');
    await search.press('Enter');
    await pane.getByText('3 / 3').waitFor(); // starts at the last hit
    await expect.poll(async () => (await current().textContent())?.trim()).toBe('needle 59999 café 🚀');
    await search.press('Enter');
    await pane.getByText('1 / 3').waitFor();
    await expect.poll(async () => (await current().textContent())?.trim()).toBe('needle 1234 café 🚀');
    await log.getByText('filler line 1235', { exact: true }).waitFor();
    await search.press('Enter');
    await expect.poll(async () => (await current().textContent())?.trim()).toBe('needle 41000 café 🚀');

    // Wrapped, the rows move (long zone lines take two); a jump finds its line in the wrapped layout.
    await pane.getByRole('checkbox', { name: 'Wrap' }).check();
    await search.press('Shift+Enter');
    await pane.getByText('1 / 3').waitFor();
    await log.getByText('filler line 1235', { exact: true }).waitFor();

    await pane.getByRole('button', { name: 'Copy', exact: true }).click();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    expect(copied).toContain('needle 1234 café 🚀');
    expect(copied).toContain('filler line 1235');
  });
});
