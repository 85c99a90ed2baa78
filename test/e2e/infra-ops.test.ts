/**
 * Storage, deploy servers and limits end to end in Chromium through the browser host: restore a
 * snapshot and open the new disk, a migrate the zone refuses (and the offer to stop the VM, taken),
 * a restart of each deploy-server kind, the limits dashboard.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, shoot, signInAfterOthers, startSandboxSignedIn } from './support/infra-flows';
import { attachDiskToRunningVm, sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();
const DATA_1 = '5b1f0c2e-2c4d-4e8a-8000-000000000d01';
const SCRATCH = '5b1f0c2e-2c4d-4e8a-8000-000000000d03';
const HOST_2 = '0b9c6a52-7d1e-4c3a-9f00-000000000a02';

describe.runIf(chrome)('storage, deploy servers and limits', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
  });
  afterAll(async () => app?.close());

  it('restores a snapshot into a new disk, shows the result and opens the new disk', async () => {
    const { page } = app;
    await openSection(page, 'Storage');
    await page.getByRole('textbox', { name: 'Disk id' }).fill(DATA_1);
    await page.keyboard.press('Enter');
    const disk = page.getByRole('region', { name: `Disk ${DATA_1}` });
    await disk.getByLabel('Snapshot name').fill('nightly-2');
    await disk.getByRole('button', { name: 'Restore into a new disk' }).click();
    const result = disk.getByRole('status', { name: 'Restore result' });
    await result.waitFor();
    await result.getByText(DATA_1).waitFor();
    const shortId = (await result
      .getByText(/^disk-[0-9a-f]{8}/)
      .first()
      .textContent())!
      .trim()
      .split(/\s/)[0]!;
    expect(shortId).toMatch(/^disk-[0-9a-f]{8}$/);
    await shoot(page, 'disks-restore');
    await result.getByRole('button', { name: `Open new disk ${shortId}` }).click();
    const fresh = page.getByRole('region', { name: 'Disk restored from nightly-2' });
    await fresh.waitFor();
    await page.getByRole('list', { name: 'Recently used disks' }).getByText(DATA_1, { exact: true }).waitFor();
  });

  it('explains a refused migrate and, when asked, stops the VM and migrates', async () => {
    const { page } = app;
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const vmId = await attachDiskToRunningVm(base, SCRATCH);

    await page.getByRole('textbox', { name: 'Disk id' }).fill(SCRATCH);
    await page.keyboard.press('Enter');
    const disk = page.getByRole('region', { name: `Disk ${SCRATCH}` });
    await disk.getByLabel('Target host id').fill(HOST_2);
    await disk.getByRole('button', { name: 'Migrate…' }).click();
    await page.getByRole('button', { name: /^Migrate / }).click(); // the confirmation names the disk
    const refused = disk.getByRole('alert').filter({ hasText: 'refused the move' });
    await refused.waitFor();
    await refused.getByText('vm-build').first().waitFor();
    await refused.getByText('HTTP 409').waitFor();
    await shoot(page, 'disks-migrate-refused');

    await refused.getByRole('button', { name: 'Stop vm-build and migrate…' }).click();
    await answerDialog(page, 'Stop vm-build', 'Stop microVM “vm-build” in eu-1?');
    await disk.getByText(`Migrated to host ${HOST_2}`).waitFor({ timeout: 20_000 });
    const vm = await sandboxCall(base, await sandboxToken(base), 'GET', `/api/v1/microvms/${vmId}`);
    expect(vm.status).toBe('stopped');
  });

  it('restarts an application, a database and a service on a deploy server', async () => {
    const { page } = app;
    await openSection(page, 'Applications', 'Deploy servers');
    await page.getByLabel('Deploy server id').fill('ds-main');
    const results = page.getByRole('region', { name: 'Restart results' });
    for (const [kind, name] of [
      ['Application', 'storefront'],
      ['Database', 'postgres-main'],
      ['Service', 'nginx'],
    ] as const) {
      await page.getByRole('radiogroup', { name: 'What to restart' }).getByText(kind, { exact: true }).click();
      expect(await page.getByRole('radio', { name: kind }).isChecked()).toBe(true);
      await page.getByLabel(`${kind} name`).fill(name);
      await page.getByRole('button', { name: `Restart ${kind.toLowerCase()}…` }).click();
      await answerDialog(page, `Restart ${name}`, `Restart ${kind.toLowerCase()} “${name}” in eu-1?`);
      await results.getByText(`Restarted ${kind.toLowerCase()} ${name} on ds-main.`).waitFor();
    }
    // An unknown name is said in words, not as a bare 404.
    await page.getByLabel('Service name').fill('no-such-svc');
    await page.getByRole('button', { name: 'Restart service…' }).click();
    await answerDialog(page, 'Restart no-such-svc');
    await results
      .getByText(/Could not restart service no-such-svc on ds-main: The zone knows no such deploy server/)
      .waitFor();
    await shoot(page, 'deploy-servers');
  });

  it('shows the limits as a dashboard with units and the update time', async () => {
    const { page } = app;
    await openSection(page, 'Limits');
    const cards = page.getByRole('list', { name: 'Resource limits' });
    const cpu = cards.getByRole('listitem', { name: 'CPU' });
    await cpu.getByText('64').waitFor();
    await cpu.getByText('cores', { exact: true }).waitFor();
    await cards.getByRole('listitem', { name: 'Storage' }).getByText('TiB').waitFor();
    await cards.getByRole('listitem', { name: 'LLM tokens' }).getByText('5M').waitFor();
    await page.getByText('Updated').waitFor();
    await page.locator('time').first().waitFor();
    await shoot(page, 'limits');
  });

  it('explains in words what a viewer may not do', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: /us-1/ }).first().click();
    await signInAfterOthers(page, 'viewer@example.com', 'sandbox-viewer');
    await openSection(page, 'Limits');
    await page.getByRole('alert').getByText('You may not read this tenant’s limits').waitFor();
    await page
      .getByRole('alert')
      .getByText(/limits:read/)
      .waitFor();
    await shoot(page, 'limits-forbidden');

    await openSection(page, 'Applications', 'Deploy servers');
    await page.getByLabel('Deploy server id').fill('ds-main');
    await page.getByLabel('Application name').fill('storefront');
    await page.getByRole('button', { name: 'Restart application…' }).click();
    await answerDialog(page, 'Restart storefront');
    await page
      .getByRole('region', { name: 'Restart results' })
      .getByText(/lacks the deploy_servers:manage permission/)
      .waitFor();
  });
});
