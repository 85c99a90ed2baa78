/** The tour's second half: disks, clusters, networking, deploy servers, limits, the palette, empty and error states. */
import { openSection } from '../e2e/support/infra-flows';
import { attachDiskToRunningVm, sandboxBaseUrl } from '../e2e/support/infra-sandbox';
import { clearNotifications, type Tour, zoneFaults } from './tour-kit';

const DATA_1 = '5b1f0c2e-2c4d-4e8a-8000-000000000d01';
const SCRATCH = '5b1f0c2e-2c4d-4e8a-8000-000000000d03';
const HOST_2 = '0b9c6a52-7d1e-4c3a-9f00-000000000a02';

async function disks(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Storage');
  await page.getByText('Open a disk by its id').waitFor();
  await t.shot('disks-empty');

  await page.getByRole('textbox', { name: 'Disk id' }).fill(DATA_1);
  await page.keyboard.press('Enter');
  const disk = page.getByRole('region', { name: `Disk ${DATA_1}` });
  await disk.getByLabel('Snapshot name').fill('nightly-2');
  await disk.getByRole('button', { name: 'Restore into a new disk' }).click();
  await disk.getByRole('status', { name: 'Restore result' }).waitFor();
  await t.shot('disks-restore');

  await attachDiskToRunningVm(sandboxBaseUrl(t.app.dataDir, 'eu-1'), SCRATCH);
  await page.getByRole('textbox', { name: 'Disk id' }).fill(SCRATCH);
  await page.keyboard.press('Enter');
  const scratch = page.getByRole('region', { name: `Disk ${SCRATCH}` });
  await scratch.getByLabel('Target host id').fill(HOST_2);
  await scratch.getByRole('button', { name: 'Migrate…' }).click();
  await t.shot('disks-migrate-confirm');
  await page.getByRole('button', { name: /^Migrate / }).click();
  const refused = scratch.getByRole('alert').filter({ hasText: 'refused the move' });
  await refused.waitFor();
  await t.shot('disks-migrate-refused');
  await refused.getByRole('button', { name: 'Stop vm-build and migrate…' }).click();
  const stop = page.getByRole('dialog').filter({ hasText: 'Stop microVM “vm-build” in eu-1?' });
  await stop.waitFor();
  await t.shot('disks-migrate-stop-confirm');
  await stop.getByRole('button', { name: 'Cancel' }).click();
  await stop.waitFor({ state: 'hidden' });
}

async function clusters(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Kubernetes');
  const table = page.getByRole('table', { name: 'Clusters' });
  await table.getByRole('row', { name: /demo/ }).waitFor({ timeout: 20_000 });
  await t.shot('clusters');

  await page.getByLabel('Filter clusters').fill('no-such-cluster');
  await t.shot('clusters-filter-empty');
  await page.getByLabel('Filter clusters').fill('');

  await page.getByRole('button', { name: 'Create cluster' }).first().click();
  const dialog = page.getByRole('dialog', { name: /Create a cluster/ });
  await dialog.getByLabel('Name').fill('prod-2');
  await t.shot('cluster-create');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  await table.getByRole('row', { name: /demo/ }).click();
  const pane = page.getByRole('complementary', { name: 'Details of demo' });
  await pane.getByRole('table', { name: 'Nodes' }).getByRole('row').nth(2).waitFor();
  await t.shot('cluster-details');
  await pane.getByRole('button', { name: 'Download kubeconfig' }).click();
  await pane.getByRole('status', { name: 'Kubeconfig saved' }).waitFor();
  await t.shot('kubeconfig-saved');
  await clearNotifications(page);

  await pane.getByLabel('Upgrade to version').click();
  await page.locator('.n-base-select-option', { hasText: '1.31.2' }).click();
  await pane.getByRole('button', { name: 'Start rolling upgrade' }).click();
  await pane.getByRole('progressbar').or(pane.getByLabel('Upgrade progress')).first().waitFor();
  await t.shot('cluster-upgrade', 0); // the roll is quick in the sandbox: caught mid-way, not settled
  await page.getByText('Upgrade demo to 1.31.2 — done').waitFor({ timeout: 30_000 });
  await t.shot('cluster-upgrade-done');
  await clearNotifications(page);
}

async function networking(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Networking', 'Public IPs');
  await page
    .getByRole('table', { name: 'Public IPs' })
    .getByRole('row', { name: /vpn-egress/ })
    .click();
  await page
    .getByRole('complementary', { name: 'Details of vpn-egress' })
    .getByRole('button', { name: 'Detach…' })
    .waitFor();
  await t.shot('public-ips');

  await openSection(page, 'Networking', 'VPN gateways');
  await page
    .getByRole('table', { name: 'VPN gateways' })
    .getByRole('row', { name: /office/ })
    .click();
  const pane = page.getByRole('complementary', { name: 'Details of office' });
  await pane.getByRole('button', { name: 'Download VPN profile' }).waitFor();
  await t.shot('vpn-gateways');
  await pane.getByRole('button', { name: 'Download VPN profile' }).click();
  await pane.getByRole('status', { name: 'VPN profile saved' }).waitFor();
  await t.shot('vpn-profile-saved');
  await clearNotifications(page);
}

async function deployServers(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Applications', 'Deploy servers');
  await t.shot('deploy-servers-empty');
  await page.getByLabel('Deploy server id').fill('ds-main');
  await page.getByLabel('Application name').fill('storefront');
  await page.getByRole('button', { name: 'Restart application…' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Restart application “storefront” in eu-1?' });
  await confirm.waitFor();
  await t.shot('deploy-restart-confirm');
  await confirm.getByRole('button', { name: 'Restart storefront' }).click();
  const results = page.getByRole('region', { name: 'Restart results' });
  await results.getByText('Restarted application storefront on ds-main.').waitFor();
  await page.getByRole('radiogroup', { name: 'What to restart' }).getByText('Service', { exact: true }).click();
  await page.getByLabel('Service name').fill('no-such-svc');
  await page.getByRole('button', { name: 'Restart service…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restart no-such-svc' }).click();
  await results.getByText(/Could not restart service no-such-svc/).waitFor();
  await t.shot('deploy-servers');

  await openSection(page, 'Applications', 'Repositories');
  await t.shot('repositories');
}

async function limitsPaletteAndError(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Limits');
  await page.getByRole('list', { name: 'Resource limits' }).getByRole('listitem', { name: 'CPU' }).waitFor();
  await page.getByText('Updated').waitFor();
  await t.shot('limits');

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.waitFor();
  await t.shot('palette');
  await palette.getByRole('combobox').fill('demo');
  await palette.getByRole('option', { name: /demo · eu-1/ }).waitFor();
  await t.shot('palette-search');
  await page.keyboard.press('Enter');
  await palette.getByRole('status', { name: 'Kubeconfig saved' }).waitFor();
  await t.shot('palette-grabbed');
  await page.keyboard.press('Escape');
  await palette.waitFor({ state: 'hidden' });
  await clearNotifications(page);

  // Every zone request fails with 503: a screen read before keeps its rows under the stale banner.
  await openSection(page, 'Kubernetes');
  await zoneFaults(t.app, 1);
  try {
    await openSection(page, 'Applications', 'Repositories');
    await page.getByRole('status', { name: 'Stale data' }).first().waitFor({ timeout: 30_000 });
    await t.shot('zone-down-stale');
  } finally {
    await zoneFaults(t.app, 0);
  }
}

export async function infraTour(t: Tour): Promise<void> {
  await disks(t);
  await clusters(t);
  await networking(t);
  await deployServers(t);
  await limitsPaletteAndError(t);
}
