/**
 * The journeys of issue #22 against four dialects of the sandbox: standard, variant and two seeds
 * that choose, for every point the spec leaves "not shown", one of several plausible answers
 * (envelopes, field and parameter names, body encodings, event names, state words and their case,
 * error bodies), and refuse a write in other names as a real zone would. Everything goes through
 * the UI, so the app must read each zone's shapes and write in its words: compute, skills, the
 * workflow editor, production (deploy, canary, evals, a live run, approval, cancel), workspaces.
 * Since #34 also against zones in words nobody here wrote (random:N) and in whole public API
 * styles (style:*), each running the journeys support/journeys.ts lists for it.
 */
import { expect } from 'vitest';
import { details, expectState, openSection as openCompute, selectRow } from './compute-steps';
import { describeDialects } from './dialect-suite';
import { answerDialog } from './dialogs';
import { openSection } from './infra-flows';
import {
  CANCELLED,
  editorText,
  journeySpec,
  pickOption,
  replaceEditorText,
  journeyIt,
  type Journey,
  runDetail,
  runStatus,
  SUCCEEDED,
} from './journeys';
import { openWorkflowTab, workflowTab } from './workflow-prod';
import { openWorkspaceTab } from './workspaces';
import { fillCreateForm } from './ws-manage';
import { closeTab, editorOf, shownText } from './skill-steps';
import { A_STATE, chooseFieldsIfAsked, chooseWriteNamesIfAsked } from './choose-fields';
import { documentedName } from './zone-docs';

const WF = 'journey-flow';
const GATED_WF = 'journey-gated';
const HERE: readonly Journey[] = ['compute', 'skills', 'workflow', 'deploy', 'runs', 'cms', 'workspace'];
// A dialect that runs none of this file's journeys has no suite here (an empty one fails).

