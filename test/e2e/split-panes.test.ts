/**
 * Split panes against the sandbox's two zones: eu-1's containers beside us-1's; stopping a
 * container in one pane changes only that pane; focus moves with F6 and the breadcrumb follows;
 * the layout comes back after a reload; the palette's Alt+Enter and the zone menu open a zone in a
 * new pane; a pane closes from its bar.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { SHOTS, shoot, signInAfterOthers, startSandboxSignedIn } from './support/infra-flows';
import { openSection, selectZone } from './support/identity-kit';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();

const pane = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Pane ${n}: `) });
const paneNames = async (page: Page) =>
  (await page.getByRole('region', { name: /^Pane \d: / }).evaluateAll((els) => els.map((e) => e.ariaLabel ?? ''))).map(
    (s) => s.replace(/^Pane \d: /, ''),
  );
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).innerText();
/** A new window load: away, then the address with its access token, as the host opens a window. */
const reopen = async (page: Page, url: string) => {
  await page.goto('about:blank');
  await page.goto(url);
};
/** The row of container `name` in a pane's Containers table. */
const row = (page: Page, n: number, name: string) =>
  pane(page, n)
    .getByRole('table', { name: 'Containers', exact: true })
    .getByRole('row', { name: new RegExp(`\\b${name}\\b`) })
    .first();

describe.runIf(chrome)('split panes: two zones side by side', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
  }, 90_000);
  afterAll(async () => app?.close());

  it('splits eu-1’s containers beside us-1’s, and a stop in one pane changes only that pane', async () => {
    const { page } = app;
    await openSection(page, 'Compute', 'Containers');
    await page.getByRole('table', { name: 'Containers', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('region', { name: /^Pane \d: / }).count()).toBe(0);

    await page.keyboard.press('Control+Backslash');
    expect(await paneNames(page)).toEqual(['eu-1 — Compute › Containers', 'eu-1 — Compute › Containers']);
    expect(await pane(page, 2).getAttribute('aria-current')).toBe('true');
    // The rail acts on the focused pane: the second one turns to us-1, which asks to sign in there.
    await selectZone(page, 'us-1');
    await pane(page, 2).getByLabel('Email').waitFor();
    await signInAfterOthers(page, 'dev@example.com', 'sandbox-dev');
    // us-1 opens to its own home page: go to its containers, as in the pane beside it.
    await pane(page, 2).getByRole('region', { name: 'Overview of us-1' }).waitFor({ timeout: 20_000 });
    await openSection(page, 'Compute', 'Containers');
    await row(page, 2, 'web-1').waitFor({ timeout: 20_000 });
    expect(await paneNames(page)).toEqual(['eu-1 — Compute › Containers', 'us-1 — Compute › Containers']);
    expect(await crumbs(page)).toMatch(/^us-1/);

    // Stop web-1 in eu-1's pane: the click there focuses it; us-1's web-1 keeps running.
    await row(page, 1, 'web-1').click();
    await page.mouse.move(1, 1);
    expect(await crumbs(page)).toMatch(/^eu-1[\s\S]*web-1/);
    const details = pane(page, 1).getByRole('complementary', { name: 'Details of web-1' });
    await details.getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDialog(page, 'Stop web-1');
    await expect.poll(() => row(page, 1, 'web-1').innerText(), { timeout: 20_000 }).toMatch(/stopped/);
    expect(await row(page, 2, 'web-1').innerText()).toMatch(/running/);
    await shoot(page, 'split-panes');
  });

  it('moves focus between panes with F6, and the breadcrumb follows', async () => {
    const { page } = app;
    await page.keyboard.press('F6');
    expect(await pane(page, 2).getAttribute('aria-current')).toBe('true');
    expect(await crumbs(page)).toMatch(/^us-1/);
    await page.keyboard.press('Control+Digit1');
    expect(await pane(page, 1).getAttribute('aria-current')).toBe('true');
    expect(await crumbs(page)).toMatch(/^eu-1/);
  });

  it('brings the layout back after a restart of the window', async () => {
    const { page } = app;
    await reopen(page, app.url);
    await row(page, 2, 'web-1').waitFor({ timeout: 20_000 });
    expect(await paneNames(page)).toEqual(['eu-1 — Compute › Containers', 'us-1 — Compute › Containers']);
    expect(await pane(page, 1).getAttribute('aria-current')).toBe('true');
  });

  it('opens a screen in a new pane from the palette with Alt+Enter, and a zone from its menu', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Go to zone, area or command' }).fill('us-1 › Compute › MicroVMs');
    await page.keyboard.press('Alt+Enter');
    await pane(page, 2).getByRole('table', { name: 'MicroVMs', exact: true }).waitFor({ timeout: 20_000 });
    expect(await paneNames(page)).toEqual([
      'eu-1 — Compute › Containers',
      'us-1 — Compute › MicroVMs',
      'us-1 — Compute › Containers',
    ]);
    await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'eu-1', exact: true }).click({
      button: 'right',
    });
    await page.getByRole('menuitem', { name: 'Open in split' }).click();
    await expect.poll(() => page.getByRole('region', { name: /^Pane \d: / }).count()).toBe(4);
    expect((await paneNames(page))[2]).toBe('eu-1 — Compute › MicroVMs');
  });

  it('closes panes from their bar until one is left, which shows as the whole window again', async () => {
    const { page } = app;
    for (const n of [4, 3, 2]) await page.getByRole('button', { name: `Close pane ${n}` }).click();
    expect(await page.getByRole('region', { name: /^Pane \d: / }).count()).toBe(0);
    expect(await crumbs(page)).toMatch(/^eu-1/);
    await page.getByRole('table', { name: 'Containers', exact: true }).waitFor();
    // One pane is no layout to keep: the window opens as new, at the zone's home page.
    await reopen(page, app.url);
    await page.getByRole('region', { name: 'Overview of eu-1' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('region', { name: /^Pane \d: / }).count()).toBe(0);
  });
});
