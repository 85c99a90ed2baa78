/**
 * Steps of the any-zone journeys (support/dialect-journeys.ts, support/dialect-files.ts): each
 * goes through the UI only, as a user would, so nothing in them writes the sandbox's own field
 * names. The dialects they run against, and which journeys each runs, are listed once here.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';

/** The journeys, by what they exercise. */
export type Journey =
  | 'compute' // stop and start a container
  | 'skills' // read, edit, save and read back a skill file
  | 'workflow' // create a workflow, save a draft, publish
  | 'deploy' // deploy, evals, canary (needs 'workflow')
  | 'runs' // a live run to its gate, approve and cancel (needs 'workflow')
  | 'cms' // CMS commands of a workspace
  | 'workspace' // create a workspace, a chat, a deploy
  | 'clusters' // a cluster's kubeconfig on disk
  | 'vpn' // a VPN gateway's profile on disk
  | 'grab' // the palette's grab: Ctrl+K, a cluster's name, Enter
  | 'logs' // a container's log tail
  | 'console'; // a container's console

const ALL: readonly Journey[] = [
  'compute',
  'skills',
  'workflow',
  'deploy',
  'runs',
  'cms',
  'workspace',
  'clusters',
  'vpn',
  'grab',
  'logs',
  'console',
];

/**
 * Which journeys each dialect runs: every dialect, every journey (the four of #22, the seeded random
 * zones and the public API styles of #34), each with its own app. A journey left out for a dialect
 * that should pass says why beside it.
 */
export const JOURNEYS: Readonly<Record<string, readonly Journey[]>> = {
  standard: ALL,
  variant: ALL,
  'seed:8119': ALL,
  'seed:10315': ALL,
  'random:13': ALL,
  'style:k8s': ALL,
  'style:google': ALL,
  'style:jsonapi': ALL,
  'style:aws': ALL,
  'style:stripe': ALL,
  // A strict random zone (refuses what it does not know); random:13 is a lenient one (drops it).
  'random:2': ALL,
};

/** The dialects run (ZD_JOURNEY_ONLY=<dialect> runs one, with all its journeys listed above, or all when unlisted). */
export const JOURNEY_DIALECTS = (
  process.env.ZD_JOURNEY_ONLY ? [process.env.ZD_JOURNEY_ONLY] : Object.keys(JOURNEYS)
) as readonly string[];

/** Whether `dialect` runs `journey`. */
export function runs(dialect: string, journey: Journey): boolean {
  return (JOURNEYS[dialect] ?? ALL).includes(journey);
}

const notRun = (() => undefined) as unknown as typeof it;

/**
 * `it` for a journey the dialect runs; for one it leaves out, no test at all: the table above says
 * why, and a skip in the report would stand for a known gap as if it were the machine's.
 */
export function journeyIt(dialect: string, journey: Journey): typeof it {
  return runs(dialect, journey) ? it : notRun;
}

/** Words any dialect may use for a finished, successful run; for a cancelled one. */
export const SUCCEEDED = /succeeded|success|completed|complete|done|finished|passed/i;
export const CANCELLED = /cancel+ed|aborted|canceled/i;

/** Replaces the whole text of the Monaco editor inside `region` with one input event. */
export async function replaceEditorText(page: Page, region: Locator, text: string): Promise<void> {
  await region.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** What Monaco shows in `region` (its rendered lines use non-breaking spaces). */
export async function editorText(region: Locator): Promise<string> {
  const lines = region.locator('.monaco-editor .view-line');
  await lines.first().waitFor();
  return (await lines.allTextContents()).join('\n').replace(/\u00a0/g, ' ');
}

/** A small valid spec whose llm node says `prompt`; `gate` adds an approval node before the output. */
export function journeySpec(prompt: string, gate = false): string {
  const nodes: Record<string, unknown>[] = [
    { id: 'in', type: 'input' },
    { id: 'answer', type: 'llm', prompt, model: 'sandbox-small' },
  ];
  const edges = [{ from: 'in', to: 'answer' }];
  if (gate) {
    nodes.push({ id: 'gate', type: 'approval', message: 'Ship it?' });
    edges.push({ from: 'answer', to: 'gate' }, { from: 'gate', to: 'out' });
  } else edges.push({ from: 'answer', to: 'out' });
  nodes.push({ id: 'out', type: 'output' });
  return JSON.stringify({ nodes, edges });
}

/** Picks an option of the Naive UI select opened last. */
export async function pickOption(page: Page, text: string): Promise<void> {
  await page.locator('.n-base-select-option:visible').getByText(text, { exact: true }).last().click();
}

/** The run detail region that opens after Start run (any id format). */
export function runDetail(pane: Locator): Locator {
  return pane.getByRole('region', { name: /^Run \S+$/ });
}

/** The run status text as shown (the zone's own word). */
export async function runStatus(detail: Locator): Promise<string> {
  return (await detail.getByRole('status', { name: 'Run status' }).textContent())?.trim() ?? '';
}

/** Part `part` (1-based) of `of` of `dialects`, every `of`-th from its own start: parts even in length. */
export function dialectsPart(dialects: readonly string[], part: number, of: number): readonly string[] {
  return dialects.filter((_, i) => i % of === part - 1);
}

/** A part with no dialect (ZD_JOURNEY_ONLY names one, which part 1 runs) says so in a test of its own. */
export function noDialectInPart(part: number): void {
  it(`has no dialect of its own: ZD_JOURNEY_ONLY=${process.env.ZD_JOURNEY_ONLY ?? ''} runs in part 1`, () => {
    expect(part).toBeGreaterThan(1);
    expect(JOURNEY_DIALECTS.length).toBe(1);
  });
}
