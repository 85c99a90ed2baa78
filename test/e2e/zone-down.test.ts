/**
 * A zone that stops answering: the open containers list keeps its rows under "As of <time> — eu-1
 * is unreachable", its create button waits with the reason, the rail says unreachable; when the
 * zone answers again the banner goes and the list is live again, with nobody touching anything.
 * The zone is made to fail with the sandbox's faults (every API reply a 503).
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { details, openSection, sandboxBase, selectRow } from './support/compute-steps';
import { SHOTS, shoot, startSandboxSignedIn } from './support/infra-flows';
import { setFaults } from './support/workflow-prod';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('a zone that is down', () => {
  let app: AppUnderTest;
  let base: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    await openSection(app.page, 'Containers');
    await app.page
      .getByRole('table', { name: 'Containers', exact: true })
      .getByRole('row', { name: /web-1/ })
      .first()
      .waitFor({ timeout: 20_000 });
    base = sandboxBase(app.dataDir);
    expect(base).toContain('eu-1');
  }, 60_000);
  afterAll(async () => {
    if (base) await setFaults(base, { error_rate: 0 }).catch(() => {});
    await app?.close();
  });

  it('keeps the list, marks it stale with the time, and holds actions back while the zone does not answer', async () => {
    const { page } = app;
    const rail = page.getByRole('navigation', { name: 'Zones' });
    const zone = rail.getByRole('button', { name: /eu-1/ }).first();
    await expect.poll(() => zone.getAttribute('aria-description'), { timeout: 10_000 }).toMatch(/reachable/);
    const create = page.getByRole('button', { name: /Create container/ });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await selectRow(page, 'Containers', 'web-1');
    const stop = details(page, 'web-1').getByRole('button', { name: 'Stop', exact: true });
    await expect.poll(() => stop.isEnabled()).toBe(true);

    await setFaults(base, { error_rate: 1 });
    const banner = page.getByRole('status', { name: 'Stale data' }).first();
    // The list polls every 3 s; one failure and a failed probe a second later make an outage.
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.innerText()).toMatch(/^As of \d{1,2}:\d{2}( [AP]M)? — eu-1 is unreachable/);
    // The rows read before stay on screen.
    await page
      .getByRole('table', { name: 'Containers', exact: true })
      .getByRole('row', { name: /web-1/ })
      .first()
      .waitFor();
    // The create button waits, and says why.
    expect(await create.isDisabled()).toBe(true);
    const reason = await create.evaluate((b) => b.closest('fieldset')?.getAttribute('title') ?? '');
    expect(reason).toContain('eu-1 is unreachable');
    // The details pane too: its banner, and its lifecycle actions wait.
    await details(page, 'web-1').getByRole('status', { name: 'Stale data' }).waitFor();
    expect(await stop.isDisabled()).toBe(true);
    // The rail and the status bar say so, with the zone's last error.
    expect(await zone.getAttribute('aria-description')).toMatch(/unreachable since/);
    await zone.hover();
    const tip = page.locator('.n-tooltip').filter({ hasText: 'unreachable since' });
    await tip.waitFor({ timeout: 5_000 });
    expect(await tip.innerText()).toMatch(/last error .*unavailable|injected/i);
    expect(await page.getByLabel('Zone health').innerText()).toMatch(/unreachable since/);
    await shoot(page, 'zone-down-list');
    await page.mouse.move(600, 400);
  }, 40_000);

  it('comes back by itself when the zone answers again: banner gone, actions back, the list live', async () => {
    const { page } = app;
    await setFaults(base, { error_rate: 0 });
    // The agent probes with backoff (1, 2, 4, 8 … s): back within one step of it.
    await page.getByRole('status', { name: 'Stale data' }).first().waitFor({ state: 'detached', timeout: 35_000 });
    expect(await page.getByRole('status', { name: 'Stale data' }).count()).toBe(0);
    const create = page.getByRole('button', { name: /Create container/ });
    expect(await create.isEnabled()).toBe(true);
    expect(await details(page, 'web-1').getByRole('button', { name: 'Stop', exact: true }).isEnabled()).toBe(true);
    const zone = page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: /eu-1/ }).first();
    expect(await zone.getAttribute('aria-description')).toMatch(/, reachable/);
    await page
      .getByRole('table', { name: 'Containers', exact: true })
      .getByRole('row', { name: /web-1/ })
      .first()
      .waitFor();
    await zone.hover();
    await page
      .locator('.n-tooltip')
      .filter({ hasText: /reachable · \d+ ms/ })
      .waitFor({ timeout: 5_000 });
    await shoot(page, 'zone-health-rail');
  }, 45_000);
});
