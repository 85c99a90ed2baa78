/**
 * The frame of an any-zone suite: one describe per dialect of part `part` of `of` of those that run
 * any of `journeys` (support/journeys.ts), each with its own app signed in to the sandbox speaking
 * that dialect. A suite's test files each take a part, so its dialects spread over the e2e workers.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe } from 'vitest';
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
  const chrome = chromiumOrSkip();
  const all = JOURNEY_DIALECTS.filter((d) => journeys.some((j) => runs(d, j)));
  const dialects = dialectsPart(all, part.part, part.of);
  if (!dialects.length) {
    noDialectInPart(part.part);
    return;
  }
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
