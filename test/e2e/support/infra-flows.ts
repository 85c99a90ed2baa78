/** Steps the infra end-to-end tests share: start the sandbox, sign in, open a section, screenshots. */
import type { Page } from 'playwright-core';
import { mailboxCode, signInWithMailboxCode } from './flows';

export const SHOTS = 'test-results/screenshots';

export async function startSandboxSignedIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try the local sandbox' }).click();
  await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: /eu-1/ }).first().waitFor();
  await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
  await page.getByRole('navigation', { name: 'Areas' }).waitFor();
}

/** Clicks an area in the sidebar, then a section when the area has several. */
export async function openSection(page: Page, area: string, section?: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: area, exact: true }).click();
  if (section) await nav.getByRole('button', { name: section, exact: true }).click();
}

/** Light and dark screenshots of what is on screen now, as infra-<name>-light|dark.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/infra-${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/infra-${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Signs in to the zone on screen when the mailbox already holds codes: waits for a code other
 * than the newest one before (flows.ts takes the newest, which may be another account's).
 */
export async function signInAfterOthers(page: Page, email: string, password: string): Promise<void> {
  const before = await page
    .getByRole('list', { name: 'Mails' })
    .getByRole('button', { name: /^Copy \d{6}$/ })
    .first()
    .getAttribute('aria-label', { timeout: 3_000 })
    .catch(() => null);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  await page.getByLabel('Code').waitFor();
  const code = await mailboxCode(page, /\d{6}/.exec(before ?? '')?.[0]);
  await page.getByLabel('Code').fill(code);
  await page.keyboard.press('Enter');
  await page.getByRole('contentinfo', { name: 'Status bar' }).getByText(`signed in as ${email}`).waitFor();
}
