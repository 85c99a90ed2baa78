/** Steps several end-to-end tests share, written as a person would do them. */
import type { Page } from 'playwright-core';

/** The newest code in the Sandbox mailbox panel, read from its copy button's accessible name. */
export async function mailboxCode(page: Page, previous?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const button = page
      .getByRole('list', { name: 'Mails' })
      .getByRole('button', { name: /^Copy \d{6}$/ })
      .first();
    const label = (await button.getAttribute('aria-label', { timeout: 2_000 }).catch(() => null)) ?? '';
    const code = /\d{6}/.exec(label)?.[0];
    if (code && code !== previous) return code;
    if (Date.now() > deadline) throw new Error('no new code arrived in the sandbox mailbox');
    await page
      .getByRole('button', { name: 'Refresh mailbox' })
      .first()
      .click()
      .catch(() => undefined);
    await page.waitForTimeout(300);
  }
}

export async function signInWithMailboxCode(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  await page.getByLabel('Code').waitFor();
  const code = await mailboxCode(page);
  await page.getByLabel('Code').fill(code);
  await page.keyboard.press('Enter');
}
