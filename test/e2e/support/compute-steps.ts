/** Steps the compute end-to-end tests share: open a section, select a row, read a terminal, find the sandbox's base. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { classify, toneOf } from '../../../src-main/contract/state-vocabulary';

/** Two state words that mean the same: at rest alike (up, down, paused), under way or failed. */
const sameState = (a: string, b: string) =>
  classify(a) !== 'neutral' && classify(a) === classify(b) && toneOf(a) === toneOf(b);

export async function openSection(page: Page, section: 'Containers' | 'MicroVMs'): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: 'Compute' }).click();
  await nav.getByRole('button', { name: section, exact: true }).click();
  await page.getByRole('table', { name: section, exact: true }).waitFor({ timeout: 20_000 });
}

export async function selectRow(page: Page, table: string, name: string): Promise<void> {
  // A second click deselects: only click when its details are not open already.
  if (await page.getByRole('complementary', { name: `Details of ${name}` }).count()) return;
  const row = page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row', { name: new RegExp(`\\b${name}\\b`) });
  await row.first().click();
  // Move the pointer off the row: a cell's overflow tooltip would otherwise cover the details tabs.
  await page.mouse.move(1, 1);
  await page.getByRole('complementary', { name: `Details of ${name}` }).waitFor();
}

export function details(page: Page, name: string) {
  return page.getByRole('complementary', { name: `Details of ${name}` });
}

/**
 * The status tag in the details header, polled until it reads `state` or a word of the zone's
 * that means the same (the one state vocabulary: `halted` for stopped, `ACTIVE` for running).
 */
export async function expectState(page: Page, name: string, state: string): Promise<void> {
  const same = (w: string) => w.toLowerCase().includes(state) || sameState(w, state);
  await expect
    .poll(
      async () => {
        const text = await details(page, name).locator('header').innerText();
        return [...text.split('\n'), ...text.split(/\s+/)].some((w) => w.trim() !== '' && same(w.trim()));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

export async function terminalText(page: Page, label: string): Promise<string> {
  return page.evaluate(
    (l) =>
      (window as unknown as { __zdTerminals?: Record<string, { text(): string }> }).__zdTerminals?.[l]?.text() ?? '',
    label,
  );
}

/** The sandbox zone's base URL, from the host's zone registry in its data dir. */
export function sandboxBase(dataDir: string): string {
  const stack = [dataDir];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) {
        stack.push(p);
        continue;
      }
      if (!f.endsWith('.json')) continue;
      const m = /"baseUrl"\s*:\s*"([^"]+)"/.exec(readFileSync(p, 'utf8'));
      if (m?.[1]) return m[1];
    }
  }
  throw new Error(`no zone registry with a baseUrl under ${dataDir}`);
}

/** A tab of the details pane (Naive UI's tabs carry no tab role; their label is the visible text). */
export async function openTab(pane: Locator, name: string): Promise<void> {
  await pane.locator('.n-tabs-tab', { hasText: name }).first().click();
}
