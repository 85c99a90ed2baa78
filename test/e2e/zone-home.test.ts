/**
 * A zone's home page (issue #36, item 6), where a zone opens, against two dialects: its health and
 * session, counts per area that open their lists, the tenant's limits as bars, a run parked at its
 * gate, this machine's stop and start from the journal, all of it by keyboard, with no serious axe
 * violation in light or dark. One app per dialect. (What the dictionary could not read is shown
 * in a component test: every sandbox dialect now reads by value, tags included.)
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { seriousViolations } from './support/axe';
import { chromiumOrSkip } from './support/chromium';
import { expectState, selectRow } from './support/compute-steps';
import { SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { GATED } from './support/workflow-prod';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();
const DIALECTS = ['standard', 'style:google'] as const;

const overview = (page: Page): Locator => page.getByRole('region', { name: 'Overview of eu-1' });
const card = (page: Page, name: string): Locator => overview(page).getByRole('region', { name });
/** An area's count: a button named by what it shows ("4 Containers"). */
const count = (page: Page, area: string): Locator => card(page, 'In this zone').getByRole('button', { name: area });

/** Back to the home page from anywhere in the zone, through the sidebar. */
async function goHome(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Areas' }).getByRole('button', { name: 'Overview', exact: true }).click();
  await overview(page).waitFor();
}

/** The number an area's count shows, once read. */
async function countOf(page: Page, area: string): Promise<number> {
  const text = () => count(page, area).innerText();
  await expect.poll(text, { timeout: 20_000 }).toMatch(/^\d+\s/);
  return Number(/^\d+/.exec(await text())?.[0]);
}

/**
 * A workflow with an approval gate, published and deployed, and a run of it started, as another
 * client of the tenant would through the zone's API, in the zone's own words.
 */
async function startGatedRun(base: string, dialect: string, name: string): Promise<void> {
  const token = await sandboxToken(base);
  const google = dialect === 'style:google';
  const made = await sandboxCall(
    base,
    token,
    'POST',
    '/api/v1/workflows',
    google ? { displayName: name, draftSpec: GATED } : { name, draft_spec: GATED },
  );
  const id = String(google ? made.uid : made.id);
  await sandboxCall(base, token, 'POST', `/api/v1/workflows/${id}/publish`);
  await sandboxCall(base, token, 'POST', `/api/v1/workflows/${id}/deploy`, {});
  await sandboxCall(base, token, 'POST', `/api/v1/workflows/${id}/run`, { input: 'ship' });
}

/** Presses Tab until the focused element's label (else its text) matches; fails saying what it met. */
async function tabTo(page: Page, name: RegExp, max = 60): Promise<void> {
  const met: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().replace(/\s+/g, ' ');
    });
    if (name.test(now)) return;
    met.push(now.slice(0, 30));
  }
  throw new Error(`Tab never reached ${name}; met: ${met.slice(-12).join(' | ')}`);
}

