/**
 * One journey by keyboard only, as a person who does not use a pointer: start the sandbox zones,
 * sign in with the mailed code, open a list from the palette, open an item's details, run an
 * action and confirm it, and grab a kubeconfig from the palette. Every control is reached with Tab
 * (never clicked); the mailed code is read from the mailbox, as the person would read it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { mailboxCode } from './support/flows';

const chrome = chromiumOrSkip();

interface Focused {
  tag: string;
  role: string | null;
  name: string;
}

/** What has focus: its tag, role and a name as a screen reader would start to read it. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', role: null, name: '' };
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name = el.getAttribute('aria-label') ?? (labelled || el.textContent || el.getAttribute('placeholder') || '');
    return { tag: el.tagName.toLowerCase(), role: el.getAttribute('role'), name: name.trim().replace(/\s+/g, ' ') };
  });
}

/** Presses Tab until the focused element matches (at most `max` presses); fails saying what was met. */
async function tabTo(page: Page, want: (f: Focused) => boolean, what: string, max = 80): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (want(f)) return;
    seen.push(`${f.tag}${f.role ? `[${f.role}]` : ''} “${f.name.slice(0, 30)}”`);
  }
  throw new Error(`Tab never reached ${what}; met: ${seen.slice(-12).join(', ')}`);
}

const named = (re: RegExp) => (f: Focused) => re.test(f.name);

describe.runIf(chrome)('keyboard only', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
  });
  afterAll(async () => app?.close());

  it('starts the sandbox, signs in, opens a list and details, stops a container and grabs a kubeconfig', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Try the local sandbox' }).waitFor();
    await tabTo(page, named(/^Try the local sandbox$/), 'Try the local sandbox');
    await page.keyboard.press('Enter');

    await page.getByLabel('Email').waitFor({ timeout: 20_000 });
    await tabTo(page, (f) => f.tag === 'input' && /Email/.test(f.name), 'the email field');
    await page.keyboard.type('dev@example.com');
    await tabTo(page, (f) => f.tag === 'input' && /Password/.test(f.name), 'the password field');
    await page.keyboard.type('sandbox-dev');
    await page.keyboard.press('Enter');
    await page.getByLabel('Code').waitFor();
    const code = await mailboxCode(page);
    // The code field has focus once it shows; if not, Tab reaches it.
    if (!/Code/.test((await focused(page)).name))
      await tabTo(page, (f) => f.tag === 'input' && /Code/.test(f.name), 'the code field');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Areas' }).waitFor({ timeout: 20_000 });

    await page.keyboard.press('ControlOrMeta+K');
    await page.keyboard.type('eu-1 compute containers');
    const go = page.getByRole('dialog', { name: 'Command palette' });
    await go
      .getByRole('option', { name: /eu-1 › Compute › Containers/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await go.waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Containers', exact: true });
    await table.getByRole('row', { name: /web-1/ }).first().waitFor({ timeout: 20_000 });

    // Tab enters the table at a row; Up and Down move between rows.
    await tabTo(page, (f) => f.tag === 'tr', 'a row of the containers table', 120);
    for (let i = 0; i < 10 && !/^web-1(?!\d)/.test((await focused(page)).name); i++)
      await page.keyboard.press('ArrowDown');
    expect((await focused(page)).name).toMatch(/^web-1(?!\d)/);
    await page.keyboard.press('Enter');
    const details = page.getByRole('complementary', { name: 'Details of web-1' });
    await details.waitFor();
    await tabTo(page, named(/^Stop$/), 'the Stop button');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, named(/^Stop web-1$/), 'the dialog’s Stop web-1 button', 10);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => table.getByRole('row', { name: /web-1/ }).first().innerText(), { timeout: 20_000 })
      .toMatch(/stopped/);

    await page.keyboard.press('ControlOrMeta+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type('demo');
    await palette.getByRole('option', { name: /demo · eu-1/ }).waitFor();
    await page.keyboard.press('Enter');
    await palette.getByRole('status', { name: 'Kubeconfig saved' }).waitFor({ timeout: 20_000 });
    // HOME is the data dir in these tests: the kubeconfig is on disk where the window said.
    const dir = path.join(app.dataDir, '.kube', 'zonedeck');
    expect(existsSync(dir) && readdirSync(dir).some((f) => /demo/.test(f))).toBe(true);
  });
});
