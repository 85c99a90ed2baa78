/**
 * The CMS command editor, end to end in Chromium against the sandbox's seeded `company-site`:
 * a script runs in order and stops at the refused plugin install with the reason in words (the
 * line after it not sent), the argument array is previewed before sending, a broken quote is
 * marked, and Up in the command box recalls the last command sent.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { openWorkspaceTab, shootWorkspace } from './support/workspaces';

const chrome = chromiumOrSkip();

/** Replaces the editor's whole text by typing it, as a person would. */
async function typeScript(page: Page, region: Locator, text: string): Promise<void> {
  await region.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  for (const [i, line] of text.split('\n').entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
    // Completion may be open after a word; Escape closes it so Enter makes a new line.
    await page.keyboard.press('Escape');
  }
}

describe.runIf(chrome)('workspaces: the CMS command editor', () => {
  let app: AppUnderTest;
  let region: Locator;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    await openSection(app.page, 'Workspaces', 'Workspaces');
    const pane = await openWorkspaceTab(app.page, 'company-site', 'CMS commands');
    region = pane.getByRole('region', { name: 'CMS commands of company-site' });
    await region.locator('.monaco-editor').waitFor();
  });
  afterAll(async () => app?.close());

  it('previews the argument array of the line under the cursor', async () => {
    const { page } = app;
    await typeScript(page, region, `wp post create --post_title="Hello \\"world\\"" 'Café 東京'`);
    const preview = region.getByRole('region', { name: 'Arguments preview' });
    await expect
      .poll(() => preview.getByLabel('Arguments as JSON', { exact: true }).textContent())
      .toBe(JSON.stringify(['post', 'create', '--post_title=Hello "world"', 'Café 東京']));
    expect(await preview.getByRole('list', { name: 'Arguments' }).getByRole('listitem').count()).toBe(4);
    await preview.getByText('The leading “wp” is not sent').waitFor();
    await shootWorkspace(page, 'cms-preview');
    // An unterminated quote is an error with its column, in the preview and as an editor marker.
    await page.keyboard.type(' "oops');
    await preview
      .getByRole('alert')
      .getByText(/Unterminated double quote at column \d+/)
      .waitFor();
    await region.locator('.monaco-editor .squiggly-error').first().waitFor();
    await shootWorkspace(page, 'cms-quote-error');
  });

  it('completes the common subcommands with their docs', async () => {
    const { page } = app;
    await typeScript(page, region, '');
    await page.keyboard.type('men');
    const suggest = region.locator('.suggest-widget');
    await suggest.getByText('menu', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type(' ');
    await suggest.getByText('item', { exact: true }).waitFor();
    await page.keyboard.type('it');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' ');
    await suggest.getByText('add-post', { exact: true }).waitFor();
    await shootWorkspace(page, 'cms-completion');
    await page.keyboard.press('Escape');
    await expect.poll(() => region.locator('.view-lines').textContent()).toMatch(/^menu\s+item\s+$/);
  });

  it('runs a script in order and stops at the refused install with the reason, the line after it not run', async () => {
    const { page } = app;
    await typeScript(page, region, 'option get blogname\npost list\nplugin install akismet --activate\nuser list');
    // The install line is marked before sending.
    await region.locator('.monaco-editor .squiggly-warning').first().waitFor();
    await shootWorkspace(page, 'cms-script');
    await region.getByRole('button', { name: 'Run script' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'the zone will refuse' });
    await ask.getByText('re-cloned from the repository on every deploy').waitFor();
    await ask.getByRole('button', { name: 'Send anyway' }).click();

    const out = region.getByRole('log', { name: 'Command output' });
    const entry = (n: number, cmd: string) => out.getByRole('listitem', { name: `Line ${n}: ${cmd}` });
    await entry(3, 'plugin install akismet --activate').getByText('Refused', { exact: true }).waitFor();
    expect(await entry(1, 'option get blogname').textContent()).toMatch(/Passed · exit 0[\s\S]*Company Site/);
    expect(await entry(2, 'post list').textContent()).toContain('Passed · exit 0');
    const refused = entry(3, 'plugin install akismet --activate');
    expect(await refused.getByRole('alert').textContent()).toMatch(
      /cannot be installed from the command line[\s\S]*re-cloned from the repository on every deploy[\s\S]*install_not_allowed/,
    );
    expect(await entry(4, 'user list').textContent()).toMatch(/Not run[\s\S]*Not sent/);
    await out.getByText('Script of 4 commands · stopped at line 3').waitFor();
    await shootWorkspace(page, 'cms-output');
  });

  it('runs the line under the cursor with Ctrl+Enter, and Up in the command box recalls the last command', async () => {
    const { page } = app;
    await region.locator('.view-line').filter({ hasText: 'post list' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('ControlOrMeta+Enter');
    const out = region.getByRole('log', { name: 'Command output' });
    await out.getByText('One command · all passed').waitFor();
    const box = region.getByRole('textbox', { name: 'Command' });
    await box.click();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => box.inputValue()).toBe('post list');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => box.inputValue()).toBe('plugin install akismet --activate');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => box.inputValue()).toBe('');
    // Sent from the box: the preview follows it, and it joins the history kept across reloads.
    await box.fill("option update blogname 'New name'");
    await region
      .getByRole('region', { name: 'Arguments preview' })
      .getByLabel('Arguments as JSON', { exact: true })
      .getByText(JSON.stringify(['option', 'update', 'blogname', 'New name']))
      .waitFor();
    await page.keyboard.press('Enter');
    await out
      .getByRole('listitem', { name: "option update blogname 'New name'" })
      .getByText(/Passed/)
      .waitFor();
    const stored = await page.evaluate(() =>
      Object.entries(localStorage).find(([k]) => k.startsWith('zd.cms-history.')),
    );
    expect(JSON.parse(stored![1]).at(-1)).toBe("option update blogname 'New name'");
  });
});
