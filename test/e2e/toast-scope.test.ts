/**
 * Toasts belong to their screen: a toast raised on one screen is cleared when the person moves to
 * another (here: "Published version 1" in the workflow editor, then the Skills section), so it
 * never sits over what comes next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, startSandboxSignedIn } from './support/infra-flows';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('toasts stay on their screen', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
  });
  afterAll(async () => app?.close());

  it('clears a toast from the editor when the person opens another section', async () => {
    const { page } = app;
    await openSection(page, 'Workflows');
    await page.getByRole('button', { name: 'Create workflow' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Create a workflow/ });
    await dialog.getByLabel('Name').fill('toast-flow');
    await dialog.getByRole('button', { name: 'Create workflow' }).click();
    const draft = page.getByRole('region', { name: 'Draft of toast-flow' });
    await draft.getByRole('button', { name: 'Publish' }).click();
    const toast = page.locator('.n-message').filter({ hasText: 'Published version 1' });
    await toast.first().waitFor();
    await page.waitForTimeout(1_700); // past the grace a move's own toast gets
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('button', { name: 'Skills', exact: true }).click();
    // Gone at once, well before its own 3 s would run out.
    await expect.poll(() => toast.count(), { timeout: 700, interval: 50 }).toBe(0);
  });
});
