/**
 * Notifications in browser mode, through the real UI and the browser host against the sandbox:
 * nothing asks the browser's permission at start; turning a notification on does; a run another
 * client starts, parked at its approval gate, raises one (from the run history the screen polls
 * anyway, or the run's live stream); clicking it opens that run; with the switch off, the next
 * one raises nothing; a run seen in flight is followed by its live stream, so its end is told
 * while the person is on another screen (nothing there reads the run).
 * Headless Chromium shows no notifications, so the page's Notification is wrapped before the app
 * loads: each one created is recorded and its click can be played; the permission itself is the
 * browser's, granted or not through Playwright's context.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { GATED, makeWorkflow, type MadeWorkflow, openWorkflowTab, startRunAsOther } from './support/workflow-prod';

const chrome = chromiumOrSkip();

interface Recorded {
  title: string;
  body: string;
}
type Win = { __notices: (Recorded & { onclick: (() => void) | null })[]; __asked: number };

/** Installed before any of the app's scripts: the real permission, recorded notifications. */
function recordNotifications(): void {
  const Real = window.Notification;
  const w = window as unknown as Win;
  w.__notices = [];
  w.__asked = 0;
  class RecordedNotification {
    static get permission() {
      return Real.permission;
    }
    static requestPermission() {
      w.__asked++;
      return Real.requestPermission();
    }
    onclick: (() => void) | null = null;
    readonly body: string;
    constructor(
      readonly title: string,
      opts: { body?: string } = {},
    ) {
      this.body = opts.body ?? '';
      w.__notices.push(this);
    }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
}

const notices = (page: Page) =>
  page.evaluate(() => (window as unknown as Win).__notices.map((n) => ({ title: n.title, body: n.body })));
const asked = (page: Page) => page.evaluate(() => (window as unknown as Win).__asked);

async function openSettings(page: Page) {
  await page.getByRole('contentinfo', { name: 'Status bar' }).getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.waitFor();
  return dialog;
}

describe.runIf(chrome)('notifications (browser mode)', () => {
  let app: AppUnderTest;
  let base: string;
  let token: string;
  let flow: MadeWorkflow;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await app.context.addInitScript(recordNotifications);
    await app.page.reload();
    await startSandboxSignedIn(app.page);
    base = sandboxBaseUrl(app.dataDir, 'eu-1');
    token = await sandboxToken(base);
    flow = await makeWorkflow(base, token, 'notify-flow', GATED);
  });
  afterAll(async () => app?.close());

  it('asks the browser’s permission only when a notification is turned on', async () => {
    const { page, context, url } = app;
    expect(await asked(page)).toBe(0);
    const dialog = await openSettings(page);
    const gate = dialog.getByRole('switch', { name: 'Run waiting for approval in eu-1' });
    expect(await gate.getAttribute('aria-checked')).toBe('false');
    expect(await asked(page)).toBe(0);
    // Not granted: the browser is asked, and answers no (headless has no one to ask).
    await gate.click();
    await expect.poll(() => asked(page)).toBe(1);
    await dialog
      .getByRole('alert')
      .filter({ hasText: /browser (blocks|has not allowed)/ })
      .waitFor();
    await expect.poll(() => gate.getAttribute('aria-checked')).toBe('true');

    // Allowed in the browser: turned off and on again, nothing is asked and nothing is said.
    await context.grantPermissions(['notifications'], { origin: new URL(url).origin });
    await gate.click();
    await expect.poll(() => gate.getAttribute('aria-checked')).toBe('false');
    await gate.press('Space'); // by keyboard too
    await expect.poll(() => gate.getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    expect(await asked(page)).toBe(1);
    // Kept by the agent in settings.json: this zone's switch, nothing for the others.
    const saved = () =>
      Object.values(
        (JSON.parse(readFileSync(path.join(app.dataDir, 'settings.json'), 'utf8')) as { notifications: object })
          .notifications,
      );
    await expect.poll(saved).toEqual([['gate']]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a run parked at its gate raises one; clicking it opens the run', async () => {
    const { page } = app;
    await openSection(page, 'Workflows');
    await openWorkflowTab(page, 'notify-flow', 'Runs');
    await page.getByRole('table', { name: 'Run history' }).waitFor();
    const runId = await startRunAsOther(base, token, flow.id, 'ship v2');
    await expect.poll(() => notices(page), { timeout: 15_000 }).toHaveLength(1);
    const [n] = await notices(page);
    expect(n!.title).toBe('Waiting for approval in eu-1');
    // Told by the history the tab polls, or by the record its live stream has read again (which
    // names the gate's question): whichever came first, and only once.
    expect(n!.body).toMatch(
      new RegExp(`^Run ${runId.slice(0, 8)} of notify-flow(: Ship it\\?| is parked at an approval gate\\.)$`),
    );

    // Somewhere else now; the click brings the run back.
    await openSection(page, 'Compute');
    await page.getByRole('complementary', { name: 'Details of notify-flow' }).waitFor({ state: 'detached' });
    await page.evaluate(() => (window as unknown as Win).__notices[0]!.onclick!());
    const run = page.getByRole('region', { name: `Run ${runId}` });
    await run.waitFor();
    await run.getByRole('region', { name: 'Approval gate' }).getByText('“Ship it?”').waitFor();
    // One notification per run and transition: the polls since said the same, and said nothing more.
    await page.waitForTimeout(3500);
    expect(await notices(page)).toHaveLength(1);
  });

  it('raises nothing where its switch is off', async () => {
    const { page } = app;
    const dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'Run waiting for approval in eu-1' }).click();
    await expect
      .poll(() => dialog.getByRole('switch', { name: 'Run waiting for approval in eu-1' }).getAttribute('aria-checked'))
      .toBe('false');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Back to runs/ }).click();
    await openWorkflowTab(page, 'notify-flow', 'Runs');
    await page.getByRole('table', { name: 'Run history' }).waitFor();
    await startRunAsOther(base, token, flow.id, 'ship v3');
    await expect
      .poll(() => page.getByRole('table', { name: 'Run history' }).getByRole('row').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(3500);
    expect(await notices(page)).toHaveLength(1);
  });

  it('a run seen in flight is followed by its live stream: its end is told on another screen', async () => {
    const { page } = app;
    const dialog = await openSettings(page);
    const ended = dialog.getByRole('switch', { name: 'Run finished or failed in eu-1' });
    await ended.click();
    await expect.poll(() => ended.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    // The run the last test started waits at its gate; the history shows it in flight once more.
    await openWorkflowTab(page, 'notify-flow', 'Runs');
    await page.getByRole('table', { name: 'Run history' }).waitFor();
    await page.waitForTimeout(3500);
    await openSection(page, 'Compute');
    await page.getByRole('complementary', { name: 'Details of notify-flow' }).waitFor({ state: 'detached' });
    const runs = (await sandboxCall(base, token, 'GET', `/api/v1/workflows/${flow.id}/runs`)) as unknown as {
      items?: { id: string; status: string }[];
    };
    const parked = (Array.isArray(runs) ? runs : (runs.items ?? [])).find((r: { status: string }) =>
      /approval/.test(r.status),
    ) as { id: string } | undefined;
    expect(parked).toBeDefined();
    await sandboxCall(base, token, 'POST', `/api/v1/workflow-runs/${parked!.id}/approvals`, { decision: 'approve' });
    await expect.poll(() => notices(page), { timeout: 15_000 }).toHaveLength(2);
    expect((await notices(page))[1]).toEqual({
      title: 'Run finished in eu-1',
      body: `Run ${parked!.id.slice(0, 8)} of notify-flow succeeded.`,
    });
  });
});
