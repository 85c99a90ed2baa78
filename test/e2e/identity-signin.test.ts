/**
 * Sign-in as a new user tries it: the mailed code, a wrong code then the right one, the 429 wait
 * with its live countdown, an expired challenge back to the password, and a remembered browser
 * that lets the second zone in without a second factor. Every frame the page receives is scanned.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { mailboxCode } from './support/flows';
import {
  SHOTS,
  advanceClock,
  codeAfter,
  mailCount,
  recordFrames,
  scanForSecrets,
  selectZone,
  shoot,
  startSandbox,
  wrongCodesUntilLocked,
  zoneState,
} from './support/identity-kit';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('identity: sign-in with a second factor', () => {
  let app: AppUnderTest;
  let frames: string[];
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    frames = await recordFrames(app);
    await startSandbox(app.page);
  });
  afterAll(async () => app?.close());

  /** Email and password, Enter; returns how many mails were listed before, for codeAfter. */
  const password = async (email = 'dev@example.com', pass = 'sandbox-dev') => {
    const { page } = app;
    const before = await mailCount(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(pass);
    await page.keyboard.press('Enter');
    return before;
  };

  it('signs in with the mailed code after a wrong one', async () => {
    const { page } = app;
    await shoot(page, 'signin');
    await password();
    await page.getByLabel('Code').waitFor();
    await expect.poll(() => page.getByText('We emailed a code to d**@example.com').count()).toBe(1);
    const code = await mailboxCode(page); // the shared step, as shell.test.ts reads it
    await shoot(page, 'mfa-email');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code').fill(wrong);
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Wrong code' });
    await expect.poll(() => alert.textContent()).toContain('Wrong code — 4 attempts left');
    expect(await alert.textContent()).toContain('HTTP 401 · invalid_code');
    await shoot(page, 'mfa-wrong');
    await page.getByLabel('Code').fill(` ${code.slice(0, 3)} ${code.slice(3)}\n`.trimEnd()); // pasted with a space
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed in as dev@example.com');
  });

  it('shows the 429 wait with a live countdown after too many wrong codes', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Zone actions' }).click();
    await page.getByText('Sign out of eu-1').click();
    await expect.poll(() => zoneState(page, 'eu-1')).toBe('signed out');
    await password();
    await wrongCodesUntilLocked(page);
    const button = page.getByRole('button', { name: /Try again in \d+:\d\d/ });
    await button.waitFor();
    const first = await button.textContent();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Too many attempts' }).textContent())
      .toMatch(/Too many attempts\. Try again in \d:\d\d/);
    expect(await button.isDisabled()).toBe(true);
    await shoot(page, 'mfa-429');
    await expect.poll(() => button.textContent(), { timeout: 4000 }).not.toBe(first); // it ticks
  });

  it('returns to the password step with the reason when the challenge has expired', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Use a different account' }).click();
    await advanceClock(app, 301); // past the lock
    const before = await password();
    await page.getByLabel('Code').waitFor();
    const code = await codeAfter(page, before);
    await advanceClock(app, 601); // past the challenge's 10 minutes
    await page.getByLabel('Code').fill(code);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'took too long' }).count()).toBe(1);
    await page.getByLabel('Password', { exact: true }).waitFor();
    await shoot(page, 'signin-expired');
  });

  it('remembers this browser: the second zone signs in with no second factor', async () => {
    const { page } = app;
    const before = await password();
    await page.getByLabel('Code').waitFor();
    const code = await codeAfter(page, before);
    await page.getByText('Remember this browser').click();
    await page.getByLabel('Code').fill(code);
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed in as dev@example.com');

    await selectZone(page, 'us-1');
    await password();
    await expect.poll(() => zoneState(page, 'us-1'), { timeout: 15_000 }).toBe('signed in as dev@example.com');
    expect(await page.getByLabel('Code').count()).toBe(0);
  });

  it('never lets a token, refresh token, client secret or cookie value reach the page', async () => {
    const seen = await scanForSecrets(app, frames);
    expect(seen.frames).toBeGreaterThan(10);
  });
});
