/** Shared steps for the Workspaces end-to-end tests: open a workspace's tab, take its screenshots. */
import type { Locator, Page } from 'playwright-core';
import { SHOTS } from './infra-flows';

/** Opens the workspace's details from the list (Workspaces › Workspaces must be open), then one tab; the pane. */
export async function openWorkspaceTab(page: Page, name: string, tab: string): Promise<Locator> {
  const pane = page.getByRole('complementary', { name: `Details of ${name}` });
  if (!(await pane.isVisible())) {
    await page.getByRole('table', { name: 'Workspaces' }).getByText(name, { exact: true }).click();
  }
  await pane.getByRole('tab', { name: tab, exact: true }).click();
  return pane;
}

/** Light and dark screenshots, as workspace-<name>-light|dark.png. */
export async function shootWorkspace(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/workspace-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
