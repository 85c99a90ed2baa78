/**
 * Steps of the any-zone journeys (zone-dialect-journeys.test.ts): each goes through the UI only, as
 * a user would, so nothing in them writes the sandbox's own field names. The dialects they run
 * against are listed once here: the two fixed ones and two seeds (docs/zone-shapes.md).
 */
import type { Locator, Page } from 'playwright-core';

export const JOURNEY_DIALECTS = (
  process.env.ZD_JOURNEY_ONLY ? [process.env.ZD_JOURNEY_ONLY] : ['standard', 'variant', 'seed:8119', 'seed:10315']
) as readonly string[];

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
