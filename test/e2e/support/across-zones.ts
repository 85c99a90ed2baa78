/**
 * Three sandbox zones in three dialects for the across-zones tests (compare, copy, journal): one
 * sandbox started here over loopback HTTP, seeded as another client of the tenant would (so the
 * app's journal holds only what the app itself sends), then switched to its dialects, and added to
 * the app by address and signed in through the UI with the code from the zone's outbox.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { selectZone } from './identity-kit';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox/server';
import { loopbackFetch } from '../../support/loopback-fetch';
import { sandboxCall, sandboxToken } from './infra-sandbox';

export const ZONES = [
  { id: 'eu-1', dialect: 'standard' },
  { id: 'us-1', dialect: 'seed:10315' },
  { id: 'ap-1', dialect: 'variant' },
] as const;

/** A small valid spec; the node with the prompt comes first, so a diff shows it without scrolling. */
export function spec(prompt: string): Record<string, unknown> {
  return {
    nodes: [
      { id: 'answer', type: 'llm', prompt, model: 'sandbox-small' },
      { id: 'in', type: 'input' },
      { id: 'out', type: 'output' },
    ],
    edges: [
      { from: 'in', to: 'answer' },
      { from: 'answer', to: 'out' },
    ],
  };
}

export const SKILL_FILES = {
  'SKILL.md': '---\nname: cmp-skill\ndescription: Compared across zones.\n---\n# Cmp skill\nSay SKILL-MARKER-7.\n',
  'scripts/run.py': 'print("RUN-MARKER-9")\n',
};

export interface Zones {
  sandbox: SandboxHandle;
  base: Record<string, string>;
  token: Record<string, string>;
  /** The container worker-1's id in each zone, and cmp-flow's where it was seeded. */
  worker: Record<string, string>;
  flow: Record<string, string>;
}

/** A value no journal, log or screen may show unless revealed. */
export const SECRET = 'tok-SECRET-4f9e1c';

async function seedWorkflow(base: string, token: string, drafts: string[], publishEach: boolean[]): Promise<string> {
  const created = await sandboxCall(base, token, 'POST', '/api/v1/workflows', {
    name: 'cmp-flow',
    draft_spec: spec(drafts[0]!),
  });
  for (const [i, text] of drafts.entries()) {
    if (i > 0)
      await sandboxCall(base, token, 'PUT', `/api/v1/workflows/${String(created.id)}`, { draft_spec: spec(text) });
    if (publishEach[i]) await sandboxCall(base, token, 'POST', `/api/v1/workflows/${String(created.id)}/publish`);
  }
  return String(created.id);
}

/**
 * eu-1: cmp-flow v1 ("eu one") with a newer draft ("eu draft"); us-1: cmp-flow v1, v2 ("us two")
 * and the skill cmp-skill; ap-1: neither. Then each zone speaks its dialect.
 */
