/**
 * Steps of the any-zone journeys (zone-dialect-journeys.test.ts, zone-dialect-files.test.ts): each
 * goes through the UI only, as a user would, so nothing in them writes the sandbox's own field
 * names. The dialects they run against, and which journeys each runs, are listed once here.
 */
import type { Locator, Page } from 'playwright-core';
import { it } from 'vitest';

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
 * Which journeys each dialect runs. The four of #22 run them all. The dialects of #34 run a subset
 * within the e2e budget (≤ 30 min of CI on 2 cores, each journey costs an app and its waits): what
 * each zone reads and writes differently — a record kind read by value (compute, clusters, VPN,
 * the palette's index), a body written in the zone's structure (a skill file, a workflow and its
 * draft), and a read by name across kinds (the grab). The whole-journey runs stay with the seeds,
 * whose choices cover the points the styles only restyle. A journey left out for a dialect that
 * should pass says why beside it.
 */
export const JOURNEYS: Readonly<Record<string, readonly Journey[]>> = {
  standard: ALL,
  variant: ALL,
  'seed:8119': ALL,
  'seed:10315': ALL,
  // deploy: the case's expected text is asked for under a name nothing matches; the app asks and
  // the journey names it (support/choose-fields.ts, by the zone's docs: support/zone-docs.ts). But
  // the zone is lenient: it drops the input silently, and its record then has no field for it to
  // choose (a name would have to be typed); and the suite's verdict is unread (as random:2).
  'random:13': ALL,
  'style:k8s': ALL,
  'style:google': ALL,
  'style:jsonapi': ALL,
  'style:aws': ALL,
  'style:stripe': ALL,
  // A strict random zone. deploy: the case is saved once its fields are named through the app's
  // question, but the suite's verdict reads "No cases ran" (its results are in names the suite
  // view does not read yet).
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
