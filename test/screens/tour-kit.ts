/** What the tour's steps share: the app, where shots go, and the sandbox's fault switch. */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { loopbackFetch } from '../support/loopback-fetch';
import type { AppUnderTest } from '../e2e/support/app';
import { sandboxBase } from '../e2e/support/identity-kit';

export interface Tour {
  app: AppUnderTest;
  page: Page;
  /** The theme, with "-narrow" for the narrow window's run: part of each file name. */
  scheme: string;
  /** File names written so far. */
  taken: string[];
  /** Screenshot of what is on screen now, as <name>-<scheme>.png; settleMs (default 450) lets dialogs finish animating. */
  shot(name: string, settleMs?: number): Promise<void>;
}

export function tourOf(app: AppUnderTest, scheme: string, outDir: string): Tour {
  const taken: string[] = [];
  return {
    app,
    page: app.page,
    scheme,
    taken,
    async shot(name, settleMs = 450) {
      // The pointer off every hover state and tooltip; dialogs and drawers animate in for ~250 ms.
      await app.page.mouse.move(640, 797);
      await app.page.waitForTimeout(settleMs);
      const file = `${name}-${scheme}.png`;
      await app.page.screenshot({ path: path.join(outDir, file) });
      taken.push(file);
    },
  };
}

/** Every request to the sandbox zones fails with 503 while on (for the error state). */
export async function zoneFaults(app: AppUnderTest, errorRate: number): Promise<void> {
  const res = await loopbackFetch(`${sandboxBase(app, 'eu-1')}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ error_rate: errorRate }),
  });
  if (!res.ok) throw new Error(`sandbox faults: HTTP ${res.status}`);
}

/** Closes the corner notifications of finished tasks, so the next screens are seen whole. */
export async function clearNotifications(page: Page): Promise<void> {
  const close = page.locator('.n-notification .n-base-close');
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++) {
    // One may close by itself between the count and the click: a miss is not a failure.
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(350);
  }
}
