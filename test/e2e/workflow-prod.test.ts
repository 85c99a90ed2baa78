/**
 * Workflows in production, end to end in Chromium through the browser host: deploy, a canary at
 * 20 % reweighted to 50 %, the eval gate refusing a promote (and saying which suite), the suite
 * run from there, the promote; undeploy failing in-flight runs; eval cases added, edited and
 * deleted, with verdicts grouped newest suite first.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import {
  GATED,
  makeWorkflow,
  openWorkflowTab,
  pickOption,
  QUICK,
  shootWorkflow,
  startRunAsOther,
  workflowTab,
} from './support/workflow-prod';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();
const SAYS_ANSWER = { name: 'says answer', kind: 'contains', input: 'hi', expected: 'Answer' };

describe.runIf(chrome)('workflows in production: deployment and evals', () => {
  let app: AppUnderTest;
  let base: string;
  let token: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    base = sandboxBaseUrl(app.dataDir, 'eu-1');
    token = await sandboxToken(base);
    // Made before the screen opens, as another client would: the editor is not under test here.
    await makeWorkflow(base, token, 'release-flow', QUICK, { versions: 2, deploy: false, cases: [SAYS_ANSWER] });
    await makeWorkflow(base, token, 'undeploy-flow', GATED);
    await makeWorkflow(base, token, 'evals-flow', QUICK);
    await openSection(app.page, 'Workflows');
  });
  afterAll(async () => app?.close());

  it('deploys, runs a canary at 20 % then 50 %, is refused a gated promote, runs the suite, promotes', async () => {
    const { page } = app;
    const pane = await openWorkflowTab(page, 'release-flow', 'Deployment');
    await pane.getByText('Not deployed', { exact: true }).first().waitFor();
    await shootWorkflow(page, 'deployment-empty');

    await pane.getByLabel('Version to deploy').click();
    await pickOption(page, 'v1');
    await pane.getByRole('button', { name: 'Deploy', exact: true }).click();
    await pane.getByText('Deployed v1', { exact: true }).first().waitFor();

    const canary = pane.getByRole('region', { name: 'Canary' });
    await canary.getByLabel('Canary version').click();
    await pickOption(page, 'v2');
    await canary.getByRole('slider', { name: 'Canary weight (%)' }).fill('20');
    await canary.getByRole('button', { name: 'Start canary' }).click();
    await canary.getByText('Canary v2 at 20 %').waitFor();

    await canary.getByRole('slider', { name: 'Canary weight (%)' }).fill('50');
    await canary.getByRole('button', { name: 'Reweight canary' }).click();
    await canary.getByText('Canary v2 at 50 %').waitFor();
    const w = await sandboxCall(base, token, 'GET', '/api/v1/workflows');
    const rec = (w.items as { name: string; deployment: { canary: { weight: number } } }[]).find(
      (x) => x.name === 'release-flow',
    )!;
    expect(rec.deployment.canary.weight).toBe(50);

    const gate = pane.getByRole('switch', { name: 'Require a passing eval suite before promote' });
    await gate.click();
    await expect.poll(() => gate.getAttribute('aria-checked')).toBe('true');

    await canary.getByRole('button', { name: 'Promote canary' }).click();
    const refused = canary.getByRole('alert', { name: 'Promote refused' });
    await refused.getByText('An eval suite run against the canary v2 must pass').waitFor();
    await shootWorkflow(page, 'deployment-refused');

    await refused.getByRole('button', { name: 'Run eval suite against canary' }).click();
    await refused.getByRole('status').getByText('Passed').waitFor();
    await refused.getByText('1 passed, 0 failed').waitFor();
    await refused.getByRole('button', { name: 'Promote now' }).click();
    await pane.getByText('Deployed v2', { exact: true }).first().waitFor();
    await canary.getByText('No canary').waitFor();
    await shootWorkflow(page, 'deployment-promoted');
  });

  it('undeploy warns that in-flight runs fail, and they show failed', async () => {
    const { page } = app;
    const made = (await sandboxCall(base, token, 'GET', '/api/v1/workflows')).items as { id: string; name: string }[];
    const id = made.find((x) => x.name === 'undeploy-flow')!.id;
    const runId = await startRunAsOther(base, token, id, 'in flight');

    const pane = await openWorkflowTab(page, 'undeploy-flow', 'Runs');
    const history = pane.getByRole('table', { name: 'Run history' });
    await history.getByText(runId.slice(-12)).waitFor();

    await workflowTab(pane, 'Deployment').click();
    await pane.getByRole('button', { name: 'Undeploy' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Undeploy workflow “undeploy-flow”' });
    await ask.getByText('Runs in flight now fail').waitFor();
    await shootWorkflow(page, 'undeploy-confirm');
    await ask.getByRole('button', { name: 'Undeploy undeploy-flow' }).click();
    await pane.getByText('Not deployed', { exact: true }).first().waitFor();

    await workflowTab(pane, 'Runs').click();
    const row = history.getByRole('row').filter({ hasText: runId.slice(-12) });
    await row.getByText('failed').waitFor();
    await row.getByText('runner removed by undeploy').waitFor();
  });

  it('adds, edits and deletes eval cases; verdicts are grouped by suite, newest first', async () => {
    const { page } = app;
    const pane = await openWorkflowTab(page, 'evals-flow', 'Evals');
    const cases = pane.getByRole('table', { name: 'Eval cases' });
    await pane.getByText('No cases yet').waitFor();

    await pane.getByRole('button', { name: 'Add case' }).click();
    const form = pane.getByRole('form', { name: 'New eval case' });
    await form.getByLabel('Case name').fill('echoes');
    await form.getByRole('radio', { name: 'Equals' }).check({ force: true });
    await form.getByLabel('Case input').fill('ping');
    await form.getByLabel('Expected output').fill('Answer: ping');
    await form.getByRole('button', { name: 'Save case' }).click();
    await cases.getByRole('row').filter({ hasText: 'echoes' }).getByText('Equals').waitFor();

    await pane.getByRole('button', { name: 'Add case' }).click();
    const judge = pane.getByRole('form', { name: 'New eval case' });
    await judge.getByLabel('Case name').fill('judged');
    await judge.getByRole('radio', { name: 'LLM judge' }).check({ force: true });
    await judge.getByLabel('Case input').fill('q');
    await judge.getByLabel('Criteria').fill('a sensible answer');
    await judge.getByRole('button', { name: 'Save case' }).click();
    await cases.getByRole('row').filter({ hasText: 'judged' }).getByText('LLM judge').waitFor();

    await pane.getByRole('button', { name: 'Run suite against primary' }).click();
    const suites = pane.getByRole('list', { name: 'Eval suites, newest first' });
    await suites.getByText('2 passed · 0 failed').waitFor();

    // Edit the equals case so it fails, run again: the new, failing suite comes first.
    await cases.getByRole('button', { name: 'Edit echoes' }).click();
    const edit = pane.getByRole('form', { name: 'Edit case echoes' });
    await edit.getByLabel('Expected output').fill('something else');
    await edit.getByRole('button', { name: 'Save case' }).click();
    await cases.getByRole('row').filter({ hasText: 'something else' }).waitFor();
    await pane.getByRole('button', { name: 'Run suite against primary' }).click();
    await suites.getByText('1 passed · 1 failed').waitFor();
    const items = suites.locator(':scope > li');
    await expect.poll(() => items.count()).toBe(2);
    await expect(items.nth(0).locator('summary').getAttribute('aria-label')).resolves.toMatch(/^Suite 2 .*failed$/);
    await expect(items.nth(1).locator('summary').getAttribute('aria-label')).resolves.toMatch(/^Suite 1 .*passed$/);
    const verdicts = items.nth(0).getByRole('list', { name: /^Verdicts of Suite 2/ });
    await verdicts.getByRole('listitem').filter({ hasText: 'echoes' }).getByLabel('failed').waitFor();
    await shootWorkflow(page, 'evals');

    await cases.getByRole('button', { name: 'Delete judged' }).click();
    await answerDialog(page, 'Delete judged');
    await expect.poll(() => cases.getByRole('row').filter({ hasText: 'judged' }).count()).toBe(0);
    await cases.getByRole('row').filter({ hasText: 'echoes' }).waitFor();
  });
});
