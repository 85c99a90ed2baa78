/**
 * The files people come for, end to end in Chromium through the browser host: a new cluster's
 * kubeconfig on disk (content and mode checked), a VPN profile in Downloads, and the quick grab.
 * The host's HOME is the app's temp data dir, so files land there.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, shoot, startSandboxSignedIn } from './support/infra-flows';

const chrome = chromiumOrSkip();
// The host inherits this process's environment: a developer's KUBECONFIG must never be the merge target.
delete process.env.KUBECONFIG;
const modeOf = (p: string) => statSync(p).mode & 0o777;
type Kc = {
  contexts: { name: string }[];
  clusters: { name: string; cluster: { server: string } }[];
  users: { name: string; user: { token?: string } }[];
  'current-context': string;
};

describe.runIf(chrome)('kubeconfigs and VPN profiles on disk', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
  });
  afterAll(async () => app?.close());

  it('creates a cluster and downloads its kubeconfig to ~/.kube/zonedeck/<zone>-<cluster>.yaml', async () => {
    const { page } = app;
    await openSection(page, 'Kubernetes');
    const table = page.getByRole('table', { name: 'Clusters' });
    await table.getByRole('row', { name: /demo/ }).waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Create cluster' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Create a cluster/ });
    await dialog.getByLabel('Name').fill('e2e-prod');
    await dialog.getByRole('button', { name: 'Create cluster' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const pane = page.getByRole('complementary', { name: 'Details of e2e-prod' });
    await pane.waitFor();
    const download = pane.getByRole('button', { name: 'Download kubeconfig' });
    await expect.poll(() => download.isEnabled(), { timeout: 15_000 }).toBe(true);
    await download.click();
    const saved = pane.getByRole('status', { name: 'Kubeconfig saved' });
    await saved.waitFor();
    const file = path.join(app.dataDir, '.kube', 'zonedeck', 'eu-1-e2e-prod.yaml');
    expect(await saved.getByLabel('Saved path').textContent()).toBe(file);
    await saved.getByText(`export KUBECONFIG=${file}`).waitFor();

    expect(modeOf(file)).toBe(0o600);
    const kc = parse(readFileSync(file, 'utf8')) as Kc;
    expect(kc['current-context']).toBe('eu-1-e2e-prod');
    expect(kc.contexts.map((c) => c.name)).toEqual(['eu-1-e2e-prod']);
    expect(kc.clusters[0]?.cluster.server).toMatch(/^https:\/\/[0-9a-f]{8}\.k8s\.eu-1\..*:6443$/);
    expect(kc.users[0]?.user.token).toBeTruthy();
    // The token stays on disk: the page never holds the file's content.
    expect(await page.content()).not.toContain(kc.users[0]!.user.token!);
    await shoot(page, 'clusters');
  });

  it('merges into ~/.kube/config as the current context and saves a copy to a typed path', async () => {
    const { page } = app;
    const pane = page.getByRole('complementary', { name: 'Details of e2e-prod' });
    await pane.getByRole('checkbox', { name: /Set as current context/ }).check();
    await pane.getByRole('button', { name: 'Merge into my kubeconfig' }).click();
    const merged = pane.getByRole('status', { name: 'Merged into your kubeconfig' });
    await merged.waitFor();
    const config = path.join(app.dataDir, '.kube', 'config');
    expect(await merged.getByLabel('Saved path').textContent()).toBe(config);
    const kc = parse(readFileSync(config, 'utf8')) as Kc;
    expect(kc['current-context']).toBe('eu-1-e2e-prod');
    expect(modeOf(config)).toBe(0o600);

    await pane.getByRole('button', { name: 'Save as…' }).click();
    const target = path.join(app.dataDir, 'copies', 'prod.yaml');
    await pane.getByLabel('Save kubeconfig to path').fill(target);
    await pane.getByLabel('Save kubeconfig to path').press('Enter');
    await pane.getByRole('status', { name: 'Kubeconfig saved' }).getByText(target).waitFor();
    await pane.getByLabel('Save kubeconfig to path').waitFor({ state: 'hidden' });
    expect(modeOf(target)).toBe(0o600);
  });

  it('asks "Replace <path>?" before saving over a file, and never writes a dotfile in HOME', async () => {
    const { page } = app;
    const pane = page.getByRole('complementary', { name: 'Details of e2e-prod' });
    const target = path.join(app.dataDir, 'copies', 'prod.yaml');
    writeFileSync(target, '# mine\n');
    const field = pane.getByLabel('Save kubeconfig to path');
    await pane.getByRole('button', { name: 'Save as…' }).click();
    await field.fill(target);
    await field.press('Enter');
    const ask = page.getByRole('dialog').filter({ hasText: `Replace ${target}?` });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(readFileSync(target, 'utf8')).toBe('# mine\n');

    await field.fill(target); // Cancel left the path field open
    await field.press('Enter');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Replace' }).click();
    await expect.poll(() => readFileSync(target, 'utf8')).toContain('eu-1-e2e-prod');
    // The path field closes once the save has finished, not when the file lands: wait for that,
    // or the next fill races the field away.
    await field.waitFor({ state: 'hidden' });

    const bashrc = path.join(app.dataDir, '.bashrc');
    writeFileSync(bashrc, '# shell\n');
    await pane.getByRole('button', { name: 'Save as…' }).click();
    await field.fill('~/.bashrc');
    await field.press('Enter');
    await pane
      .getByRole('alert')
      .getByText(/does not write/)
      .waitFor();
    expect(readFileSync(bashrc, 'utf8')).toBe('# shell\n');
  });

  it('upgrades a cluster with visible progress, ending at the new version', async () => {
    const { page } = app;
    await page.getByRole('table', { name: 'Clusters' }).getByRole('row', { name: /demo/ }).click();
    const pane = page.getByRole('complementary', { name: 'Details of demo' });
    await pane.getByRole('table', { name: 'Nodes' }).getByRole('row').nth(4).waitFor(); // header + control plane + 3 workers
    await pane.getByLabel('Upgrade to version').click();
    await page.locator('.n-base-select-option', { hasText: '1.31.2' }).click();
    await pane.getByRole('button', { name: 'Start rolling upgrade' }).click();
    await page.getByText('Upgrade demo to 1.31.2').first().waitFor();
    await page.getByText('Upgrade demo to 1.31.2 — done').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('table', { name: 'Clusters' }).getByRole('row', { name: /demo/ }).textContent())
      .toContain('1.31.2');
    await pane.getByText('Now 1.31.2').waitFor();
  });

  it('grabs a kubeconfig from the palette: Ctrl+K, a cluster name, Enter', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('demo');
    await palette.getByRole('option', { name: /demo · eu-1/ }).waitFor();
    await shoot(page, 'quick-grab-search');
    await page.keyboard.press('Enter');
    const saved = palette.getByRole('status', { name: 'Kubeconfig saved' });
    await saved.waitFor();
    const file = path.join(app.dataDir, '.kube', 'zonedeck', 'eu-1-demo.yaml');
    expect(await saved.getByLabel('Saved path').textContent()).toBe(file);
    expect(modeOf(file)).toBe(0o600);
    expect((parse(readFileSync(file, 'utf8')) as Kc)['current-context']).toBe('eu-1-demo');
    await shoot(page, 'quick-grab');
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
  });

  it('deletes a cluster only after its name is typed', async () => {
    const { page } = app;
    await page
      .getByRole('table', { name: 'Clusters' })
      .getByRole('row', { name: /e2e-prod/ })
      .click();
    const pane = page.getByRole('complementary', { name: 'Details of e2e-prod' });
    await pane.getByRole('button', { name: 'Delete cluster…' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete cluster “e2e-prod” in eu-1?' });
    const go = confirm.getByRole('button', { name: 'Delete e2e-prod' });
    expect(await go.isDisabled()).toBe(true);
    await confirm.getByLabel('Type e2e-prod to confirm').fill('e2e-prod');
    await go.click();
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: 'Clusters' })
          .getByRole('row', { name: /e2e-prod/ })
          .count(),
      )
      .toBe(0);
  });

  it('saves a VPN profile into Downloads, 0600', async () => {
    const { page } = app;
    await openSection(page, 'Networking', 'VPN gateways');
    const table = page.getByRole('table', { name: 'VPN gateways' });
    await table.getByRole('row', { name: /office/ }).click();
    const pane = page.getByRole('complementary', { name: 'Details of office' });
    await expect.poll(() => pane.getByLabel('Save in folder').inputValue()).toBe(path.join(app.dataDir, 'Downloads'));
    await pane.getByRole('button', { name: 'Download VPN profile' }).click();
    const saved = pane.getByRole('status', { name: 'VPN profile saved' });
    await saved.waitFor();
    const file = path.join(app.dataDir, 'Downloads', 'eu-1-office.conf');
    expect(await saved.getByLabel('Saved path').textContent()).toBe(file);
    expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/\[Interface\][\s\S]*\[Peer\][\s\S]*AllowedIPs = 10\.8\.0\.0\/24/);
    await shoot(page, 'vpn-gateways');
  });

  it('lists public IPs', async () => {
    const { page } = app;
    await openSection(page, 'Networking', 'Public IPs');
    const table = page.getByRole('table', { name: 'Public IPs' });
    await table.getByRole('row', { name: /vpn-egress/ }).click();
    await page
      .getByRole('complementary', { name: 'Details of vpn-egress' })
      .getByRole('button', { name: 'Detach…' })
      .waitFor();
    await shoot(page, 'public-ips');
  });
});
