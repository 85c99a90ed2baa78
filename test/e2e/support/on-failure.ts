/**
 * Setup for the e2e project: when a test fails, print what every open app had in its dialogs and
 * alerts, and save a screenshot beside the others, so a failure seen only in CI can be read from
 * its log instead of guessed at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openPages } from './app';
import { SHOTS } from './infra-flows';

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  let n = 0;
  for (const page of openPages) {
    n += 1;
    const said = async (role: 'dialog' | 'alert') =>
      (
        await page
          .getByRole(role)
          .allInnerTexts()
          .catch(() => [])
      ).map((t) => t.replace(/\s+/g, ' ').slice(0, 300));
    const file = path.join(SHOTS, `failed-${ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 60)}-${n}.png`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
    console.error(
      `[e2e failure] ${ctx.task.name} — page ${n} at ${page.url()}\n  dialogs: ${JSON.stringify(await said('dialog'))}\n  alerts: ${JSON.stringify(await said('alert'))}\n  screenshot: ${file}`,
    );
  }
});
