/**
 * Setup for the e2e project: when a test fails, say what every open app had in its dialogs and
 * alerts, what the page threw or logged as an error, and save a screenshot beside the others, so a
 * failure seen only in CI can be read from its log instead of guessed at. The account is raised
 * as a second error of the failed test: CI's record keeps only the tail of the log, and the failed
 * tests' summary is in that tail where console output is not.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openPages, pageProblems } from './app';
import { SHOTS } from './infra-flows';

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const accounts: string[] = [];
  let n = 0;
  for (const page of openPages) {
    n += 1;
    const said = async (role: 'dialog' | 'alert' | 'status' | 'complementary') =>
      (
        await page
          .getByRole(role)
          .allInnerTexts()
          .catch(() => [])
      ).map((t) => t.replace(/\s+/g, ' ').slice(0, 200));
    const file = path.join(SHOTS, `failed-${ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 60)}-${n}.png`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
    const problems = (pageProblems.get(page) ?? []).slice(-8);
    accounts.push(
      [
        `page ${n} at ${page.url()}`,
        `dialogs: ${JSON.stringify(await said('dialog'))}`,
        `alerts: ${JSON.stringify(await said('alert'))}`,
        `statuses: ${JSON.stringify((await said('status')).slice(0, 6))}`,
        `details panes: ${JSON.stringify((await said('complementary')).slice(0, 2))}`,
        `page errors (last ${problems.length}): ${problems.length ? `\n    ${problems.join('\n    ')}` : 'none'}`,
        `screenshot: ${file}`,
      ].join('\n  '),
    );
  }
  if (accounts.length) throw new Error(`[e2e failure context] ${ctx.task.name}\n  ${accounts.join('\n  ')}`);
});