/** Part `part` of `of` of the dialects that run any of HERE (support/dialect-suite.ts). */
export function describeDialectJourneys(part: number, of: number): void {
  describeDialects('any zone: the journeys against the %s dialect', HERE, { part, of }, (dialect, app) => {
    journeyIt(dialect, 'compute')('stops and starts a container, each task ending in its settled state', async () => {
      const { page } = app();
      await openCompute(page, 'Containers');
      await page
        .getByRole('table', { name: 'Containers', exact: true })
        .getByRole('row', { name: /worker-1/ })
        .waitFor();
      // A zone whose containers carry their state twice alike (current, desired): chosen once, by value.
      await chooseFieldsIfAsked(page, { state: A_STATE });
      await selectRow(page, 'Containers', 'worker-1');
      const pane = details(page, 'worker-1');
      await pane.getByRole('button', { name: 'Stop', exact: true }).click();
      await answerDialog(page, 'Stop worker-1');
      await expectState(page, 'worker-1', 'stopped');
      await pane.getByRole('button', { name: 'Start', exact: true }).click();
      await expectState(page, 'worker-1', 'running');
      expect(await page.getByText('did not finish in time').count()).toBe(0);
      await expect(pane.getByRole('button', { name: 'Stop', exact: true }).isEnabled()).resolves.toBe(true);
    });

    journeyIt(dialect, 'skills')('reads, edits and saves a skill file, and reads back what was saved', async () => {
      const { page } = app();
      await openSection(page, 'Workflows', 'Skills');
      await page.getByRole('list', { name: 'Skill list' }).getByRole('button', { name: 'summarize' }).click();
      await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'SKILL.md' }).click();
      await expect.poll(() => shownText(page, 'SKILL.md'), { timeout: 15_000 }).toMatch(/\S/);
      expect(await page.getByText('could not be read').count()).toBe(0);
      const text = `---\nname: summarize\ndescription: Journey in ${dialect}.\n---\n# Summarize\n`;
      await replaceEditorText(page, editorOf(page, 'SKILL.md'), text);
      await page.getByRole('tab', { name: 'SKILL.md, unsaved' }).waitFor();
      await page.keyboard.press('ControlOrMeta+S');
      await page.getByRole('tab', { name: 'SKILL.md', exact: true }).waitFor({ timeout: 15_000 });
      await closeTab(page, 'SKILL.md');
      await editorOf(page, 'SKILL.md').waitFor({ state: 'detached' });
      await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'SKILL.md' }).click();
      await expect.poll(() => shownText(page, 'SKILL.md')).toContain(`Journey in ${dialect}.`);
    });

    journeyIt(dialect, 'workflow')(
      'creates a workflow, saves an edited draft that stays as typed, and publishes it',
      async () => {
        const { page } = app();
        // The area is open at Skills; its first section is Workflows.
        await page
          .getByRole('navigation', { name: 'Areas' })
          .getByRole('button', { name: 'Workflows', exact: true })
          .last()
          .click();
        await page.getByRole('table', { name: 'Workflows' }).waitFor();
        for (const [name, gate] of [
          [WF, false],
          [GATED_WF, true],
        ] as const) {
          await page.getByRole('button', { name: 'Create workflow' }).first().click();
          const dialog = page.getByRole('dialog', { name: /Create a workflow/ });
          await dialog.getByLabel('Name').fill(name);
          await dialog.getByRole('button', { name: 'Create workflow' }).click();
          const draft = page.getByRole('region', { name: `Draft of ${name}` });
          await expect.poll(() => editorText(draft), { timeout: 15_000 }).toContain('"answer"');
          await replaceEditorText(page, draft, journeySpec(`Say hi in ${dialect}: {{input}}`, gate));
          await draft.getByText('Unsaved changes').waitFor();
          await draft.getByRole('button', { name: 'Save', exact: true }).click();
          await draft.getByText('Saved on the zone').waitFor({ timeout: 15_000 });
          // What the user typed stays: no reply or read-back puts an older draft in its place.
          expect(await editorText(draft)).toContain(`Say hi in ${dialect}`);
          await draft.getByRole('button', { name: 'Publish' }).click();
          await page.locator('.n-message').filter({ hasText: 'Published version 1' }).first().waitFor();
        }
      },
    );

    journeyIt(dialect, 'deploy')(
      'deploys, runs a suite against primary, and starts and promotes a canary',
      async () => {
        const { page } = app();
        const pane = await openWorkflowTab(page, WF, 'Deployment');
        await pane.getByLabel('Version to deploy').click();
        await pickOption(page, 'v1');
        await pane.getByRole('button', { name: 'Deploy', exact: true }).click();
        await pane.getByText('Deployed v1', { exact: true }).first().waitFor({ timeout: 15_000 });

        await workflowTab(pane, 'Evals').click();
        await pane.getByRole('button', { name: 'Add case' }).click();
        const form = pane.getByRole('form', { name: 'New eval case' });
        await form.getByLabel('Case name').fill('says hi');
        await form.getByRole('radio', { name: 'Contains' }).check({ force: true });
        await form.getByLabel('Case input').fill('there');
        await form.getByLabel('Expected text').fill('Say hi');
        await form.getByRole('button', { name: 'Save case' }).click();
        // A zone in names nobody here wrote may ask for fields the app cannot tell apart, or drop them:
        // named once by its documentation (the dialect's own names), as a person who knows the zone would.
        await chooseWriteNamesIfAsked(page, form, (std) => documentedName(dialect, std));
        await pane.getByRole('table', { name: 'Eval cases' }).getByRole('row').filter({ hasText: 'says hi' }).waitFor();
        const run = pane.getByRole('button', { name: 'Run suite against primary' });
        await expect(run.isEnabled()).resolves.toBe(true);
        await run.click();
        await pane
          .getByRole('list', { name: 'Eval suites, newest first' })
          .getByText('1 passed · 0 failed')
          .waitFor({ timeout: 15_000 });

        // A second version, as a canary at 20 %, then promoted.
        await workflowTab(pane, 'Editor').click();
        const draft = page.getByRole('region', { name: `Draft of ${WF}` });
        await replaceEditorText(page, draft, journeySpec(`Say hello in ${dialect}: {{input}}`));
        await draft.getByRole('button', { name: 'Publish' }).click();
        await page.locator('.n-message').filter({ hasText: 'Published version 2' }).first().waitFor();
        await workflowTab(pane, 'Deployment').click();
        const canary = pane.getByRole('region', { name: 'Canary' });
        await canary.getByLabel('Canary version').click();
        await pickOption(page, 'v2');
        await canary.getByRole('slider', { name: 'Canary weight (%)' }).fill('20');
        await canary.getByRole('button', { name: 'Start canary' }).click();
        await canary.getByText('Canary v2 at 20 %').waitFor({ timeout: 15_000 });
        await canary.getByRole('button', { name: 'Promote canary' }).click();
        await pane.getByText('Deployed v2', { exact: true }).first().waitFor({ timeout: 15_000 });
      },
    );

    journeyIt(dialect, 'runs')(
      'watches a run live to its gate, approves it, and cancels another at the gate',
      async () => {
        const { page } = app();
        let pane = await openWorkflowTab(page, GATED_WF, 'Deployment');
        await pane.getByLabel('Version to deploy').click();
        await pickOption(page, 'v1');
        await pane.getByRole('button', { name: 'Deploy', exact: true }).click();
        await pane.getByText('Deployed v1', { exact: true }).first().waitFor({ timeout: 15_000 });
        pane = await openWorkflowTab(page, GATED_WF, 'Runs');

        for (const decision of ['Approve', 'Cancel run'] as const) {
          await pane.getByLabel('Run input').fill('"ship"');
          const start = pane.getByRole('button', { name: 'Start run' });
          await expect(start.isEnabled()).resolves.toBe(true);
          await start.click();
          const detail = runDetail(pane);
          const gate = detail.getByRole('region', { name: 'Approval gate' });
          await gate.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
          await gate.getByRole('button', { name: 'Reject' }).waitFor();
          await detail.getByRole('button', { name: 'Cancel run' }).waitFor();
          if (decision === 'Approve') {
            await gate.getByRole('button', { name: 'Approve' }).click();
            await expect.poll(() => runStatus(detail), { timeout: 20_000 }).toMatch(SUCCEEDED);
          } else {
            await detail.getByRole('button', { name: 'Cancel run' }).click();
            await answerDialog(page, /^Cancel /);
            await expect.poll(() => runStatus(detail), { timeout: 20_000 }).toMatch(CANCELLED);
          }
          await expect.poll(() => detail.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
          await detail.getByRole('button', { name: '← Back to runs' }).click();
        }
      },
    );

    journeyIt(dialect, 'cms')('runs CMS commands and tells a failed one from a passed one', async () => {
      const { page } = app();
      await openSection(page, 'Workspaces', 'Workspaces');
      const pane = await openWorkspaceTab(page, 'company-site', 'CMS commands');
      const region = pane.getByRole('region', { name: 'CMS commands of company-site' });
      const box = region.getByRole('textbox', { name: 'Command' });
      const out = region.getByRole('log', { name: 'Command output' });
      await box.fill('option get blogname');
      await page.keyboard.press('Enter');
      await out
        .getByRole('listitem', { name: 'option get blogname' })
        .getByText(/Passed/)
        .waitFor();
      await box.fill('frobnicate now');
      await page.keyboard.press('Enter');
      const failed = out.getByRole('listitem', { name: 'frobnicate now' });
      await failed.getByText(/Failed/).waitFor();
      expect(await failed.getByText(/Passed/).count()).toBe(0);
    });

    journeyIt(dialect, 'workspace')(
      'creates a workspace under the name typed, starts a chat that shows its prompt, and deploys showing the commit',
      async () => {
        const { page } = app();
        const made = `journey-${dialect.replace(':', '-')}`;
        const list = page.getByRole('table', { name: 'Workspaces' });
        const dialog = await fillCreateForm(page, { name: made, newRepo: 'journey-repo' });
        await dialog.getByRole('button', { name: 'Create workspace' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await list.getByText(made, { exact: true }).waitFor({ timeout: 15_000 });

        const chats = await openWorkspaceTab(page, 'shop', 'Chats');
        await chats.getByLabel('Prompt').fill(`Banner for ${dialect}`);
        await chats.getByRole('button', { name: 'Start chat' }).click();
        await expect
          .poll(() => chats.getByRole('list', { name: 'Chats' }).getByRole('listitem').first().textContent(), {
            timeout: 10_000,
          })
          .toContain(`Banner for ${dialect}`);

        const cicd = await openWorkspaceTab(page, 'shop', 'CI/CD');
        await cicd.getByRole('button', { name: 'Deploy now' }).click();
        const rows = cicd.getByRole('table', { name: 'Deployments of shop' }).locator('tbody tr');
        await expect.poll(() => rows.first().textContent(), { timeout: 10_000 }).toContain('manual');
        // Its commit is shown, wherever the zone put it (flat, or inside a commit record with its message).
        expect(await rows.first().innerText()).toMatch(/\b[0-9a-f]{7}\b/);

        // Deleted by the id the zone's list gave it, in the zone's own route; its row is gone once its
        // details close (taken out on the zone's yes, not left for the next read).
        await list.getByText(made, { exact: true }).click();
        const pane = page.getByRole('complementary', { name: `Details of ${made}` });
        await pane.getByRole('button', { name: 'Delete…' }).click();
        await page.getByLabel(`Type ${made} to confirm`).fill(made);
        await answerDialog(page, `Delete ${made}`);
        await pane.waitFor({ state: 'detached' });
        expect(await list.getByText(made, { exact: true }).count()).toBe(0);
        await list.getByText('shop', { exact: true }).waitFor();
      },
    );
  });
}
