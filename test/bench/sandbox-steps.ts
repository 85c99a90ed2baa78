/** The benches' way in: the in-app sandbox started from the first-run screen, signed in, Compute › Containers open. */
import type { Page } from 'playwright-core';
import { signInWithMailboxCode } from '../e2e/support/flows';

export async function openSandboxContainers(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try the local sandbox' }).click();
  await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: 'Compute' }).click();
  await nav.getByRole('button', { name: 'Containers', exact: true }).click();
}
