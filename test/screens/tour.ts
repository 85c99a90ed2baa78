/**
 * The screenshot tour: every screen (identity, infra, compute, workflows and runs, skills,
 * workspaces, all zones, split panes), light and dark, wide and narrow, as a person reaches it,
 * through the real browser host on the sandbox. Run: `npx tsx test/screens/tour.ts [outDir]`
 * (or `npm run screens`), then look at each PNG. Each theme and width gets its own fresh app, so no
 * shot catches the theme mid-transition; files are <screen>-<light|dark>[-narrow].png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openApp } from '../e2e/support/app';
import { findChromium } from '../e2e/support/chromium';
import { accountTour, signInTour } from './tour-identity';
import { infraTour } from './tour-infra';
import { studioTour } from './tour-studio';
import { type Tour, tourOf } from './tour-kit';
import { acrossTour } from './look-across';

const outDir = path.resolve(process.argv[2] ?? '/tmp/zd-shots');

const WIDE = { width: 1280, height: 800 };
/** A laptop window beside another: lists drop columns, panes wrap. */
const NARROW = { width: 900, height: 700 };

async function run(scheme: 'light' | 'dark', executable: string, narrow = false): Promise<string[]> {
  const app = await openApp(executable, { colorScheme: scheme, viewport: narrow ? NARROW : WIDE });
  const tour: Tour = tourOf(app, narrow ? `${scheme}-narrow` : scheme, outDir);
  try {
    await signInTour(tour);
    if (narrow) {
      await studioTour(tour);
      return tour.taken;
    }
    await infraTour(tour); // before the account's authenticator: its set-up signs in with the emailed code
    await studioTour(tour);
    await accountTour(tour);
  } catch (e) {
    // What was on screen when a step failed says more than the stack.
    await app.page
      .screenshot({ path: path.join(outDir, `FAILED-${scheme}${narrow ? '-narrow' : ''}.png`) })
      .catch(() => undefined);
    throw e;
  } finally {
    await app.close();
  }
  return tour.taken;
}

async function main(): Promise<void> {
  const executable = findChromium();
  if (!executable) throw new Error('no Chromium found (set CHROME_PATH, or install chromium)');
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const taken: string[] = [];
  for (const scheme of ['light', 'dark'] as const)
    for (const narrow of [false, true]) taken.push(...(await run(scheme, executable, narrow)));
  taken.push(...(await acrossTour(outDir)));
  console.log(`${taken.length} screenshots in ${outDir} (${Math.round((Date.now() - started) / 1000)} s):`);
  for (const f of taken) console.log(`  ${f}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
