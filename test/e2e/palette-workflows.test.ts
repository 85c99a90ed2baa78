/**
 * The palette finds workflows and skills in every signed-in zone and opens them where they live:
 * the zone switched, the Workflows or Skills screen shown, the item open.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { selectZone } from './support/identity-kit';
import { signInAfterOthers, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';

const chrome = chromiumOrSkip();

async function search(page: Page, query: string, option: RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill(query);
  await palette.getByRole('option', { name: option }).waitFor();
  await page.keyboard.press('Enter');
  await palette.waitFor({ state: 'hidden' });
}

describe.runIf(chrome)('palette: workflows and skills across zones', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    await selectZone(app.page, 'us-1');
    await signInAfterOthers(app.page, 'dev@example.com', 'sandbox-dev');
    const base = sandboxBaseUrl(app.dataDir, 'us-1');
    await sandboxCall(base, await sandboxToken(base), 'POST', '/api/v1/workflows', { name: 'us-only-flow' });
    // A skill listed before summarize, so the screen's own first pick is not the one asked for.
    const eu = sandboxBaseUrl(app.dataDir, 'eu-1');
    await sandboxCall(eu, await sandboxToken(eu), 'POST', '/api/v1/skills', { name: 'aaa-first' });
    await selectZone(app.page, 'eu-1');
  });
  afterAll(async () => app?.close());

  it('opens a workflow of another zone from its name', async () => {
    const { page } = app;
    await search(page, 'us-only', /us-only-flow · us-1.*Workflow · open/);
    await page.getByRole('region', { name: 'Draft of us-only-flow' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('us-1').waitFor();
  });

  it('opens a skill by name and zone', async () => {
    const { page } = app;
    await search(page, 'aaa-first eu-1', /aaa-first · eu-1.*Skill · open/);
    await page.getByRole('region', { name: 'Skill aaa-first' }).waitFor();
    await search(page, 'summarize eu-1', /summarize · eu-1.*Skill · open/);
    await page.getByRole('region', { name: 'Skill summarize' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('eu-1').waitFor();
  });
});
