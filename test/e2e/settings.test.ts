/**
 * Settings through the browser host: one screen from the status bar; each change is saved by the
 * agent in <data dir>/settings.json and survives a reload (the theme too, with localStorage gone);
 * a refused value says why beside its field. No desktop part in browser mode.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { seriousViolations } from './support/axe';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('settings', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    // Before any zone, Settings is on the first-run screen (there is no status bar yet).
    await app.page.getByRole('button', { name: 'Settings…' }).click();
    const early = app.page.getByRole('dialog', { name: 'Settings' });
    await early.getByRole('radiogroup', { name: 'Theme' }).waitFor();
    await app.page.keyboard.press('Escape');
    await early.waitFor({ state: 'detached' });
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await app.page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: /eu-1/ }).first().waitFor();
  });
  afterAll(async () => app?.close());

  async function openSettings(page: Page) {
    await page.getByRole('contentinfo', { name: 'Status bar' }).getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    return dialog;
  }
  const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('zd-dark'));

  it('saves each change in the data folder, 0600, and refuses a relative folder in words', async () => {
    const { page } = app;
    const dialog = await openSettings(page);
    // Close to tray: desktop only (the switches here are the notifications', per zone).
    expect(await dialog.getByRole('switch', { name: /tray/ }).count()).toBe(0);
    // Naive's radio input is visually hidden: its label is what a person clicks.
    await dialog.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
    await expect.poll(() => isDark(page)).toBe(true);

    const refresh = dialog.getByRole('textbox', { name: 'Long lists refresh every (seconds)' });
    await refresh.fill('15');
    await refresh.press('Enter');
    await dialog.getByRole('radiogroup', { name: 'Log level' }).getByText('debug', { exact: true }).click();

    const folder = dialog.getByRole('textbox', { name: 'Default download folder' });
    await folder.fill('downloads');
    await dialog.getByRole('button', { name: 'Save folder' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Must be an absolute path' }).waitFor();
    const dl = path.join(app.dataDir, 'dl');
    await folder.fill(dl);
    await dialog.getByRole('button', { name: 'Save folder' }).click();
    await dialog.getByRole('alert').waitFor({ state: 'detached' });

    const file = path.join(app.dataDir, 'settings.json');
    await expect
      .poll(() => JSON.parse(readFileSync(file, 'utf8')) as unknown)
      .toEqual({
        theme: 'dark',
        listRefreshSeconds: 15,
        downloadFolder: dl,
        logLevel: 'debug',
        notifications: {},
        // Where sign-ins are kept (issue #36): the keychain unless a person chose a file.
        secretStorage: 'keychain',
      });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('shows the same settings after a reload, the theme from the file', async () => {
    const { page } = app;
    // The first theme class the page root takes on a start with the theme remembered: dark from the
    // first frame, though Naive UI's dark theme is a chunk of its own (shell/dark-theme.ts).
    await page.addInitScript(() => {
      const seen: string[] = ((globalThis as unknown as { zdThemes: string[] }).zdThemes = []);
      new MutationObserver(() => {
        const c = [...document.documentElement.classList].find((x) => x === 'zd-dark' || x === 'zd-light');
        if (c && seen.at(-1) !== c) seen.push(c);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.reload();
    await expect.poll(() => isDark(page), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => (globalThis as unknown as { zdThemes: string[] }).zdThemes)).toEqual(['zd-dark']);
    // With the page's copy gone, the theme comes from the agent's settings file.
    await page.evaluate(() => localStorage.removeItem('zonedeck.theme'));
    await page.reload();
    await expect.poll(() => isDark(page), { timeout: 15_000 }).toBe(true);
    const dialog = await openSettings(page);
    // Naive UI's components in its dark theme too: the dialog's surface is the dark modal colour.
    expect(await dialog.evaluate((d) => getComputedStyle(d.closest('.n-card') ?? d).backgroundColor)).toBe(
      'rgb(36, 37, 42)',
    );
    expect(await dialog.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'debug' }).isChecked()).toBe(true);
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Long lists refresh every (seconds)' }).inputValue())
      .toBe('15');
    expect(await dialog.getByRole('textbox', { name: 'Default download folder' }).inputValue()).toBe(
      path.join(app.dataDir, 'dl'),
    );
    expect(await seriousViolations(page, 'settings (dark)')).toEqual([]);
  });

  it('is in the palette', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('settings');
    await palette.getByRole('option', { name: /^Settings/ }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  });
});