describe.runIf(chrome).each(DIALECTS)('a zone’s home page against %s', (dialect) => {
  let app: AppUnderTest;
  const slug = dialect.replace(/\W+/g, '-');
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Tall enough that the screenshots hold the whole page, the journal's changes included.
    app = await openApp(chrome!, {
      env: { ZONEDECK_SANDBOX_DIALECT: dialect },
      viewport: { width: 1360, height: 1080 },
    });
    await startSandboxSignedIn(app.page);
  }, 60_000);
  afterAll(async () => app?.close());

  it('opens the zone there: its health and latency, who is signed in and until when', async () => {
    const { page } = app;
    await overview(page).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toMatch(/^eu-1\s*›\s*Overview$/);
    const status = card(page, 'Health and session');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/Health\s+reachable · \d+ ms/);
    expect(await status.innerText()).toMatch(/Signed in as\s+dev@example\.com/);
    expect(await status.innerText()).toMatch(/Session\s+token good until \d{1,2}:\d{2}/);
  });

  it('counts the records of each area, and a count opens its list', async () => {
    const { page } = app;
    const containers = await countOf(page, 'Containers');
    expect(containers).toBeGreaterThan(0);
    // What a screen reader says is what the eye reads.
    await card(page, 'In this zone')
      .getByRole('button', { name: `${containers} Containers`, exact: true })
      .waitFor();
    await count(page, 'Containers').click();
    const table = page.getByRole('table', { name: 'Containers', exact: true });
    await table.getByRole('row', { name: /\bweb-1\b/ }).waitFor({ timeout: 20_000 });
    // The header row and one row per container the count said.
    expect(await table.getByRole('row').count()).toBe(containers + 1);

    await goHome(page);
    const clusters = await countOf(page, 'Clusters');
    await count(page, 'Clusters').click();
    const list = page.getByRole('table', { name: 'Clusters', exact: true });
    await list.getByRole('row', { name: /\bdemo\b/ }).waitFor({ timeout: 20_000 });
    expect(await list.getByRole('row').count()).toBe(clusters + 1);
    await goHome(page);
  });

  it('shows the tenant’s limits as bars, CPU filled by what runs', async () => {
    const { page } = app;
    const limits = card(page, 'Limits');
    const cpu = limits.getByRole('meter', { name: 'CPU in use' });
    await expect.poll(() => cpu.getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^[\d.]+ of \d+ cores$/);
    const now = Number(await cpu.getAttribute('aria-valuenow'));
    expect(now).toBeGreaterThan(0);
    expect(now).toBeLessThanOrEqual(Number(await cpu.getAttribute('aria-valuemax')));
    expect(await limits.getByRole('meter').count()).toBeGreaterThan(2);
    await limits.getByRole('button', { name: 'All limits' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toMatch(/Limits$/);
    await goHome(page);
  });

  it('lists this machine’s stop and start of a container among its recent changes', async () => {
    const { page } = app;
    await count(page, 'Containers').click();
    await selectRow(page, 'Containers', 'web-1');
    const pane = page.getByRole('complementary', { name: 'Details of web-1' });
    await pane.getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDialog(page, 'Stop web-1');
    await expectState(page, 'web-1', 'stopped');
    await pane.getByRole('button', { name: 'Start', exact: true }).click();
    await expectState(page, 'web-1', 'running');

    await goHome(page);
    const changes = card(page, 'Changes from this machine');
    await expect.poll(() => changes.innerText(), { timeout: 15_000 }).toMatch(/start[\s\S]*web-1/i);
    expect(await changes.innerText()).toMatch(/stop[\s\S]*web-1/i);
    // The change opens what it changed.
    await changes.getByRole('button', { name: 'web-1' }).first().click();
    await page.getByRole('complementary', { name: 'Details of web-1' }).waitFor();
    await goHome(page);
  });

  it('lists a run waiting at its gate once one is started, and opens it', async () => {
    const { page } = app;
    const name = `home-gate-${slug}`;
    await startGatedRun(sandboxBaseUrl(app.dataDir, 'eu-1'), dialect, name);
    await page.getByRole('button', { name: 'Refresh the overview' }).click();
    const waiting = card(page, 'Runs and deployments').getByRole('list', { name: 'Waiting in this zone' });
    // A history row says the run waits for approval; the gate's own question is in the run's record.
    const run = waiting.getByRole('button', {
      name: new RegExp(`^At a gate Run \\w+ of ${name} waiting for approval$`),
    });
    await run.waitFor({ timeout: 30_000 });
    await run.click();
    await page
      .getByRole('complementary', { name: `Details of ${name}` })
      .getByRole('region', { name: 'Approval gate' })
      .waitFor({ timeout: 20_000 });
    await goHome(page);
  });

  it('is reached by keyboard: Tab to a count, Enter opens its list', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Refresh the overview' }).focus();
    await tabTo(page, /^\d+\s*MicroVMs$/);
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'MicroVMs', exact: true }).waitFor({ timeout: 20_000 });
    await goHome(page);
  });

  it('has no serious axe violation in light or dark, and is shot in both', async () => {
    const { page } = app;
    await card(page, 'Runs and deployments').getByRole('list', { name: 'Waiting in this zone' }).waitFor();
    // A machine with no keychain says so once at the top; read, it is closed, as a person would.
    const keychain = page.getByRole('alert').filter({ hasText: 'Secrets are kept in memory only' });
    if (await keychain.count()) await keychain.getByRole('button', { name: 'close' }).click();
    await page.mouse.move(1, 1);
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(400);
      found.push(...(await seriousViolations(page, `zone home (${dialect}, ${scheme})`, true)));
      await page.screenshot({ path: `${SHOTS}/zone-home-${slug}-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(found).toEqual([]);
  });
});
