/**
 * The zone's details show what the agent learned from its refusals ("Learned from this zone"):
 * each name, what it replaced and when, and Forget clears them (in the zones file too). The host
 * starts on a zones file that already holds learned words, as after a session with such a zone.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostEnv, openPages, startHost, stopHost } from './support/app';
import { CHROMIUM_ARGS, chromiumOrSkip } from './support/chromium';

const chrome = chromiumOrSkip();

const ZONE = {
  id: 'other-team',
  name: 'other-team',
  baseUrl: 'https://other-team.example.com',
  color: '#3b82f6',
  sandbox: false,
  protected: false,
  createdAt: '2026-11-27T05:00:00.000Z',
  learnedWords: [
    {
      role: 'workflow.draft',
      place: 'body',
      name: 'definition',
      instead: 'draft_spec',
      operationId: 'workflows.update',
      learnedAt: '2026-11-27T05:01:00.000Z',
    },
    {
      role: 'skillFile.path',
      place: 'query',
      name: 'file',
      instead: 'path',
      operationId: 'skills.files.content',
      learnedAt: '2026-11-27T05:02:00.000Z',
    },
    {
      role: 'skillFile.content',
      place: 'body',
      name: 'content',
      instead: 'content',
      operationId: 'skills.files.put',
      learnedAt: '2026-11-27T05:03:00.000Z',
      encoding: 'text',
    },
  ],
};

describe.runIf(chrome)('learned words in the zone’s details', () => {
  let dataDir: string;
  let child: ChildProcess;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-e2e-words-'));
    writeFileSync(path.join(dataDir, 'zones.json'), JSON.stringify({ version: 5, zones: [ZONE] }));
    const host = await startHost(dataDir, hostEnv(dataDir));
    child = host.child;
    browser = await chromium.launch({ executablePath: chrome!, args: CHROMIUM_ARGS, headless: true });
    page = await (await browser.newContext({ viewport: { width: 1360, height: 860 } })).newPage();
    openPages.add(page);
    await page.goto(host.url);
  });
  afterAll(async () => {
    if (page) openPages.delete(page);
    await browser?.close();
    if (child) await stopHost(child);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('lists each learned name with what it replaced, and Forget clears them', async () => {
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'other-team' }).click({ button: 'right' });
    await page.getByText('Edit address and certificate…').click();
    const dialog = page.getByRole('dialog', { name: 'Edit zone other-team' });
    await dialog.waitFor();
    const learned = dialog.getByRole('list', { name: 'Learned from this zone' });
    await learned.waitFor();
    const draft = learned.getByRole('listitem', { name: 'workflow.draft: definition' });
    await expect.poll(() => draft.textContent()).toMatch(/field definition instead of draft_spec.*workflows\.update/);
    const file = learned.getByRole('listitem', { name: 'skillFile.path: file' });
    expect(await file.textContent()).toMatch(/parameter file instead of path/);
    const raw = learned.getByRole('listitem', { name: 'skillFile.content: raw text' });
    expect(await raw.textContent()).toMatch(/sent as the raw body \(text\/plain\)/);

    await page.screenshot({ path: 'test-results/screenshots/zone-learned-words.png' });
    await dialog.getByRole('button', { name: 'Forget what was learned from this zone' }).click();
    await expect.poll(() => learned.count()).toBe(0);
    const saved = JSON.parse(readFileSync(path.join(dataDir, 'zones.json'), 'utf8')) as { zones: object[] };
    expect(saved.zones[0]).not.toHaveProperty('learnedWords');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
