/**
 * Sharing zone definitions, end to end in Chromium through the browser host: a new colleague
 * imports the team's zones file from the first-run screen (the plan shown first), exports the list
 * again (same zones, no secret, no sandbox zone), and a second file with a moved zone shows the
 * conflict, taken only when ticked.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { shoot } from './support/infra-flows';

const chrome = chromiumOrSkip();
const teamFile = (zones: object[]) => JSON.stringify({ format: 'zonedeck.zones', version: 1, zones });

describe.runIf(chrome)('zones file: import and export', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
  });
  afterAll(async () => app?.close());

  const addMenu = () => app.page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'Add a zone' });

  async function pick(file: string, from: () => Promise<void>): Promise<void> {
    const chooser = app.page.waitForEvent('filechooser');
    await from();
    await (await chooser).setFiles(file);
  }

  it('imports the team file from the first-run screen after showing what it adds and skips', async () => {
    const { page } = app;
    const file = path.join(app.dataDir, 'team-zones.json');
    writeFileSync(
      file,
      teamFile([
        { name: 'prod', baseUrl: 'https://prod.example.com', color: '#f85149' },
        { name: 'staging', baseUrl: 'https://staging.example.com' },
        { name: 'old', baseUrl: 'http://old.example.com' },
      ]),
    );
    await pick(file, () => page.getByRole('button', { name: 'Import zones from a file…' }).click());
    const dialog = page.getByRole('dialog', { name: 'Import zones from team-zones.json' });
    await dialog.getByRole('region', { name: 'Zones to add' }).getByText('prod', { exact: true }).waitFor();
    await dialog.getByRole('region', { name: 'Skipped' }).getByText(/old/).waitFor();
    await shoot(page, 'zones-import-plan');
    await dialog.getByRole('button', { name: 'Import 2 zones' }).click();
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'prod' }).waitFor();
    await rail.getByRole('button', { name: 'staging' }).waitFor();
    expect(await rail.getByRole('button', { name: 'old' }).count()).toBe(0);
  });

  it('exports the zone list: the same zones, no sandbox zone, nothing secret', async () => {
    const { page } = app;
    await addMenu().click();
    await page.getByText('Try the local sandbox').click();
    await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'eu-1' }).waitFor();

    const download = page.waitForEvent('download');
    await addMenu().click();
    await page.getByText('Export zones to a file…').click();
    const saved = path.join(app.dataDir, 'exported.json');
    await (await download).saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    const doc = JSON.parse(text) as { format: string; zones: { name: string }[] };
    expect(doc.format).toBe('zonedeck.zones');
    expect(doc.zones.map((z) => z.name)).toEqual(['prod', 'staging']);
    expect(text).not.toMatch(/token|secret|password|127\.0\.0\.1/i);
  });

  it('shows a moved zone as a conflict and takes the file’s address only when ticked', async () => {
    const { page } = app;
    const file = path.join(app.dataDir, 'moved.json');
    writeFileSync(file, teamFile([{ name: 'staging', baseUrl: 'https://staging2.example.com' }]));
    await pick(file, async () => {
      await addMenu().click();
      await page.getByText('Import zones from a file…').click();
    });
    const dialog = page.getByRole('dialog', { name: 'Import zones from moved.json' });
    const conflicts = dialog.getByRole('region', { name: 'Conflicts' });
    await conflicts.getByText('https://staging.example.com').waitFor();
    const importButton = dialog.getByRole('button', { name: /^Import \d zones?$/ });
    expect(await importButton.isDisabled()).toBe(true);
    await conflicts.getByRole('checkbox', { name: /Use the file’s address for staging/ }).check();
    await dialog.getByRole('button', { name: 'Import 1 zone' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('navigation', { name: 'Zones' })
      .getByRole('button', { name: 'staging' })
      .click({ button: 'right' });
    await page.getByText('Edit address and certificate…').click();
    const edit = page.getByRole('dialog', { name: 'Edit zone staging' });
    expect(await edit.getByLabel('Base URL').inputValue()).toBe('https://staging2.example.com');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });
});
