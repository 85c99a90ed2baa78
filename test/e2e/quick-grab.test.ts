/**
 * The quick-grab window's page (#quick-grab) through the browser host: the palette alone, open
 * and focused; a cluster's name and Enter write its kubeconfig, the page says where, then closes.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { startSandboxSignedIn } from './support/infra-flows';
import { seriousViolations } from './support/axe';

const chrome = chromiumOrSkip();
delete process.env.KUBECONFIG;

describe.runIf(chrome)('the quick-grab window', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
  });
  afterAll(async () => app?.close());

  // Opened by a script, as a window the page may close (Electron's own window always may).
  async function openQuickGrab(): Promise<Page> {
    const href = new URL('/#quick-grab', app.url).href;
    const [page] = await Promise.all([
      app.context.waitForEvent('page'),
      app.page.evaluate((u) => void window.open(u, '_blank', 'popup'), href),
    ]);
    await page.waitForLoadState();
    return page;
  }

  it('shows the palette alone, writes the file on Enter, says where, then closes', async () => {
    const page = await openQuickGrab();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const box = palette.getByRole('combobox', { name: 'Go to zone, area or command' });
    await box.waitFor();
    // Alone: no rail, no areas, no status bar; the marker stays (it is not a deep link).
    expect(await page.getByRole('navigation', { name: 'Zones' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Areas' }).count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('#quick-grab');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

    expect(await seriousViolations(page, 'quick grab')).toEqual([]);
    await page.keyboard.type('demo');
    await palette.getByRole('option', { name: /demo · eu-1/ }).waitFor();
    // Files only: no zone, area or command entries.
    expect(await palette.getByRole('option', { name: /Zone|Command/ }).count()).toBe(0);
    const closed = page.waitForEvent('close', { timeout: 15_000 });
    await page.keyboard.press('Enter');

    const saved = palette.getByRole('status', { name: 'Kubeconfig saved' });
    await saved.waitFor();
    const file = path.join(app.dataDir, '.kube', 'zonedeck', 'eu-1-demo.yaml');
    expect(await saved.getByLabel('Saved path').textContent()).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((parse(readFileSync(file, 'utf8')) as { 'current-context': string })['current-context']).toBe('eu-1-demo');
    await closed;
  });

  it('closes on Escape at once', async () => {
    const page = await openQuickGrab();
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').waitFor();
    const closed = page.waitForEvent('close', { timeout: 5_000 });
    // The page is gone before the key press returns.
    await page.keyboard.press('Escape').catch(() => undefined);
    await closed;
  });
});
