/**
 * A workflow record in another zone's words, end to end: the zone (the sandbox with its
 * `workflows.get` reply replaced) names its runners as a list with roles, or shows no deployment
 * at all. The header says what the record says ("Deployed v1 · canary", or that the zone does not
 * show it, never a guessed "Not deployed"), and Start run, Run suite against primary, Undeploy,
 * the canary and Promote stay offered unless the record positively rules them out.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxToken } from './support/infra-sandbox';
import { makeWorkflow, openWorkflowTab, QUICK, setFaults, shootWorkflow, workflowTab } from './support/workflow-prod';

const chrome = chromiumOrSkip();
const NAME = 'words-flow';

describe.runIf(chrome)('a workflow record in another zone’s words', () => {
  let app: AppUnderTest;
  let base: string;
  let id: string;
  /** The zone's workflow record, as this zone would send it. */
  const answerGet = (rec: Record<string, unknown>) =>
    setFaults(base, {
      reply: { mode: 'malformed', route: 'workflows.get', status: 200, body: JSON.stringify({ uuid: id, ...rec }) },
    });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    base = sandboxBaseUrl(app.dataDir, 'eu-1');
    id = (await makeWorkflow(base, await sandboxToken(base), NAME, QUICK)).id;
    await openSection(app.page, 'Workflows');
  });
  afterAll(async () => {
    if (base) await setFaults(base, { reply: null });
    await app?.close();
  });

  async function header(): Promise<Locator> {
    const pane = await openWorkflowTab(app.page, NAME, 'Deployment');
    return pane;
  }

  it('reads runners named by role: deployed with a canary, Promote and Stop offered', async () => {
    await answerGet({
      title: NAME,
      definition: QUICK,
      latest_version: 1,
      runners: [
        { role: 'primary', version: 1, status: 'running' },
        { role: 'canary', version: 1, weight_percent: 10 },
      ],
    });
    const pane = await header();
    await pane.getByText('Deployed v1 · canary v1 at 10 %').first().waitFor();
    const canary = pane.getByRole('region', { name: 'Canary' });
    await canary.getByRole('button', { name: 'Promote canary' }).waitFor();
    await canary.getByRole('button', { name: 'Stop canary' }).waitFor();
    await pane.getByRole('button', { name: 'Undeploy' }).waitFor();
    await shootWorkflow(app.page, 'words-runners');
  });

  it('a record that shows no deployment: said so, and every action still offered', async () => {
    await answerGet({ title: NAME, definition: QUICK, rollout: { lane: 'blue-lane' } });
    const pane = await header();
    await pane.getByText('Deployment: not shown by this zone').first().waitFor({ timeout: 20_000 });
    // The field nobody reads is named on screen and in the log, its value nowhere in the log.
    await pane.getByText('rollout', { exact: true }).waitFor();
    const log = path.join(app.dataDir, 'logs', 'zonedeck.log');
    await expect
      .poll(() => (existsSync(log) ? readFileSync(log, 'utf8') : ''), { timeout: 5_000 })
      .toMatch(/a reply of workflow from eu-1 has fields Zonedeck doesn't read.*"rollout"/);
    expect(readFileSync(log, 'utf8')).not.toContain('blue-lane');
    expect(await pane.getByText('Not deployed', { exact: true }).count()).toBe(0);
    await pane.getByText('Zonedeck could not find the deployment').waitFor();
    await pane.getByRole('button', { name: 'Undeploy' }).waitFor();
    const canary = pane.getByRole('region', { name: 'Canary' });
    await canary.getByRole('button', { name: 'Promote canary' }).waitFor();
    // The record shows no latest version: the versions list gives the choices, so a canary can start.
    await expect.poll(() => canary.getByRole('button', { name: 'Start canary' }).isEnabled()).toBe(true);
    await shootWorkflow(app.page, 'words-unknown');

    await workflowTab(pane, 'Evals').click();
    expect(await pane.getByRole('button', { name: 'Run suite against primary' }).isEnabled()).toBe(true);
    await workflowTab(pane, 'Runs').click();
    const start = pane.getByRole('button', { name: 'Start run' });
    await start.waitFor();
    expect(await start.isEnabled()).toBe(true);
  });

  it('a record that positively says undeployed hides Undeploy and the canary, but still offers Start run', async () => {
    await answerGet({ title: NAME, definition: QUICK, runners: [] });
    const pane = await header();
    await pane.getByText('Not deployed', { exact: true }).first().waitFor({ timeout: 20_000 });
    expect(await pane.getByRole('button', { name: 'Undeploy' }).count()).toBe(0);
    expect(await pane.getByRole('region', { name: 'Canary' }).count()).toBe(0);
    await workflowTab(pane, 'Runs').click();
    const start = pane.getByRole('button', { name: 'Start run' });
    await start.waitFor();
    expect(await start.isEnabled()).toBe(true);
  });

  it('an eval case refused with 422 naming its field says so beside that field and keeps the typed values', async () => {
    await setFaults(base, { reply: null });
    await setFaults(base, {
      reply: {
        mode: 'malformed',
        route: 'workflows.evals.put',
        status: 422,
        // Twice: the agent tries the named field once by itself (nothing learned when that is refused too).
        count: 2,
        body: JSON.stringify({
          error: 'validation_failed',
          message: "missing required field 'expect'",
          field: 'expect',
        }),
      },
    });
    const pane = await openWorkflowTab(app.page, NAME, 'Evals');
    await pane.getByRole('button', { name: 'Add case' }).click();
    const form = pane.getByRole('form', { name: 'New eval case' });
    await form.getByLabel('Case name').fill('wants expect');
    await form.getByLabel('Case input').fill('ping');
    await form.getByLabel('Expected text').fill('Answer');
    await form.getByRole('button', { name: 'Save case' }).click();
    await form.getByRole('alert').filter({ hasText: 'The zone wants `expect` for this field.' }).waitFor();
    await form.getByRole('alert').filter({ hasText: "missing required field 'expect'" }).waitFor();
    await expect(form.getByLabel('Case name').inputValue()).resolves.toBe('wants expect');
    await expect(form.getByLabel('Expected text').inputValue()).resolves.toBe('Answer');
    await shootWorkflow(app.page, 'words-eval-refused');
    // The zone takes the next save (its refusals were two replies): the case is listed.
    await form.getByRole('button', { name: 'Save case' }).click();
    await pane
      .getByRole('table', { name: 'Eval cases' })
      .getByRole('row')
      .filter({ hasText: 'wants expect' })
      .waitFor();
  });
});
