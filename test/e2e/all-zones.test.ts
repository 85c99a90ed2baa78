/**
 * All zones › Containers against the sandbox's two zones, both signed in: rows of both zones with
 * the zone column, filtered by zone name and sorted by zone; faulted zones show their own lines
 * over their last rows; a signed-out zone shows its line while the other zone still lists; a row
 * opens its details in its zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { details } from './support/compute-steps';
import { openSection, shoot, signInAfterOthers, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { selectZone, zoneState } from './support/identity-kit';
import { setFaults } from './support/workflow-prod';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('all zones: containers of both sandbox zones in one list', () => {
  let app: AppUnderTest;
  let usBase = '';
  beforeAll(async () => {
    app = await openApp(chrome!);
    const { page } = app;
    await startSandboxSignedIn(page);
    await selectZone(page, 'us-1');
    await signInAfterOthers(page, 'dev@example.com', 'sandbox-dev');
    usBase = sandboxBaseUrl(app.dataDir, 'us-1');
    // A container only us-1 has, made by "another client".
    await sandboxCall(usBase, await sandboxToken(usBase), 'POST', '/api/v1/containers', { name: 'only-in-us' });
  }, 90_000);
  afterAll(async () => app?.close());

  const table = () => app.page.getByRole('table', { name: 'Containers', exact: true });
  const count = () => app.page.getByLabel('Count').first().innerText();
  const zonesOf = async () =>
    (await table().locator('tbody tr[data-key] td:first-child').allInnerTexts()).map((t) => t.trim());
  const troubles = () => app.page.getByRole('list', { name: 'Zones not listed' });
  /** All zones › section: the section's button comes last (Workflows and Workspaces are also areas above). */
  const openAllZones = async (section: string) => {
    const nav = app.page.getByRole('navigation', { name: 'Areas' });
    await nav.getByRole('button', { name: 'All zones', exact: true }).click();
    await nav.getByRole('button', { name: section, exact: true }).last().click();
  };

  it('lists both zones’ containers with a zone column, sorted and filtered by zone', async () => {
    const { page } = app;
    await openSection(page, 'All zones', 'Containers');
    await table()
      .getByRole('row', { name: /only-in-us/ })
      .waitFor({ timeout: 20_000 });
    await expect.poll(count).toBe('9'); // four seeded containers per zone, and only-in-us
    expect(await page.getByRole('heading', { name: 'Containers · all zones' }).count()).toBe(1);
    const zones = await zonesOf();
    expect(new Set(zones)).toEqual(new Set(['eu-1', 'us-1']));
    expect(
      await table()
        .getByRole('row', { name: /eu-1.*web-1/ })
        .count(),
    ).toBe(1);
    expect(
      await table()
        .getByRole('row', { name: /us-1.*web-1/ })
        .count(),
    ).toBe(1);
    await shoot(page, 'all-zones-containers');

    const zoneHeader = table().getByRole('columnheader', { name: 'Zone' });
    await zoneHeader.getByRole('button').click();
    await expect.poll(async () => (await zonesOf()).join(',')).toBe('eu-1,eu-1,eu-1,eu-1,us-1,us-1,us-1,us-1,us-1');
    await zoneHeader.getByRole('button').click();
    await expect.poll(async () => (await zonesOf())[0]).toBe('us-1');

    await page.getByLabel('Filter containers').fill('us-1');
    await expect.poll(count).toBe('5 of 9');
    expect(new Set(await zonesOf())).toEqual(new Set(['us-1']));
    await page.getByLabel('Filter containers').fill('eu-1 web');
    await expect.poll(count).toBe('1 of 9');
    await page.getByLabel('Filter containers').fill('');
  });

  it('lists microVMs, clusters, workflows and workspaces of both zones the same way', async () => {
    const { page } = app;
    const seeded = { MicroVMs: 'vm-build', Clusters: 'demo', Workflows: 'triage', Workspaces: 'shop' };
    for (const [section, name] of Object.entries(seeded)) {
      await openAllZones(section);
      const list = page.getByRole('table', { name: section, exact: true });
      for (const zone of ['eu-1', 'us-1'])
        await list.getByRole('row', { name: new RegExp(`${zone}.*\\b${name}\\b`) }).waitFor({ timeout: 20_000 });
      await shoot(page, `all-zones-${section.toLowerCase()}`);
    }
    // A cluster opens in its zone's Kubernetes screen, selected.
    await page.getByRole('table', { name: 'Workspaces', exact: true }).waitFor();
    await openAllZones('Clusters');
    await page
      .getByRole('table', { name: 'Clusters', exact: true })
      .getByRole('row', { name: /us-1.*demo/ })
      .click();
    await page
      .getByRole('navigation', { name: 'Areas' })
      .getByRole('button', { name: 'Kubernetes', exact: true })
      .waitFor();
    await expect.poll(() => page.locator('tr.vt-selected', { hasText: 'demo' }).count(), { timeout: 10_000 }).toBe(1);
    const rail = page.getByRole('navigation', { name: 'Zones' });
    expect(await rail.getByRole('button', { name: 'us-1', exact: true }).getAttribute('aria-current')).toBeTruthy();
    await shoot(page, 'all-zones-opened-cluster');
    await openAllZones('Containers');
  });

  it('names each faulted zone on its own line, keeps its last rows, and lists it again after a refresh', async () => {
    const { page } = app;
    // The sandbox's faults are shared by its zones: both zones' list reads fail.
    const body = JSON.stringify({ error: 'injected_fault', message: 'The zone is overloaded.' });
    await setFaults(usBase, { reply: { mode: 'malformed', route: 'containers.list', status: 503, body } });
    try {
      await page.getByRole('button', { name: 'Refresh containers' }).click();
      for (const zone of ['eu-1', 'us-1']) {
        const line = troubles().getByRole('listitem', { name: `${zone}: error` });
        await line.waitFor({ timeout: 20_000 });
        expect(await line.innerText()).toMatch(/Showing its last rows\. The zone is overloaded\.[^]*HTTP 503/);
      }
      expect(await count()).toBe('9');
      await shoot(page, 'all-zones-zone-error');
    } finally {
      await setFaults(usBase, { reply: null });
    }
    await page.getByRole('button', { name: 'Refresh containers' }).click();
    await expect.poll(() => troubles().count(), { timeout: 10_000 }).toBe(0);
  });

  it('opens a row’s details in its own zone', async () => {
    const { page } = app;
    await selectZone(page, 'eu-1');
    await openSection(page, 'All zones', 'Containers');
    await table()
      .getByRole('row', { name: /only-in-us/ })
      .click();
    await page.mouse.move(1, 1);
    await details(page, 'only-in-us').waitFor({ timeout: 20_000 });
    const rail = page.getByRole('navigation', { name: 'Zones' });
    expect(await rail.getByRole('button', { name: 'us-1', exact: true }).getAttribute('aria-current')).toBeTruthy();
  });

  it('a signed-out zone shows its line with a way to sign in while the other still lists', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Zone actions' }).click();
    await page.getByText('Sign out of us-1').click();
    await expect.poll(() => zoneState(page, 'us-1')).toBe('signed out');
    await selectZone(page, 'eu-1');
    await openSection(page, 'All zones', 'Containers');
    const line = troubles().getByRole('listitem', { name: 'us-1: signed out' });
    await line.waitFor();
    await expect.poll(count).toBe('4');
    expect(new Set(await zonesOf())).toEqual(new Set(['eu-1']));
    await shoot(page, 'all-zones-signed-out');
    await line.getByRole('button', { name: 'Sign in to us-1' }).click();
    await page.getByLabel('Email').waitFor();
  });
});
