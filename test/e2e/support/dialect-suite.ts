/**
 * The frame of an any-zone suite: one describe per dialect of part `part` of `of` of those that run
 * any of `journeys` (support/journeys.ts), each with its own app signed in to the sandbox speaking
 * that dialect. A suite's test files each take a part, so its dialects spread over the e2e workers.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type AppUnderTest, openApp } from './app';
import { chromiumOrSkip } from './chromium';
import { SHOTS, startSandboxSignedIn } from './infra-flows';
import { dialectsPart, JOURNEY_DIALECTS, noDialectInPart, runs, type Journey } from './journeys';

export function describeDialects(
  title: string,
  journeys: readonly Journey[],
  part: { part: number; of: number },
  body: (dialect: string, app: () => AppUnderTest) => void,
): void {
  const all = JOURNEY_DIALECTS.filter((d) => journeys.some((j) => runs(d, j)));
  const dialects = dialectsPart(all, part.part, part.of);
  if (!dialects.length) {
    noDialectInPart(part.part);
    return;
  }
  describeEachDialect(title, dialects, body);
}

/** One describe per dialect named, each with its own app signed in to the sandbox speaking it. */
export function describeEachDialect(
  title: string,
  dialects: readonly string[],
  body: (dialect: string, app: () => AppUnderTest) => void,
): void {
  const chrome = chromiumOrSkip();
  describe.runIf(chrome).each(dialects)(title, (dialect) => {
    let app: AppUnderTest | undefined;
    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      app = await openApp(chrome!, { env: { ZONEDECK_SANDBOX_DIALECT: dialect } });
      await startSandboxSignedIn(app.page);
    }, 60_000);
    afterAll(async () => app?.close());
    body(dialect, () => app!);
  });
}

/** From the VPN gateways list: opens "office" and saves its profile, a WireGuard file in Downloads. */
export async function saveOfficeVpnProfile(page: Page, dataDir: string): Promise<void> {
  await page
    .getByRole('table', { name: 'VPN gateways' })
    .getByRole('row', { name: /office/ })
    .click();
  const pane = page.getByRole('complementary', { name: 'Details of office' });
  await pane.getByRole('button', { name: 'Download VPN profile' }).click();
  await pane.getByRole('status', { name: 'VPN profile saved' }).waitFor();
  const file = path.join(dataDir, 'Downloads', 'eu-1-office.conf');
  expect(existsSync(file)).toBe(true);
  expect(readFileSync(file, 'utf8')).toMatch(/\[Interface\][\s\S]*\[Peer\][\s\S]*AllowedIPs = 10\.8\.0\.0\/24/);
}
