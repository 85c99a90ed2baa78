/**
 * Four sandbox zones for the rollouts end-to-end test, each holding the seeded `triage` at v1
 * (deployed, one passing eval case): eu-1 (standard) the source, us-1 (standard), us-2
 * (seed:8119) and ap-1 (style:google) the targets. ap-1 also holds a case no version passes
 * ("mentions zebras"), written as another client would before the zone switches to its dialect;
 * the test fixes it through the screen. Helpers for the New rollout… form and the board.
 */
import type { Locator, Page } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox/server';
import { loopbackFetch } from '../../support/loopback-fetch';
import { sandboxCall, sandboxToken } from './infra-sandbox';
import { editorText, replaceEditorText } from './journeys';

export const ZONES = [
  { id: 'eu-1', dialect: 'standard' },
  { id: 'us-1', dialect: 'standard' },
  { id: 'us-2', dialect: 'seed:8119' },
  { id: 'ap-1', dialect: 'style:google' },
] as const;

export interface RolloutZones {
  sandbox: SandboxHandle;
  base: Record<string, string>;
  token: Record<string, string>;
  /** triage's id in each zone. */
  triage: Record<string, string>;
  /** The id of ap-1's case no version passes. */
  zebraCase: string;
}

export async function startRolloutZones(): Promise<RolloutZones> {
  const sandbox = await startSandbox({ port: 0, zones: ZONES.map((z) => z.id) });
  const base = Object.fromEntries(sandbox.zones.map((z) => [z.id, z.baseUrl]));
  const token: Record<string, string> = {};
  const triage: Record<string, string> = {};
  for (const z of ZONES) {
    token[z.id] = await sandboxToken(base[z.id]!);
    const items = (await sandboxCall(base[z.id]!, token[z.id]!, 'GET', '/api/v1/workflows')).items as {
      id: string;
      name: string;
    }[];
    triage[z.id] = items.find((w) => w.name === 'triage')!.id;
  }
  const zebra = await sandboxCall(base['ap-1']!, token['ap-1']!, 'POST', `/api/v1/workflows/${triage['ap-1']}/evals`, {
    name: 'mentions zebras',
    kind: 'contains',
    input: 'a ticket',
    expected: 'zebra',
  });
  for (const z of ZONES)
    await loopbackFetch(`${base[z.id]}/_sandbox/dialect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dialect: z.dialect }),
    });
  return { sandbox, base, token, triage, zebraCase: String(zebra.id) };
}

/** A spec the sandbox runs to the end (no approval node), its prompt saying `words`. */
export function specSaying(words: string): string {
  return JSON.stringify({
    nodes: [
      { id: 'in', type: 'input' },
      { id: 'classify', type: 'llm', prompt: `${words}: {{input}}`, model: 'sandbox-small' },
      { id: 'out', type: 'output' },
    ],
    edges: [
      { from: 'in', to: 'classify' },
      { from: 'classify', to: 'out' },
    ],
  });
}

/** Types a new draft of triage in the editor (details already open) and publishes it as version `n`. */
export async function publishNewVersion(page: Page, words: string, n: number): Promise<void> {
  const draft = page.getByRole('region', { name: 'Draft of triage' });
  await draft.locator('.monaco-editor .view-line').first().waitFor({ timeout: 15_000 });
  await replaceEditorText(page, draft, specSaying(words));
  await draft.getByRole('region', { name: 'Problems' }).getByText('No problems').waitFor();
  await draft.getByRole('button', { name: 'Publish' }).click();
  await page
    .locator('.n-message')
    .filter({ hasText: `Published version ${n}` })
    .first()
    .waitFor();
  if (!(await editorText(draft)).includes(words)) throw new Error('the typed draft did not stay');
}

/** All zones › Rollouts (the section's button comes last: a zone's own areas are listed above). */
export async function openRollouts(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: 'All zones', exact: true }).click();
  await nav.getByRole('button', { name: 'Rollouts', exact: true }).last().click();
  const screen = page.getByRole('region', { name: 'Rollouts' });
  await screen.waitFor();
  return screen;
}

/** Fills New rollout… with triage of eu-1 at its latest version (or `version`) and the stage lines. */
export async function planRollout(screen: Locator, stages: string[], version?: number): Promise<Locator> {
  await screen.getByRole('button', { name: 'New rollout…' }).click();
  const form = screen.getByRole('form', { name: 'New rollout' });
  await form.getByLabel('Source zone').selectOption({ label: 'eu-1' });
  await form.getByLabel('Workflow').locator('option', { hasText: 'triage' }).waitFor({ state: 'attached' });
  await form.getByLabel('Workflow').selectOption({ label: 'triage' });
  if (version !== undefined) await form.getByLabel('Version').fill(String(version));
  await form.getByLabel('Stages').fill(stages.join('\n'));
  await form.getByRole('button', { name: 'Preview' }).click();
  return form;
}

/** The card of `zone` in the column of stage `n` (1-based). */
export function card(screen: Locator, n: number, zone: string): Locator {
  return screen.getByRole('region', { name: `Stage ${n}` }).getByRole('article', { name: zone });
}

/** The rollout's state as the board's toolbar tags it. */
export function boardStatus(screen: Locator): Locator {
  return screen.getByRole('toolbar', { name: 'Rollout actions' }).locator('.n-tag');
}

/** triage's runners in `zone`, read as another client would (standard zones only). */
export async function runnersIn(z: RolloutZones, zone: string): Promise<{ primary?: number; canary?: number }> {
  const w = await sandboxCall(z.base[zone]!, z.token[zone]!, 'GET', `/api/v1/workflows/${z.triage[zone]}`);
  const runners = w.deployment as Record<string, { version?: number } | null>;
  return { primary: runners.primary?.version, canary: runners.canary?.version };
}
