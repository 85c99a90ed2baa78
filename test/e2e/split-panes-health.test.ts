/**
 * Each pane shows its own zone's health: eu-1's containers beside us-1's, eu-1 stops answering
 * (sandbox faults for that zone alone). Whichever pane has focus, eu-1's pane is marked stale with
 * its actions held, and us-1's pane stays live with Create offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { sandboxBase } from './support/compute-steps';
import { signInAfterOthers, startSandboxSignedIn } from './support/infra-flows';
import { openSection, selectZone } from './support/identity-kit';
import { setFaults } from './support/workflow-prod';

const chrome = chromiumOrSkip();
const pane = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Pane ${n}: `) });
const stale = (page: Page, n: number) => pane(page, n).getByRole('status', { name: 'Stale data' });
const create = (page: Page, n: number) =>
  pane(page, n)
    .getByRole('button', { name: /Create container/ })
    .first();

describe.runIf(chrome)('split panes: each pane its own zone’s health', () => {
  let app: AppUnderTest;
  let base: string;
  beforeAll(async () => {
    app = await openApp(chrome!);
    const { page } = app;
    await startSandboxSignedIn(page);
    await openSection(page, 'Compute', 'Containers');
    await page.getByRole('table', { name: 'Containers', exact: true }).waitFor({ timeout: 20_000 });
    await page.keyboard.press('Control+Backslash');
    await selectZone(page, 'us-1');
    await pane(page, 2).getByLabel('Email').waitFor();
    await signInAfterOthers(page, 'dev@example.com', 'sandbox-dev');
    // us-1 opens to its own home page: go to its containers, as in the pane beside it.
    await pane(page, 2).getByRole('region', { name: 'Overview of us-1' }).waitFor({ timeout: 20_000 });
    await openSection(page, 'Compute', 'Containers');
    await pane(page, 2)
      .getByRole('table', { name: 'Containers', exact: true })
      .getByRole('row', { name: /web-1/ })
      .first()
      .waitFor({ timeout: 20_000 });
    base = sandboxBase(app.dataDir);
  }, 90_000);
  afterAll(async () => {
    if (base) await setFaults(base, { error_rate: 0, zones: null }).catch(() => {});
    await app?.close();
  });

  it('marks only the down zone’s pane stale, whichever pane has focus', async () => {
    const { page } = app;
    await setFaults(base, { error_rate: 1, zones: ['eu-1'] });
    // us-1's pane has focus (it was signed in last): eu-1's pane still learns it is down.
    await stale(page, 1).waitFor({ timeout: 20_000 });
    expect(await pane(page, 2).getAttribute('aria-current')).toBe('true');
    expect(await stale(page, 2).count()).toBe(0);
    await expect.poll(() => create(page, 2).isEnabled()).toBe(true);
    expect(await create(page, 1).isEnabled()).toBe(false);

    // Focus eu-1's pane: us-1's pane keeps its actions, eu-1's pane keeps its mark.
    await pane(page, 1).getByRole('heading', { name: 'Containers' }).first().click();
    await expect.poll(() => pane(page, 1).getAttribute('aria-current')).toBe('true');
    expect(await stale(page, 1).count()).toBe(1);
    expect(await stale(page, 2).count()).toBe(0);
    expect(await create(page, 2).isEnabled()).toBe(true);
  });
});
