/**
 * The workflow editor end to end in Chromium through the browser host: create a workflow, make its
 * draft invalid (markers on the node's line, the problems list, the picture), a refused publish that
 * loses nothing, publish version 2, diff it with version 1, restore version 1 into the draft, and a
 * delete refused because a run of the seeded `triage` workflow is in flight.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';

const chrome = chromiumOrSkip();
const NAME = 'e2e-editor';

/** The starter spec with the llm node's prompt as given (none: invalid), on one line (typed into Monaco). */
function spec(prompt?: string): string {
  const answer = { id: 'answer', type: 'llm', ...(prompt ? { prompt } : {}), model: 'sandbox-small' };
  return JSON.stringify({
    nodes: [{ id: 'in', type: 'input' }, answer, { id: 'out', type: 'output' }],
    edges: [
      { from: 'in', to: 'answer' },
      { from: 'answer', to: 'out' },
    ],
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(450);
    await page.screenshot({ path: `${SHOTS}/workflows-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Replaces the whole text of the Monaco editor inside `region`, then formats it (one node a few lines). */
async function replaceText(page: Page, region: Locator, text: string): Promise<void> {
  await region.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await region.getByRole('button', { name: 'Format' }).click();
  await region.locator('.view-line').filter({ hasText: '"id": "answer",' }).waitFor();
}

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.n-message').filter({ hasText: text }).first().waitFor();
}

describe.runIf(chrome)('workflow editor', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    await openSection(app.page, 'Workflows'); // its first section is Workflows
  });
  afterAll(async () => app?.close());

  it('lists workflows and creates one with a valid starter draft', async () => {
    const { page } = app;
    const list = page.getByRole('table', { name: 'Workflows' });
    await list.getByRole('row').filter({ hasText: 'triage' }).getByText('Deployed v1').waitFor();
    await shoot(page, 'list');
    await page.getByRole('button', { name: 'Create workflow' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Create a workflow/ });
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Description').fill('Answers questions, for the editor test');
    await dialog.getByRole('button', { name: 'Create workflow' }).click();
    const draft = page.getByRole('region', { name: `Draft of ${NAME}` });
    await draft.locator('.monaco-editor .view-lines').getByText('"id": "answer"').waitFor();
    await draft.getByRole('region', { name: 'Problems' }).getByText('No problems').waitFor();
    await draft.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published version 1');
  });

  it('marks an invalid node in the editor, the problems list and the picture; a refused publish loses nothing', async () => {
    const { page } = app;
    const draft = page.getByRole('region', { name: `Draft of ${NAME}` });
    await draft.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{"nodes": [], "edges": []}');
    await draft
      .getByRole('alert', { name: 'Problems with the whole spec' })
      .getByText('spec needs at least one node')
      .waitFor();
    await replaceText(page, draft, spec());
    const problems = draft.getByRole('list', { name: 'Problems by node' });
    const item = problems.getByRole('button').filter({ hasText: 'llm node needs a prompt' });
    await item.filter({ hasText: 'node answer' }).waitFor();
    // Monaco's squiggle sits on the line of the answer node's id.
    const line = draft.locator('.view-line').filter({ hasText: '"id": "answer"' });
    const squiggles = draft.locator('.view-overlays .squiggly-error');
    await squiggles.first().waitFor();
    const lineBox = (await line.boundingBox())!;
    const boxes = await squiggles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(boxes.some((top) => Math.abs(top - lineBox.y) < 3)).toBe(true);
    const picture = draft.getByRole('region', { name: 'Workflow graph' });
    await picture.getByRole('button', { name: /^answer — has problems$/ }).waitFor();
    expect(await picture.getByRole('button', { name: /^in — has problems$/ }).count()).toBe(0);
    await draft.getByText('Unsaved changes').waitFor();
    // Selection both ways: a problem → its node in the picture; a node → its text; the cursor → its node.
    await item.click();
    await picture.getByRole('button', { name: /^answer — has problems$/, pressed: true }).waitFor();
    await picture.getByRole('button', { name: 'out', exact: true }).click();
    const outLine = (await draft.locator('.view-line').filter({ hasText: '"id": "out"' }).boundingBox())!;
    // Monaco paints the selection on its next frame.
    await expect
      .poll(() =>
        draft
          .locator('.view-overlays .selected-text')
          .evaluateAll((els, y) => els.some((e) => Math.abs(e.getBoundingClientRect().top - y) < 3), outLine.y),
      )
      .toBe(true);
    await draft.locator('.view-line').filter({ hasText: '"type": "input"' }).click();
    await picture.getByRole('button', { name: 'in', exact: true, pressed: true }).waitFor();
    await item.click();
    await shoot(page, 'editor-problems');

    await draft.getByRole('button', { name: 'Publish' }).click();
    await toast(page, /Not published/);
    await draft
      .getByRole('region', { name: 'Problems' })
      .getByText(/publish refused/)
      .waitFor();
    await expect(draft.locator('.view-lines').textContent()).resolves.toContain('sandbox-small');
    await expect(draft.locator('.view-lines').textContent()).resolves.not.toContain('prompt');
    await problems.getByRole('button').filter({ hasText: 'node answer' }).waitFor();
  });

  it('publishes version 2, diffs it with version 1 and restores version 1 into the draft', async () => {
    const { page } = app;
    const draft = page.getByRole('region', { name: `Draft of ${NAME}` });
    await replaceText(page, draft, spec('Version two: {{input}}'));
    await draft.getByRole('region', { name: 'Problems' }).getByText('No problems').waitFor();
    await draft.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published version 2');

    const details = page.getByRole('complementary', { name: `Details of ${NAME}` });
    await details.getByRole('tab', { name: 'Versions', exact: true }).click();
    const versions = page.getByRole('region', { name: `Versions of ${NAME}` });
    await versions.getByRole('button', { name: 'Open version 2' }).waitFor();
    const diff = versions.getByRole('region', { name: 'Compare version 1 with version 2' });
    await diff.locator('.line-insert, .char-insert').first().waitFor();
    await diff.getByText('Version two').first().waitFor();
    await shoot(page, 'versions-diff');

    await versions.getByRole('button', { name: 'Open version 1' }).click();
    await versions.locator('.view-lines').getByText('Answer briefly').waitFor();
    await shoot(page, 'versions-one');
    await versions.getByRole('button', { name: 'Restore this version into the draft…' }).click();
    await page.getByRole('button', { name: `Restore version 1 into ${NAME}` }).click();
    await draft.getByText('Unsaved changes').waitFor();
    await draft.locator('.view-lines').getByText('Answer briefly').waitFor();
    await draft.getByRole('button', { name: 'Discard changes' }).click();
    await draft.locator('.view-lines').getByText('Version two').waitFor();
  });

  it('does not overwrite unsaved edits when the draft changes on the zone', async () => {
    const { page } = app;
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const token = await sandboxToken(base);
    const all = (await sandboxCall(base, token, 'GET', '/api/v1/workflows')).items as { id: string; name: string }[];
    const mine = all.find((w) => w.name === NAME)!;
    const draft = page.getByRole('region', { name: `Draft of ${NAME}` });
    await replaceText(page, draft, spec('Mine: {{input}}'));
    await draft.getByText('Unsaved changes').waitFor();
    await sandboxCall(base, token, 'PUT', `/api/v1/workflows/${mine.id}`, {
      draft_spec: JSON.parse(spec('Theirs: {{input}}')),
    });

    const stale = draft.getByRole('alert', { name: 'Draft changed on the zone' });
    await stale.waitFor({ timeout: 20_000 }); // the record is read again every 10 s
    await expect(draft.locator('.view-lines').textContent()).resolves.toContain('Mine:');
    await stale.getByRole('button', { name: 'Show the difference' }).click();
    await stale
      .getByRole('region', { name: 'The zone’s draft compared with yours' })
      .getByText('Theirs:')
      .first()
      .waitFor();
    await shoot(page, 'editor-stale');
    await stale.getByRole('button', { name: 'Keep mine (saving replaces theirs)' }).click();
    await stale.waitFor({ state: 'detached' });
    await draft.getByText('Unsaved changes').waitFor();
    await draft.getByRole('button', { name: 'Discard changes' }).click();
    await draft.locator('.view-lines').getByText('Theirs:').waitFor();
  });

  it('keeps the typed draft, unsaved, when the zone answers the save but keeps an older draft', async () => {
    const { page } = app;
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const token = await sandboxToken(base);
    const all = (await sandboxCall(base, token, 'GET', '/api/v1/workflows')).items as { id: string; name: string }[];
    const mine = all.find((w) => w.name === NAME)!;
    // The zone answers the next two saves with an empty record and stores nothing: its draft stays the old one.
    await sandboxCall(base, token, 'POST', '/_sandbox/faults', {
      reply: { mode: 'malformed', route: 'workflows.update', status: 200, body: '{}', count: 2 },
    });
    const draft = page.getByRole('region', { name: `Draft of ${NAME}` });
    await replaceText(page, draft, spec('Typed_here {{input}}'));
    await draft.getByRole('button', { name: 'Save' }).click();
    await toast(page, /kept an older draft/);
    const notKept = draft.getByRole('alert', { name: 'Draft not kept by the zone' });
    await notKept.getByText('The zone kept an older draft').waitFor();
    await expect(draft.locator('.view-lines').textContent()).resolves.toContain('Typed_here');
    await draft.getByText('Unsaved changes').waitFor();
    await notKept.getByRole('button', { name: 'Show the zone’s draft' }).click();
    await notKept
      .getByRole('region', { name: 'The zone’s draft compared with yours' })
      .getByText('Theirs:')
      .first()
      .waitFor();
    await shoot(page, 'editor-not-kept');
    // Publish does not publish the zone's older draft in place of the typed one.
    await draft.getByRole('button', { name: 'Publish' }).click();
    await toast(page, /did not keep the draft/);
    // Both faulty replies are used: saving again keeps the text, and the zone holds it.
    await notKept.getByRole('button', { name: 'Save again' }).click();
    await toast(page, `Saved the draft of ${NAME}.`);
    await notKept.waitFor({ state: 'detached' });
    await draft.getByText('Saved on the zone').waitFor();
    const held = await sandboxCall(base, token, 'GET', `/api/v1/workflows/${mine.id}`);
    expect(JSON.stringify(held.draft_spec)).toContain('Typed_here');
  });

  it('explains a delete refused because a run is in flight, and deletes a workflow without runs', async () => {
    const { page } = app;
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const token = await sandboxToken(base);
    const all = (await sandboxCall(base, token, 'GET', '/api/v1/workflows')).items as { id: string; name: string }[];
    const triage = all.find((w) => w.name === 'triage')!;
    const started = await sandboxCall(base, token, 'POST', `/api/v1/workflows/${triage.id}/run`, { input: 'hi' });

    await page.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: 'triage' }).click();
    const details = page.getByRole('complementary', { name: 'Details of triage' });
    await details.getByRole('button', { name: 'Delete…' }).click();
    await page.getByLabel('Type triage to confirm').fill('triage');
    await page.getByRole('button', { name: 'Delete triage' }).click();
    const refused = details.getByRole('alert', { name: 'Delete refused' });
    await refused.getByText('still in flight').waitFor();
    await refused.getByText('HTTP 409').waitFor();
    const runs = refused.getByRole('list', { name: 'Runs in flight' });
    await runs.getByRole('button', { name: `Cancel run ${String(started.id)}` }).waitFor();
    await refused.getByRole('button', { name: 'Cancel all and delete' }).waitFor();
    await shoot(page, 'delete-409');

    await runs.getByRole('button', { name: `Cancel run ${String(started.id)}` }).click();
    await refused.getByText('No runs are in flight any more').waitFor();
    const run = await sandboxCall(base, token, 'GET', `/api/v1/workflow-runs/${String(started.id)}`);
    expect(run.status).toBe('cancelled');
    await refused.getByRole('button', { name: 'Dismiss' }).click();

    await page.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: NAME }).click();
    const mine = page.getByRole('complementary', { name: `Details of ${NAME}` });
    await mine.getByRole('button', { name: 'Delete…' }).click();
    await page.getByLabel(`Type ${NAME} to confirm`).fill(NAME);
    await page.getByRole('button', { name: `Delete ${NAME}` }).click();
    await toast(page, `Deleted ${NAME}.`);
    await mine.waitFor({ state: 'detached' });
    await expect(
      page.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: NAME }).count(),
    ).resolves.toBe(0);
  });
});
