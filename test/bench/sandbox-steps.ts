/** The benches' ways in: the in-app sandbox from the first-run screen, or zones of a sandbox the bench started. */
import type { Page } from 'playwright-core';
import { signInWithMailboxCode } from '../e2e/support/flows';
import { sandboxBaseUrl, sandboxToken } from '../e2e/support/infra-sandbox';
import { loopbackFetch } from '../support/loopback-fetch';

const EMAIL = 'dev@example.com';
const PASSWORD = 'sandbox-dev';

/** The in-app sandbox started from the first-run screen, signed in, Compute › Containers open. */
export async function openSandboxContainers(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try the local sandbox' }).click();
  await signInWithMailboxCode(page, EMAIL, PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: 'Compute' }).click();
  await nav.getByRole('button', { name: 'Containers', exact: true }).click();
}

/** The in-app sandbox started and signed in; its eu-1 zone's address and a token for the bench's own calls. */
export async function openSandboxZone(page: Page, dataDir: string): Promise<{ base: string; token: string }> {
  await page.getByRole('button', { name: 'Try the local sandbox' }).click();
  await signInWithMailboxCode(page, EMAIL, PASSWORD);
  const base = sandboxBaseUrl(dataDir, 'eu-1');
  return { base, token: await sandboxToken(base) };
}

/**
 * Adds a zone through the Add-zone dialog, opened from the first-run screen or the rail's "+"
 * menu, and signs in with the code its sandbox mailed (read from the sandbox's outbox).
 */
export async function addZone(page: Page, name: string, baseUrl: string, from: 'first-run' | 'rail'): Promise<void> {
  if (from === 'first-run') await page.getByRole('button', { name: 'Add a zone' }).click();
  else {
    await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'Add a zone' }).click();
    await page.getByText('Add a zone…').click();
  }
  const dialog = page.getByRole('dialog', { name: 'Add a zone' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await dialog.getByRole('button', { name: 'Add zone' }).click();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByLabel('Code').waitFor();
  const mails = (await (await loopbackFetch(`${baseUrl}/_sandbox/mail?to=${encodeURIComponent(EMAIL)}`)).json()) as {
    code?: string;
  }[];
  await page.getByLabel('Code').fill(mails[0]?.code ?? '');
  await page.keyboard.press('Enter');
  await page.getByRole('contentinfo', { name: 'Status bar' }).getByText(`signed in as ${EMAIL}`).waitFor();
}
