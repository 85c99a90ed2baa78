/**
 * Issue #26 end to end in Chromium, against three sandbox zones in three dialects (eu-1 standard,
 * us-1 seed:10315, ap-1 variant) over loopback HTTP: compare a workflow present in two zones and
 * absent in the third, diff two published versions across zones, copy a skill and read it back
 * file by file, copy a draft into a protected zone only once its name is typed, and find exactly
 * those changes in "Changes from this machine" — with no value of any of them in the journal file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { seriousViolations } from './support/axe';
import { openSection, selectZone } from './support/identity-kit';
import { sandboxCall } from './support/infra-sandbox';
import { skillIdByName, shownText, zoneFile } from './support/skill-steps';
import {
  addZoneSignedIn,
  diffSide,
  download,
  draftIn,
  expectNoTokens,
  openWorkflow,
  workflowsIn,
  SECRET,
  SKILL_FILES,
  spec,
  startZones,
  ZONES,
  zoneVars,
  type Zones,
} from './support/across-zones';
import { openSection as openCompute, openTab, selectRow } from './support/compute-steps';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('across zones: compare, copy, and the journal of this machine’s changes', () => {
  let app: AppUnderTest;
  let zones: Zones;
  beforeAll(async () => {
    zones = await startZones();
    app = await openApp(chrome!);
    for (const [i, z] of ZONES.entries()) await addZoneSignedIn(app.page, z.id, zones.base[z.id]!, i === 0);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await zones?.sandbox.close();
  });

  it('compares a workflow present in two zones and absent in the third', async () => {
    const { page } = app;
    await openWorkflow(page, 'eu-1');
    await page
      .getByRole('toolbar', { name: 'Actions for cmp-flow' })
      .getByRole('button', { name: 'Compare across zones' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Compare cmp-flow across zones' });
    const table = dialog.getByRole('table', { name: 'cmp-flow in every zone' });
    // Each zone reads in its own dialect: us-1 names its id and draft otherwise, ap-1 its envelope.
    await table.getByRole('row', { name: 'eu-1: present (compared from here)' }).waitFor({ timeout: 20_000 });
    const us = table.getByRole('row', { name: 'us-1: present, differs' });
    await us.waitFor({ timeout: 20_000 });
    await table.getByRole('row', { name: 'ap-1: absent' }).waitFor({ timeout: 20_000 });
    const eu = table.getByRole('row', { name: /^eu-1/ });
    expect(await eu.getByRole('cell', { name: 'v1', exact: true }).count()).toBe(1);
    expect(await us.getByRole('cell', { name: 'v2', exact: true }).count()).toBe(1);
    expect(await us.getByRole('cell', { name: 'Differs', exact: true }).count()).toBe(1);
  });

  it('diffs two published versions across zones', async () => {
    const { page } = app;
    const dialog = page.getByRole('dialog', { name: 'Compare cmp-flow across zones' });
    // eu-1 and us-1 are ticked for the diff: the two that hold it.
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Diff eu-1' }).isChecked()).toBe(true);
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Diff us-1' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Diff ap-1' }).isDisabled()).toBe(true);
    const diff = dialog.getByRole('region', { name: 'Differences between eu-1 and us-1' });
    await diff.getByLabel('Document of eu-1').selectOption('Version 1');
    await diff.getByLabel('Document of us-1').selectOption('Version 2');
    await expect.poll(() => diffSide(diff, 'original'), { timeout: 20_000 }).toContain('"prompt": "eu one"');
    await expect.poll(() => diffSide(diff, 'modified')).toContain('"prompt": "us two"');
    await diff.getByLabel('Document of us-1').selectOption('Version 1');
    await expect.poll(() => diffSide(diff, 'modified')).toContain('"prompt": "us one"');
    expect(await seriousViolations(page, 'compare dialog', true)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('copies a skill from one zone to another and reads it back file by file', async () => {
    const { page } = app;
    await selectZone(page, 'us-1');
    await openSection(page, 'Workflows', 'Skills');
    await page.getByRole('list', { name: 'Skill list' }).getByRole('button', { name: 'cmp-skill' }).click();
    await page.getByRole('region', { name: 'Skill cmp-skill' }).getByRole('button', { name: 'Copy to zone…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy cmp-skill to another zone' });
    await dialog.getByLabel('Copy to zone').selectOption({ label: 'eu-1' });
    const plan = dialog.getByRole('list', { name: 'What the copy does in eu-1' });
    await plan.getByRole('button', { name: 'SKILL.md — will be added' }).waitFor({ timeout: 20_000 });
    await plan.getByRole('button', { name: 'scripts/run.py — will be added' }).waitFor();
    expect(await seriousViolations(page, 'copy dialog', true)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy to eu-1' }).click();
    const kept = dialog.getByRole('region', { name: 'What eu-1 kept' });
    await kept.getByText('kept as sent').nth(1).waitFor({ timeout: 20_000 });
    expect(await kept.getByRole('listitem').allTextContents()).toEqual([
      'SKILL.md — kept as sent',
      'scripts/run.py — kept as sent',
    ]);
    // The zone holds every file as it was in us-1 (read as another client would).
    const eu = zones.base['eu-1']!;
    const id = await skillIdByName(eu, zones.token['eu-1']!, 'cmp-skill');
    for (const [p, text] of Object.entries(SKILL_FILES))
      expect(await zoneFile(eu, zones.token['eu-1']!, id, p)).toBe(text);
    // And the app reads it back there, file by file.
    await dialog.getByRole('button', { name: 'Open in eu-1' }).click();
    const tree = page.getByRole('tree', { name: 'Files' });
    await tree.getByRole('treeitem', { name: 'SKILL.md' }).click();
    await expect.poll(() => shownText(page, 'SKILL.md'), { timeout: 15_000 }).toContain('Say SKILL-MARKER-7.');
    const folder = tree.getByRole('treeitem', { name: 'scripts', exact: true });
    if ((await folder.getAttribute('aria-expanded')) === 'false') await folder.click();
    await tree.getByRole('treeitem', { name: 'scripts/run.py' }).click();
    await expect.poll(() => shownText(page, 'scripts/run.py'), { timeout: 15_000 }).toContain('RUN-MARKER-9');
  });

  it('copies a draft into a protected zone only after its name is typed', async () => {
    const { page } = app;
    await selectZone(page, 'ap-1');
    await page.getByRole('button', { name: 'Zone actions' }).click();
    await page.getByText('Mark as protected…', { exact: true }).click();
    await page.getByRole('button', { name: 'Protect ap-1' }).click();
    await openWorkflow(page, 'eu-1');
    await page
      .getByRole('toolbar', { name: 'Actions for cmp-flow' })
      .getByRole('button', { name: 'Copy to zone…' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Copy cmp-flow to another zone' });
    await dialog.getByLabel('Copy to zone').selectOption({ label: 'ap-1 (protected)' });
    await dialog.getByText('ap-1 has no workflow named cmp-flow: the copy creates one.').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Draft — will be added' }).waitFor();

    // Asked for the zone's name; cancelled, nothing reaches the zone.
    await dialog.getByRole('button', { name: 'Copy to ap-1' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'ap-1 is a protected zone' });
    expect(await ask.getByRole('button', { name: 'Copy to ap-1' }).isDisabled()).toBe(true);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await workflowsIn(zones, 'ap-1')).map((w) => w.name)).not.toContain('cmp-flow');

    await dialog.getByRole('button', { name: 'Copy to ap-1' }).click();
    await ask.getByLabel('Type ap-1 to confirm').fill('ap-1');
    await ask.getByRole('button', { name: 'Copy to ap-1' }).click();
    const kept = dialog.getByRole('region', { name: 'What ap-1 kept' });
    await kept.getByText('Draft — kept as sent').waitFor({ timeout: 20_000 });
    await kept.getByText('The copy is a draft: open it there to publish and deploy it.').waitFor();
    expect(await draftIn(zones, 'ap-1')).toEqual(spec('eu draft'));
    // Never published or deployed by the copy.
    const copied = (await workflowsIn(zones, 'ap-1')).find((w) => w.name === 'cmp-flow')!;
    const versions = `/api/v1/workflows/${String(copied.id)}/versions`;
    expect(await sandboxCall(zones.base['ap-1']!, zones.token['ap-1']!, 'GET', versions)).toMatchObject({ items: [] });

    // Into us-1's existing cmp-flow, which keeps its draft as text under `definition`: asked first, then replaced.
    await dialog.getByLabel('Copy to zone').selectOption({ label: 'us-1' });
    await dialog.getByRole('button', { name: 'Draft — will replace the target’s' }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Copy to us-1' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'This replaces Draft of cmp-flow in us-1' })
      .getByRole('button', { name: 'Copy to us-1' })
      .click();
    const usKept = dialog.getByRole('region', { name: 'What us-1 kept' });
    await usKept.getByText('Draft — kept as sent').waitFor({ timeout: 20_000 });
    expect(await draftIn(zones, 'us-1')).toEqual(spec('eu draft'));
    await usKept.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('compares config vars with secret values masked, and copies them into a zone that lists them as pairs', async () => {
    const { page } = app;
    await selectZone(page, 'eu-1');
    await openCompute(page, 'Containers');
    await selectRow(page, 'Containers', 'worker-1');
    const pane = page.getByRole('complementary', { name: 'Details of worker-1' });
    await openTab(pane, 'Config vars');
    await pane.getByRole('button', { name: 'Compare across zones' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare worker-1 across zones' });
    await dialog.getByRole('row', { name: 'us-1: present, differs' }).waitFor({ timeout: 20_000 });
    const diff = dialog.getByRole('region', { name: 'Differences between eu-1 and us-1' });
    await expect.poll(() => diffSide(diff, 'original'), { timeout: 20_000 }).toContain('API_TOKEN=••••••••');
    expect(await diffSide(diff, 'original')).not.toContain(SECRET);
    expect(await diffSide(diff, 'modified')).toContain('LOG_LEVEL=info');
    await dialog.getByLabel('Reveal secret values').check();
    await expect.poll(() => diffSide(diff, 'original')).toContain(`API_TOKEN=${SECRET}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await pane.getByRole('button', { name: 'Copy to zone…' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy worker-1 to another zone' });
    await copy.getByLabel('Copy to zone').selectOption({ label: 'us-1' });
    const plan = copy.getByRole('list', { name: 'What the copy does in us-1' });
    await plan.getByRole('button', { name: 'API_TOKEN — will be added' }).waitFor({ timeout: 20_000 });
    await plan.getByRole('button', { name: 'LOG_LEVEL — will replace the target’s' }).waitFor();
    await plan.getByRole('button', { name: 'API_TOKEN — will be added' }).click();
    await expect.poll(() => diffSide(copy, 'modified'), { timeout: 20_000 }).toContain('••••••••');
    expect(await diffSide(copy, 'modified')).not.toContain(SECRET);
    // Replacing the target's LOG_LEVEL is asked about first.
    await copy.getByRole('button', { name: 'Copy to us-1' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'This replaces LOG_LEVEL of worker-1 in us-1' });
    await ask.getByRole('button', { name: 'Copy to us-1' }).click();
    const kept = copy.getByRole('region', { name: 'What us-1 kept' });
    await kept.getByText('LOG_LEVEL — kept as sent').waitFor({ timeout: 20_000 });
    expect(await kept.getByRole('listitem').allTextContents()).toEqual([
      'API_TOKEN — kept as sent',
      'LOG_LEVEL — kept as sent',
    ]);
    expect(await zoneVars(zones, 'us-1')).toEqual({ API_TOKEN: SECRET, LOG_LEVEL: 'debug' });
    await kept.getByRole('button', { name: 'Close' }).click();
    await copy.waitFor({ state: 'detached' });
  });

  it('lists each of these changes in the journal and nothing else, with no value in its file', async () => {
    const { page } = app;
    // From the palette (Ctrl+K), and the sidebar lists it under All zones.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('changes from this machine');
    await palette.getByRole('option', { name: /eu-1 › All zones › Changes from this machine/ }).waitFor();
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Changes' });
    await table.waitFor();
    const nav = page.getByRole('navigation', { name: 'Areas' });
    await nav.getByRole('button', { name: 'Changes from this machine', exact: true }).waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(6);
    const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
    const skill = await skillIdByName(zones.base['eu-1']!, zones.token['eu-1']!, 'cmp-skill');
    // Newest first: the vars and the draft into us-1, the draft into ap-1, the files and the skill into eu-1.
    const expected = [
      ['us-1', 'Containers', 'configVars replace', zones.worker['us-1'], 'Done'],
      // A draft's update names no record name, and this zone answers it empty: the id stands for it.
      ['us-1', 'Workflows', 'update', zones.flow['us-1'], 'Done'],
      ['ap-1', 'Workflows', 'create', 'cmp-flow', 'Done'],
      ['eu-1', 'Skills', 'files put', skill, 'Done'],
      ['eu-1', 'Skills', 'files put', skill, 'Done'],
      ['eu-1', 'Skills', 'create', 'cmp-skill', 'Done'],
    ];
    for (const [i, row] of expected.entries()) {
      expect((await cells(i)).slice(1, 6)).toEqual(row);
      expect((await cells(i))[7]).toBe('dev@example.com');
    }
    // The vars entry names the field sent, never a value.
    expect((await cells(0))[6]).toBe('vars');
    expect(await seriousViolations(page, 'changes from this machine', true)).toEqual([]);

    await page.getByLabel('Zone', { exact: true }).selectOption({ label: 'ap-1' });
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Zone', { exact: true }).selectOption({ label: 'All zones' });
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Skills' });
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByLabel('Outcome', { exact: true }).selectOption({ label: 'Failed' });
    await page.getByText('No change matches.').waitFor();
    await page.getByLabel('Outcome', { exact: true }).selectOption({ label: 'Any outcome' });
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'All kinds' });

    // Both exports hold every entry, names only.
    const saved = (button: string, file: string) => download(page, button, path.join(app.dataDir, file));
    const csv = await saved('Export CSV', 'changes.csv');
    expect(csv.trim().split('\r\n')).toHaveLength(7);
    expect(csv.split('\r\n')[0]).toMatch(/^at,zone,zoneName,user,op,/);
    const json = JSON.parse(await saved('Export JSON', 'changes.json')) as { op: string }[];
    expect(json.map((e) => e.op)).toEqual([
      'containers.configVars.replace',
      'workflows.update',
      'workflows.create',
      'skills.files.put',
      'skills.files.put',
      'skills.create',
    ]);
    for (const text of [csv, JSON.stringify(json)]) expect(text).not.toContain(SECRET);

    // An entry opens its target where it lives.
    await table.getByRole('button', { name: 'Open cmp-flow in ap-1' }).click();
    await page.getByRole('complementary', { name: 'Details of cmp-flow' }).waitFor({ timeout: 15_000 });

    // Names only: no file's text, no spec, no token in the journal file.
    const text = readFileSync(path.join(app.dataDir, 'changes.jsonl'), 'utf8');
    expect(text.trim().split('\n')).toHaveLength(6);
    for (const value of [
      SECRET,
      'SKILL-MARKER-7',
      'RUN-MARKER-9',
      'eu draft',
      'sandbox-small',
      'sandbox-dev',
      'Bearer',
    ])
      expect(text).not.toContain(value);
    expectNoTokens(text);
  });
});
