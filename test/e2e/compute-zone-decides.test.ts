/**
 * Compute against a zone that answers differently from our sandbox (its replies replaced through
 * the sandbox's `reply` fault, so the zone is still a real server): a record with only its current
 * state, in capitals, offers Stop and Reschedule; Start on a record that never moves ends calmly
 * saying what the record shows (no "did not finish in time" after 120 s); config vars the zone
 * kept otherwise than sent leave the person's text in the editor, marked unsaved.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { details, openSection, openTab, sandboxBase, selectRow } from './support/compute-steps';
import { sandboxCall, sandboxToken } from './support/infra-sandbox';
import { loopbackFetch } from '../support/loopback-fetch';

const chrome = chromiumOrSkip();

async function reply(base: string, r: Record<string, unknown> | null): Promise<void> {
  const res = await loopbackFetch(new URL('/_sandbox/faults', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reply: r }),
  });
  if (!res.ok) throw new Error(`faults: ${res.status}`);
}

/** The sandbox's own id of a container, by name (id or uuid, whichever its dialect says). */
async function idOf(base: string, name: string): Promise<string> {
  const token = await sandboxToken(base);
  const list = await sandboxCall(base, token, 'GET', '/api/v1/containers');
  const rows = (list.items ?? list.data) as Record<string, unknown>[];
  const row = rows.find((r) => (r.name ?? r.display_name) === name)!;
  return String(row.id ?? row.uuid);
}

describe.runIf(chrome)('compute: the zone decides', () => {
  let app: AppUnderTest;
  let base: string;
  beforeAll(async () => {
    mkdirSync('test-results/screenshots', { recursive: true });
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
    base = sandboxBase(app.dataDir);
    await openSection(app.page, 'Containers');
  }, 60_000);
  afterAll(async () => {
    if (base) await reply(base, null).catch(() => undefined);
    await app?.close();
  });

  it('offers Stop and Reschedule on a running container whose record has only its current state', async () => {
    const { page } = app;
    const id = await idOf(base, 'web-1');
    // The list (what the row and its pane show) answers records with their current state only.
    const body = JSON.stringify({ items: [{ id, name: 'web-1', status: 'RUNNING' }] });
    await reply(base, { mode: 'malformed', route: 'containers.list', status: 200, body });
    try {
      await selectRow(page, 'Containers', 'web-1');
      const pane = details(page, 'web-1');
      await pane.locator('header').getByText('RUNNING', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await pane.getByRole('button', { name: 'Stop', exact: true }).isEnabled()).toBe(true);
      expect(await pane.getByRole('button', { name: 'Reschedule', exact: true }).isEnabled()).toBe(true);
      expect(await pane.getByRole('button', { name: 'Start', exact: true }).isEnabled()).toBe(false);
      await pane.getByRole('button', { name: 'Close details' }).click();
    } finally {
      await reply(base, null);
    }
  }, 60_000);

  it('ends Start calmly when the record never moves, saying what it shows', async () => {
    const { page } = app;
    const id = await idOf(base, 'bench-logs');
    const body = JSON.stringify({ id, name: 'bench-logs', state: 'Stopped' });
    await reply(base, { mode: 'malformed', route: 'containers.get', status: 200, body });
    try {
      await selectRow(page, 'Containers', 'bench-logs');
      const pane = details(page, 'bench-logs');
      await pane.getByRole('button', { name: 'Start', exact: true }).click();
      await page.getByText('Starting bench-logs — done').waitFor({ timeout: 20_000 });
      await page.getByText('The zone accepted Start; its record shows “Stopped”.').waitFor();
      await expect(page.getByText('did not finish in time').count()).resolves.toBe(0);
    } finally {
      await reply(base, null);
    }
  }, 60_000);

  it('keeps the typed config vars, marked unsaved, when the zone kept others', async () => {
    const { page } = app;
    await selectRow(page, 'Containers', 'worker-1');
    const pane = details(page, 'worker-1');
    await openTab(pane, 'Config vars');
    await pane.getByRole('button', { name: 'Raw', exact: true }).click();
    const raw = pane.getByLabel('Config vars as KEY=value lines');
    const typed = `${await raw.inputValue()}\nMINE=typed`;
    await raw.fill(typed);
    const body = JSON.stringify({ config_vars: { OTHER: 'kept' }, applied_live: true });
    await reply(base, { mode: 'malformed', route: 'containers.configVars.replace', status: 200, body });
    try {
      await pane.getByRole('button', { name: 'Save config vars' }).click();
      await pane.getByRole('status').filter({ hasText: 'Unsaved: the zone kept other values' }).waitFor();
      await pane.getByRole('status').filter({ hasText: 'OTHER=kept' }).waitFor();
      // A later read of the vars never replaces what the person typed.
      await page.waitForTimeout(1500);
      expect(await raw.inputValue()).toBe(typed);
    } finally {
      await reply(base, null);
    }
  }, 60_000);
});