export async function startZones(): Promise<Zones> {
  const sandbox = await startSandbox({ port: 0, zones: ZONES.map((z) => z.id) });
  const base = Object.fromEntries(sandbox.zones.map((z) => [z.id, z.baseUrl]));
  const token: Record<string, string> = {};
  for (const z of ZONES) token[z.id] = await sandboxToken(base[z.id]!);
  const flow = {
    'eu-1': await seedWorkflow(base['eu-1']!, token['eu-1']!, ['eu one', 'eu draft'], [true, false]),
    'us-1': await seedWorkflow(base['us-1']!, token['us-1']!, ['us one', 'us two'], [true, true]),
  };
  const skill = await sandboxCall(base['us-1']!, token['us-1']!, 'POST', '/api/v1/skills', { name: 'cmp-skill' });
  for (const [path, content] of Object.entries(SKILL_FILES))
    await sandboxCall(base['us-1']!, token['us-1']!, 'PUT', `/api/v1/skills/${String(skill.id)}/files`, {
      path,
      content,
    });
  // worker-1's config vars: eu-1 holds a token and a level, us-1 another level.
  const worker: Record<string, string> = {};
  for (const z of ZONES) {
    const items = (await sandboxCall(base[z.id]!, token[z.id]!, 'GET', '/api/v1/containers')).items as {
      id: string;
      name: string;
    }[];
    worker[z.id] = items.find((c) => c.name === 'worker-1')!.id;
  }
  const vars = { 'eu-1': { API_TOKEN: SECRET, LOG_LEVEL: 'debug' }, 'us-1': { LOG_LEVEL: 'info' } };
  for (const [zone, config_vars] of Object.entries(vars))
    await sandboxCall(base[zone]!, token[zone]!, 'PUT', `/api/v1/containers/${worker[zone]}/config-vars`, {
      config_vars,
    });
  for (const z of ZONES)
    await loopbackFetch(`${base[z.id]}/_sandbox/dialect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dialect: z.dialect }),
    });
  return { sandbox, base, token, worker, flow };
}

async function mails(base: string): Promise<{ code?: string }[]> {
  return (await (await loopbackFetch(`${base}/_sandbox/mail?to=dev%40example.com`)).json()) as { code?: string }[];
}

/** Adds a zone by name and address, then signs in as dev@example.com with the code its outbox holds. */
export async function addZoneSignedIn(page: Page, name: string, base: string, first: boolean): Promise<void> {
  if (first) await page.getByRole('button', { name: 'Add a zone' }).first().click();
  else {
    await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'Add a zone' }).click();
    await page.getByText('Add a zone…').click();
  }
  const dialog = page.getByRole('dialog', { name: 'Add a zone' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Base URL').fill(base);
  await dialog.getByRole('button', { name: 'Add zone' }).click();
  await signInWithCode(page, base);
}

/** Signs in to the zone on screen (at `base`) as dev@example.com with the new code its outbox holds. */
export async function signInWithCode(page: Page, base: string): Promise<void> {
  const before = (await mails(base)).length;
  await page.getByLabel('Email').fill('dev@example.com');
  await page.getByLabel('Password').fill('sandbox-dev');
  await page.keyboard.press('Enter');
  await page.getByLabel('Code').waitFor();
  let list = await mails(base);
  for (let i = 0; list.length === before && i < 50; i++) {
    await page.waitForTimeout(200);
    list = await mails(base);
  }
  await page.getByLabel('Code').fill(list[0]!.code!);
  await page.keyboard.press('Enter');
  await page.getByRole('contentinfo', { name: 'Status bar' }).getByText('signed in as dev@example.com').waitFor();
}

/** What Monaco shows on one side of the diff editor in `region` ('original' or 'modified'). */
export async function diffSide(region: ReturnType<Page['locator']>, side: 'original' | 'modified'): Promise<string> {
  const lines = region.locator(`.monaco-diff-editor .editor.${side} .view-line`);
  await lines.first().waitFor();
  return (await lines.allTextContents()).join('\n').replace(/\u00a0/g, ' ');
}

/** A container's config vars as the zone holds them, in whichever of its shapes (map or key/value list). */
export async function zoneVars(z: Zones, zone: string): Promise<Record<string, string>> {
  const body = await sandboxCall(
    z.base[zone]!,
    z.token[zone]!,
    'GET',
    `/api/v1/containers/${z.worker[zone]}/config-vars`,
  );
  const inner = body.config_vars ?? body.vars ?? body;
  if (!Array.isArray(inner)) return inner as Record<string, string>;
  return Object.fromEntries((inner as { key: string; value: string }[]).map((e) => [e.key, e.value]));
}

/** Opens cmp-flow's details in `zone` (the area and its first section share the name Workflows: the section is the later). */
export async function openWorkflow(page: Page, zone: string): Promise<void> {
  await selectZone(page, zone);
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: 'Workflows', exact: true }).first().click();
  await nav.getByRole('button', { name: 'Workflows', exact: true }).last().click();
  await page.getByRole('table', { name: 'Workflows' }).getByText('cmp-flow', { exact: true }).click();
  await page.getByRole('complementary', { name: 'Details of cmp-flow' }).waitFor();
}

/** The zone's workflows as another client reads them (the zone's own words). */
export async function workflowsIn(z: Zones, zone: string): Promise<Record<string, unknown>[]> {
  const body = await sandboxCall(z.base[zone]!, z.token[zone]!, 'GET', '/api/v1/workflows');
  return body.items as Record<string, unknown>[];
}

/** Clicks `button`, saves the download it starts at `to`, and returns its text. */
export async function download(page: Page, button: string, to: string): Promise<string> {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  await (await started).saveAs(to);
  return readFileSync(to, 'utf8');
}

/** As the log's secrets test scans: token shapes, then any long opaque run mixing cases and digits. */
export function expectNoTokens(text: string): void {
  expect(text).not.toMatch(
    /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}|\brt_[A-Za-z0-9_-]{16,}|\bzds_[A-Za-z0-9_-]{16,}/,
  );
  for (const run of text.match(/[A-Za-z0-9_-]{40,}/g) ?? [])
    expect(/[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run), run).toBe(false);
}

/** cmp-flow's draft as the zone keeps it, read in the zone's own words (list envelope, name and draft field, text or object). */
export async function draftIn(z: Zones, zone: string): Promise<unknown> {
  const body = (await sandboxCall(z.base[zone]!, z.token[zone]!, 'GET', '/api/v1/workflows')) as unknown;
  const list = (
    Array.isArray(body) ? body : ((body as Record<string, unknown>).items ?? (body as Record<string, unknown>).data)
  ) as Record<string, unknown>[];
  const rec = list.find((w) => [w.name, w.display_name, w.title].includes('cmp-flow'))!;
  const draft = rec.draft_spec ?? rec.spec ?? rec.definition;
  return typeof draft === 'string' ? (JSON.parse(draft) as unknown) : draft;
}
