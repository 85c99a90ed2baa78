/**
 * The smoke journeys against both sandbox dialects (docs/sandbox.md, "Dialects"): sign in, lists,
 * details, a lifecycle action, logs, console, kubeconfig and VPN profile, once against the
 * standard dialect and once against the variant, whose list envelopes, field names, log lines,
 * console and run events differ wherever the spec says "not shown". A client that learned the
 * sandbox's inventions passes the first run and fails the second.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  details,
  expectState,
  openSection as openCompute,
  openTab,
  sandboxBase,
  selectRow,
  terminalText,
} from './support/compute-steps';
import { describeEachDialect, saveOfficeVpnProfile } from './support/dialect-suite';
import { openSection } from './support/infra-flows';
import { loopbackFetch } from '../support/loopback-fetch';
import { answerDialog } from './support/dialogs';

// The host inherits this process's environment: a developer's KUBECONFIG must never be the merge target.
delete process.env.KUBECONFIG;

describeEachDialect('smoke journey against the %s dialect', ['standard', 'variant'], (dialect, app) => {
  it('runs a sandbox that speaks this dialect', async () => {
    const res = await loopbackFetch(new URL('/_sandbox/dialect', sandboxBase(app().dataDir)));
    expect(((await res.json()) as { dialect: string }).dialect).toBe(dialect);
  });

  it('lists containers and shows one in details', async () => {
    const { page } = app();
    await openCompute(page, 'Containers');
    const table = page.getByRole('table', { name: 'Containers', exact: true });
    for (const name of ['web-1', 'worker-1', 'db-proxy'])
      await table
        .getByRole('row', { name: new RegExp(`\\b${name}\\b`) })
        .first()
        .waitFor({ timeout: 15_000 });
    await selectRow(page, 'Containers', 'worker-1');
    await expectState(page, 'worker-1', 'running');
  });

  it('stops a container and shows it stopped', async () => {
    const { page } = app();
    await details(page, 'worker-1').getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDialog(page, 'Stop worker-1');
    await expectState(page, 'worker-1', 'stopped');
  });

  it('shows log lines, each once, as the tail is polled', async () => {
    const { page } = app();
    await selectRow(page, 'Containers', 'web-1');
    const pane = details(page, 'web-1');
    await openTab(pane, 'Logs');
    await expect.poll(() => pane.getByRole('log').locator('.ln').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const count = async () => Number((await pane.getByLabel('Line count').innerText()).replace(/\D/g, ''));
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // The tail is read every 2 s and web-1 writes a line a second: after 5 s only a few are new.
    await page.waitForTimeout(5_000);
    expect((await count()) - before).toBeLessThan(30);
  });

  it('opens a console; what is typed comes back and no control message is typed into the shell', async () => {
    const { page } = app();
    await details(page, 'web-1').getByRole('button', { name: 'Terminal' }).click();
    const label = 'Terminal of web-1';
    await expect.poll(() => terminalText(page, label), { timeout: 15_000 }).toContain('root@web-1');
    await page.getByLabel(label).first().focus();
    await page.keyboard.type('echo dialect-$HOSTNAME\r');
    await expect.poll(() => terminalText(page, label)).toContain('echo dialect-$HOSTNAME');
    // Against a console that knows no control message, a resize sent as JSON ends up typed (#11 item 12).
    expect(await terminalText(page, label)).not.toContain('{"type":');
    await expect.poll(() => terminalText(page, label)).toMatch(/^dialect-web-1$/m);
  });

  it("downloads a cluster's kubeconfig", async () => {
    const { page } = app();
    await openSection(page, 'Kubernetes');
    await page.getByRole('table', { name: 'Clusters' }).getByRole('row', { name: /demo/ }).click();
    const pane = page.getByRole('complementary', { name: 'Details of demo' });
    const download = pane.getByRole('button', { name: 'Download kubeconfig' });
    await expect.poll(() => download.isEnabled(), { timeout: 15_000 }).toBe(true);
    await download.click();
    await pane.getByRole('status', { name: 'Kubeconfig saved' }).waitFor();
    const file = path.join(app().dataDir, '.kube', 'zonedeck', 'eu-1-demo.yaml');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((parse(readFileSync(file, 'utf8')) as { 'current-context': string })['current-context']).toBe('eu-1-demo');
  });

  it("saves a VPN gateway's profile", async () => {
    const { page } = app();
    await openSection(page, 'Networking', 'VPN gateways');
    await saveOfficeVpnProfile(page, app().dataDir);
  });

  it("watches a workflow run live to its gate and approves it, reading this dialect's run events", async () => {
    const { page } = app();
    await openSection(page, 'Workflows');
    await page.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: 'triage' }).click();
    const pane = page.getByRole('complementary', { name: 'Details of triage' });
    await pane.getByRole('tab', { name: 'Runs', exact: true }).click();
    await pane.getByLabel('Run input').fill('"a late parcel"');
    await pane.getByRole('button', { name: 'Start run' }).click();
    const run = pane.getByRole('region', { name: /^Run [0-9a-f-]{36}$/ });
    const trail = run.getByRole('list', { name: 'Step trail' });
    await run.getByRole('region', { name: 'Approval gate' }).getByText('Waiting for approval at review.').waitFor();
    await trail.getByRole('listitem', { name: 'Step 2: classify, Done' }).waitFor();
    await run.getByRole('region', { name: 'Approval gate' }).getByRole('button', { name: 'Approve' }).click();
    await run.getByRole('status', { name: 'Run status' }).getByText('succeeded').waitFor();
    const steps = await trail
      .locator(':scope > li')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')));
    expect(steps).toEqual(['Step 1: in, Done', 'Step 2: classify, Done', 'Step 3: review, Done', 'Step 4: out, Done']);
  });
});
