/**
 * Set-up and steps the workflows-in-production end-to-end tests share: workflows made and
 * published through the zone's API as another client would (the editor is another screen's job),
 * opening one workflow's tab, screenshots named workflow-<name>-light|dark.png.
 */
import type { Locator, Page } from 'playwright-core';
import { loopbackFetch } from '../../support/loopback-fetch';
import { SHOTS } from './infra-flows';
import { sandboxCall } from './infra-sandbox';

export const GATED = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'draft', type: 'llm', prompt: 'Draft: {{input}}' },
    { id: 'gate', type: 'approval', message: 'Ship it?' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'draft' },
    { from: 'draft', to: 'gate' },
    { from: 'gate', to: 'out' },
  ],
};

export const QUICK = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'ask', type: 'llm', prompt: 'Answer: {{input}}' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'ask' },
    { from: 'ask', to: 'out' },
  ],
};

export interface MadeWorkflow {
  id: string;
  name: string;
}

/** A workflow with `versions` published versions (same spec), deployed at the latest unless told not to. */
export async function makeWorkflow(
  base: string,
  token: string,
  name: string,
  spec: unknown,
  opts: { versions?: number; deploy?: boolean; cases?: Record<string, unknown>[] } = {},
): Promise<MadeWorkflow> {
  const w = await sandboxCall(base, token, 'POST', '/api/v1/workflows', { name, draft_spec: spec });
  const id = String(w.id);
  for (let i = 0; i < (opts.versions ?? 1); i++)
    await sandboxCall(base, token, 'POST', `/api/v1/workflows/${id}/publish`);
  if (opts.deploy !== false) await sandboxCall(base, token, 'POST', `/api/v1/workflows/${id}/deploy`, {});
  for (const c of opts.cases ?? []) await sandboxCall(base, token, 'POST', `/api/v1/workflows/${id}/evals`, c);
  return { id, name };
}

export async function startRunAsOther(base: string, token: string, id: string, input: unknown): Promise<string> {
  return String((await sandboxCall(base, token, 'POST', `/api/v1/workflows/${id}/run`, { input })).id);
}

/** Opens the workflow's details from the list and then one of its tabs; the details pane. */
export async function openWorkflowTab(page: Page, name: string, tab: string): Promise<Locator> {
  const pane = page.getByRole('complementary', { name: `Details of ${name}` });
  if (!(await pane.isVisible())) {
    await page.getByRole('table', { name: 'Workflows' }).getByText(name, { exact: true }).click();
  }
  await workflowTab(pane, tab).click();
  return pane;
}

/** A tab of the details. */
export function workflowTab(pane: Locator, tab: string): Locator {
  return pane.getByRole('tab', { name: tab, exact: true });
}

/** Picks an option of the Naive UI select opened last (an earlier menu may still be fading out, or linger hidden). */
export async function pickOption(page: Page, text: string): Promise<void> {
  await page.locator('.n-base-select-option:visible').getByText(text, { exact: true }).last().click();
}

/** Light and dark screenshots, as workflow-<name>-light|dark.png. */
export async function shootWorkflow(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/workflow-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The sandbox's control API (faults) for the zone at `base`. */
export async function setFaults(base: string, faults: Record<string, unknown>): Promise<void> {
  const res = await loopbackFetch(`${base}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!res.ok) throw new Error(`faults: ${res.status}`);
}

/** How many times the zone was asked for this run's stream (each resume is one more). */
export async function streamRequests(base: string, runId: string): Promise<number> {
  const log = (await (await loopbackFetch(`${base}/_sandbox/requests`)).json()) as { recent: { path: string }[] };
  return log.recent.filter((r) => r.path.includes(`/workflow-runs/${runId}/stream`)).length;
}
