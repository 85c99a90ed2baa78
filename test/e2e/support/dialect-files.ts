/**
 * The journeys of issue #34 the any-zone journeys lacked, against the dialects of
 * support/journeys.ts: a cluster's kubeconfig on disk, a VPN gateway's profile, the palette's grab
 * (Ctrl+K, a cluster's name, Enter writes its kubeconfig), a container's logs and console. Each
 * finds its record by the name a person knows it by, so the app must read names from the zone's
 * records whatever it calls them (or the test chooses the field once, as a person would).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { A_STATE, chooseFieldsIfAsked } from './choose-fields';
import { details, openSection as openCompute, openTab, selectRow, terminalText } from './compute-steps';
import { describeDialects, saveOfficeVpnProfile } from './dialect-suite';
import { openSection } from './infra-flows';
import { journeyIt, type Journey } from './journeys';

// The host inherits this process's environment: a developer's KUBECONFIG must never be the merge target.
delete process.env.KUBECONFIG;
const FILES: readonly Journey[] = ['clusters', 'vpn', 'grab', 'logs', 'console'];
const currentContext = (file: string) =>
  (parse(readFileSync(file, 'utf8')) as { 'current-context': string })['current-context'];

/** Part `part` of `of` of the dialects that run any of FILES (support/dialect-suite.ts). */
export function describeDialectFiles(part: number, of: number): void {
  describeDialects('any zone: files, logs and console against %s', FILES, { part, of }, (dialect, app) => {
    journeyIt(dialect, 'clusters')("downloads a cluster's kubeconfig, found by its name", async () => {
      const { page } = app();
      await openSection(page, 'Kubernetes');
      const row = page.getByRole('table', { name: 'Clusters' }).getByRole('row', { name: /demo/ });
      await page.getByRole('table', { name: 'Clusters' }).getByRole('row').nth(1).waitFor({ timeout: 20_000 });
      await chooseFieldsIfAsked(page, { name: 'demo' });
      await row.click();
      const pane = page.getByRole('complementary', { name: 'Details of demo' });
      const download = pane.getByRole('button', { name: 'Download kubeconfig' });
      await expect.poll(() => download.isEnabled(), { timeout: 15_000 }).toBe(true);
      await download.click();
      await pane.getByRole('status', { name: 'Kubeconfig saved' }).waitFor();
      const file = path.join(app().dataDir, '.kube', 'zonedeck', 'eu-1-demo.yaml');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(currentContext(file)).toBe('eu-1-demo');
    });

    journeyIt(dialect, 'grab')('grabs a kubeconfig from the palette: Ctrl+K, a cluster name, Enter', async () => {
      const { page } = app();
      await page.keyboard.press('ControlOrMeta+K');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox').fill('demo');
      await palette.getByRole('option', { name: /demo · eu-1/ }).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      const saved = palette.getByRole('status', { name: 'Kubeconfig saved' });
      await saved.waitFor();
      const file = path.join(app().dataDir, '.kube', 'zonedeck', 'eu-1-demo.yaml');
      expect(await saved.getByLabel('Saved path').textContent()).toBe(file);
      expect(currentContext(file)).toBe('eu-1-demo');
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'hidden' });
    });

    journeyIt(dialect, 'vpn')("saves a VPN gateway's profile, found by its name", async () => {
      const { page } = app();
      await openSection(page, 'Networking', 'VPN gateways');
      await page.getByRole('table', { name: 'VPN gateways' }).getByRole('row').nth(1).waitFor({ timeout: 20_000 });
      await chooseFieldsIfAsked(page, { name: 'office' });
      await saveOfficeVpnProfile(page, app().dataDir);
    });

    journeyIt(dialect, 'logs')("tails a container's log", async () => {
      const { page } = app();
      await openCompute(page, 'Containers');
      await page.getByRole('table', { name: 'Containers', exact: true }).getByRole('row').nth(1).waitFor();
      await chooseFieldsIfAsked(page, { name: 'web-1', state: A_STATE });
      await selectRow(page, 'Containers', 'web-1');
      const pane = details(page, 'web-1');
      await openTab(pane, 'Logs');
      await expect.poll(() => pane.getByRole('log').locator('.ln').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    });

    journeyIt(dialect, 'console')("opens a container's console; what is typed comes back", async () => {
      const { page } = app();
      await openCompute(page, 'Containers');
      await selectRow(page, 'Containers', 'web-1');
      await details(page, 'web-1').getByRole('button', { name: 'Terminal' }).click();
      const label = 'Terminal of web-1';
      await expect.poll(() => terminalText(page, label), { timeout: 15_000 }).toContain('root@web-1');
      await page.getByLabel(label).first().focus();
      await page.keyboard.type('echo journey-$HOSTNAME\r');
      await expect.poll(() => terminalText(page, label)).toMatch(/^journey-web-1$/m);
    });
  });
}
