/**
 * Zone groups end to end in Chromium against the sandbox's two zones: eu-1 and us-1 go into
 * "staging" (one through the zone form, one through "Move to group"), the group folds and stays
 * folded after a reload, one password signs the whole group in (a code only where the zone asks,
 * the second zone let in by the remembered browser), the group signs out, and the zones file
 * carries groups both ways.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackFetch } from '../support/loopback-fetch';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { SHOTS, startSandbox, zoneState } from './support/identity-kit';
import { sandboxBaseUrl } from './support/infra-sandbox';

const chrome = chromiumOrSkip();
const EMAIL = 'dev@example.com';

describe.runIf(chrome)('zone groups', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandbox(app.page);
  });
  afterAll(async () => app?.close());

  const rail = () => app.page.getByRole('navigation', { name: 'Zones' });
  const zoneButton = (name: string) => rail().getByRole('button', { name, exact: true });
  const header = (group: string) => rail().getByRole('button', { name: `${group} group`, exact: true });

  /** The zone's mfa mails so far (its own outbox), newest first. */
  async function mails(zone: string): Promise<{ id: string; code: string; kind: string }[]> {
    const base = sandboxBaseUrl(app.dataDir, zone);
    const res = await loopbackFetch(`${base}/_sandbox/mail?to=${encodeURIComponent(EMAIL)}`);
    return ((await res.json()) as { id: string; code: string; kind: string }[]).filter((m) => m.kind === 'mfa_code');
  }

  async function newCode(zone: string, seen: number): Promise<string> {
    await expect.poll(async () => (await mails(zone)).length, { timeout: 15_000 }).toBeGreaterThan(seen);
    return (await mails(zone))[0]!.code;
  }

  async function shootRail(page: Page, name: string): Promise<void> {
    await page.mouse.move(900, 500);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/zone-groups-${name}-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function groupMenu(group: string, item: string): Promise<void> {
    await header(group).click({ button: 'right' });
    await app.page.getByText(item, { exact: true }).click();
  }

  it('puts eu-1 and us-1 in "staging": one through the zone form, one through Move to group', async () => {
    const { page } = app;
    await zoneButton('eu-1').click({ button: 'right' });
    await page.getByText('Edit address and certificate…').click();
    const form = page.getByRole('dialog', { name: 'Edit zone eu-1' });
    await form.getByLabel('Group').fill('staging');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await header('staging').waitFor();

    await zoneButton('us-1').click({ button: 'right' });
    await page.getByText('Move to group', { exact: true }).hover();
    await page.locator('.n-dropdown-option').getByText('staging', { exact: true }).click();
    await expect.poll(() => zoneButton('us-1').getAttribute('aria-label')).toBe('us-1');
    await expect.poll(() => header('staging').getAttribute('aria-description')).toBe('2 zones, 0 signed in');
    expect(await header('staging').getAttribute('aria-expanded')).toBe('true');
    const zones = JSON.parse(readFileSync(path.join(app.dataDir, 'zones.json'), 'utf8')) as {
      version: number;
      zones: { name: string; group?: string }[];
    };
    expect(zones.version).toBe(6);
    expect(zones.zones.map((z) => [z.name, z.group])).toEqual([
      ['eu-1', 'staging'],
      ['us-1', 'staging'],
    ]);
    await shootRail(page, 'rail');
  });

  it('folds the group away, keeps it folded after a reload, and shows it again', async () => {
    const { page } = app;
    await header('staging').click();
    expect(await header('staging').getAttribute('aria-expanded')).toBe('false');
    expect(await zoneButton('eu-1').count()).toBe(0);
    expect(await zoneButton('us-1').count()).toBe(0);
    // The selected zone inside is not lost: the folded header says so.
    expect(await header('staging').getAttribute('aria-description')).toBe('2 zones, 0 signed in, eu-1 selected');
    await shootRail(page, 'folded');
    await page.goto('about:blank');
    await page.goto(app.url); // the host's link again: its token is taken out of the address once read
    await header('staging').waitFor();
    expect(await header('staging').getAttribute('aria-expanded')).toBe('false');
    await header('staging').click();
    await zoneButton('us-1').waitFor();
    expect(await header('staging').getAttribute('aria-expanded')).toBe('true');
  });

  it('signs the whole group in with one password: a code for eu-1, none for us-1 once the browser is remembered', async () => {
    const { page } = app;
    const euBefore = (await mails('eu-1')).length;
    const usBefore = (await mails('us-1')).length;
    await groupMenu('staging', 'Sign in to all zones of staging…');
    const dialog = page.getByRole('dialog', { name: 'Sign in to staging' });
    await dialog.getByLabel('Email', { exact: true }).fill(EMAIL);
    await dialog.getByLabel('Password', { exact: true }).fill('sandbox-dev');
    await dialog.getByRole('button', { name: 'Sign in to 2 zones' }).click();

    const step = dialog.getByRole('region', { name: 'Code for eu-1' });
    await step.getByLabel('Code').waitFor();
    const results = dialog.getByRole('list', { name: 'Sign-in results' });
    expect(await results.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/eu-1\s*needs a code/),
      expect.stringMatching(/us-1\s*waiting/),
    ]);
    await shootRail(page, 'signin-code');
    await step.getByLabel('Code').fill(await newCode('eu-1', euBefore));
    await step.getByText('Remember this browser').click();
    await step.getByLabel('Code').press('Enter');

    await expect
      .poll(() => results.getByRole('listitem').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/eu-1\s*signed in/), expect.stringMatching(/us-1\s*signed in/)]);
    expect(await dialog.getByRole('region', { name: 'Code for us-1' }).count()).toBe(0);
    expect((await mails('us-1')).length).toBe(usBefore); // us-1 never sent a code
    expect(await dialog.getByLabel('Password', { exact: true }).count()).toBe(0);
    await shootRail(page, 'signin-done');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => zoneState(page, 'eu-1')).toBe(`signed in as ${EMAIL}`);
    await expect.poll(() => zoneState(page, 'us-1')).toBe(`signed in as ${EMAIL}`);
  });

  it('signs the whole group out', async () => {
    const { page } = app;
    await groupMenu('staging', 'Sign out of staging');
    await expect.poll(() => zoneState(page, 'eu-1')).toBe('signed out');
    await expect.poll(() => zoneState(page, 'us-1')).toBe('signed out');
    await expect.poll(() => header('staging').getAttribute('aria-description')).toBe('2 zones, 0 signed in');
  });

  it('signs the group in again: the remembered browser lets both zones in, or their code steps show', async () => {
    const { page } = app;
    const before = { 'eu-1': (await mails('eu-1')).length, 'us-1': (await mails('us-1')).length };
    await groupMenu('staging', 'Sign in to all zones of staging…');
    const dialog = page.getByRole('dialog', { name: 'Sign in to staging' });
    await dialog.getByLabel('Email', { exact: true }).fill(EMAIL);
    await dialog.getByLabel('Password', { exact: true }).fill('sandbox-dev');
    await dialog.getByRole('button', { name: 'Sign in to 2 zones' }).click();
    const results = dialog.getByRole('list', { name: 'Sign-in results' });
    const settled = async () => {
      for (const zone of ['eu-1', 'us-1'] as const) {
        const step = dialog.getByRole('region', { name: `Code for ${zone}` });
        if (await step.count()) {
          await step.getByLabel('Code').fill(await newCode(zone, before[zone]));
          await step.getByLabel('Code').press('Enter');
        }
      }
      return results.getByRole('listitem').allTextContents();
    };
    await expect
      .poll(settled, { timeout: 20_000 })
      .toEqual([expect.stringMatching(/eu-1\s*signed in/), expect.stringMatching(/us-1\s*signed in/)]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => zoneState(page, 'us-1')).toBe(`signed in as ${EMAIL}`);
  });

  it('carries groups in the zones file: an imported zone lands in its group, and the export names it', async () => {
    const { page } = app;
    const file = path.join(app.dataDir, 'team.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'zonedeck.zones',
        version: 1,
        zones: [
          { name: 'prod-eu', baseUrl: 'https://prod-eu.example.com', group: 'production' },
          { name: 'odd', baseUrl: 'https://odd.example.com', group: ['not', 'a', 'name'] },
        ],
      }),
    );
    const addMenu = rail().getByRole('button', { name: 'Add a zone' });
    const chooser = page.waitForEvent('filechooser');
    await addMenu.click();
    await page.getByText('Import zones from a file…').click();
    await (await chooser).setFiles(file);
    const dialog = page.getByRole('dialog', { name: 'Import zones from team.json' });
    await dialog.getByRole('button', { name: 'Import 2 zones' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await header('production').waitFor();
    await zoneButton('odd').waitFor();
    await shootRail(page, 'two-groups');

    const download = page.waitForEvent('download');
    await addMenu.click();
    await page.getByText('Export zones to a file…').click();
    const saved = path.join(app.dataDir, 'exported.json');
    await (await download).saveAs(saved);
    const doc = JSON.parse(readFileSync(saved, 'utf8')) as { zones: { name: string; group?: string }[] };
    expect(doc.zones.map((z) => [z.name, z.group])).toEqual([
      ['prod-eu', 'production'],
      ['odd', undefined],
    ]);
  });
});
