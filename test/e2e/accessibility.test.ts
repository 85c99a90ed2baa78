/**
 * Accessibility, measured: an axe-core audit (WCAG 2.1 A/AA and best practice) of every screen,
 * light and dark — first run, sign-in, each area's list and details, the editors, dialogs, split
 * panes and the palette. No serious or critical violation may remain; each is listed with where.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { seriousViolations } from './support/axe';
import { chromiumOrSkip } from './support/chromium';
import { SHOTS } from './support/infra-flows';

const chrome = chromiumOrSkip();

/** Every area and section of the sidebar, in order. */
const SECTIONS: [string, string?][] = [
  ['Identity', 'Account'],
  ['Identity', 'Security'],
  ['Identity', 'API clients'],
  ['Compute', 'Containers'],
  ['Compute', 'MicroVMs'],
  ['Storage'],
  ['Kubernetes'],
  ['Networking', 'Public IPs'],
  ['Networking', 'VPN gateways'],
  ['Applications', 'Deploy servers'],
  ['Applications', 'Repositories'],
  ['Workflows', 'Workflows'],
  ['Workflows', 'Skills'],
  ['Workspaces'],
  ['Limits'],
  ['All zones', 'Containers'],
  ['All zones', 'Workflows'],
];

async function both(page: Page, where: string, found: string[]): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Dark comes with its chunk (shell/dark-theme.ts): audit the theme asked for, not the one before it.
    await page.waitForFunction((c) => document.documentElement.classList.contains(c), `zd-${scheme}`);
    await page.waitForTimeout(500); // the theme's colour transitions (0.3 s) have ended
    found.push(...(await seriousViolations(page, `${where} (${scheme})`, !!process.env.ZD_AXE_DETAIL)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens the first row of the screen's first table, when it has one, for its details. */
async function openFirstRow(page: Page): Promise<boolean> {
  const row = page.locator('table tbody tr').first();
  if (!(await row.isVisible().catch(() => false))) return false;
  await row.click();
  await page
    .getByRole('complementary')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => {});
  return true;
}

describe.runIf(chrome)('accessibility (axe-core)', () => {
  let app: AppUnderTest;
  const found: string[] = [];
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
  });
  afterAll(async () => {
    // The whole list, for whoever mends them (the assertions print only a count past a few).
    writeFileSync(`${SHOTS}/../axe-violations.txt`, found.join('\n') + '\n');
    await app?.close();
  });

  it('has no serious or critical violation on the first-run and sign-in screens', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Try the local sandbox' }).waitFor();
    await both(page, 'first run', found);
    await page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await page.getByLabel('Email').waitFor();
    await both(page, 'sign-in', found);
    await startSandboxSignedInFromPanel(page);
    expect(found).toEqual([]);
  });

  it('has none on any area’s list and details', async () => {
    const { page } = app;
    const before = found.length;
    for (const [area, section] of SECTIONS) {
      await openSection(page, area, section);
      await page.waitForTimeout(600); // rows in, skeletons gone
      const where = section ? `${area} › ${section}` : area;
      await both(page, where, found);
      if (await openFirstRow(page)) await both(page, `${where}, details`, found);
    }
    expect(found.slice(before)).toEqual([]);
  });

  it('has none in the editors, dialogs, split panes and the palette', async () => {
    const { page } = app;
    const before = found.length;
    // From a one-section area: Workflows then opens at its first section, Workflows.
    await openSection(page, 'Limits');
    await openSection(page, 'Workflows');
    await page.getByRole('table', { name: 'Workflows' }).getByText('triage', { exact: true }).click();
    await page.getByRole('region', { name: 'Draft of triage' }).locator('.monaco-editor').waitFor();
    await both(page, 'workflow editor', found);
    await page.getByRole('button', { name: 'Create workflow' }).first().click();
    await page.getByRole('dialog').waitFor();
    await both(page, 'create workflow dialog', found);
    await page.keyboard.press('Escape');
    await openSection(page, 'Workflows', 'Skills');
    await page.getByRole('list', { name: 'Skill list' }).getByRole('button', { name: 'summarize' }).click();
    await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'SKILL.md' }).click();
    await page.getByRole('region', { name: 'Preview of SKILL.md' }).waitFor();
    await both(page, 'skill editor', found);
    await openSection(page, 'Compute', 'Containers');
    await page.keyboard.press('Control+Backslash');
    await page.getByRole('region', { name: /^Pane 2: / }).waitFor();
    await both(page, 'split panes', found);
    await page.keyboard.press('ControlOrMeta+K');
    await page.getByRole('dialog').waitFor();
    await both(page, 'palette', found);
    await page.keyboard.press('Escape');
    expect(found.slice(before)).toEqual([]);
  });
});

/** The sign-in panel is on screen already: finish signing in as the sandbox's developer. */
async function startSandboxSignedInFromPanel(page: Page): Promise<void> {
  const { signInWithMailboxCode } = await import('./support/flows');
  await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
  await page.getByRole('navigation', { name: 'Areas' }).waitFor();
}

/** An area, then its section (a section named as its area is the area's second button of that name). */
async function openSection(page: Page, area: string, section?: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: area, exact: true }).first().click();
  if (section) await nav.getByRole('button', { name: section, exact: true }).last().click();
}
