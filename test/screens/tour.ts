/**
 * The screenshot tour: every identity and infra screen, light and dark, as a person reaches it,
 * through the real browser host on the sandbox. Run: `npx tsx test/screens/tour.ts [outDir]`
 * (or `npm run screens`), then look at each PNG. Each theme gets its own fresh app opened in that
 * colour scheme, so no shot catches the theme mid-transition; files are <screen>-<light|dark>.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openApp } from '../e2e/support/app';
import { findChromium } from '../e2e/support/chromium';
import { accountTour, signInTour } from './tour-identity';
import { infraTour } from './tour-infra';
import { type Tour, tourOf } from './tour-kit';

const outDir = path.resolve(process.argv[2] ?? '/tmp/zd-shots');

async function run(scheme: 'light' | 'dark', executable: string): Promise<string[]> {
  const app = await openApp(executable, { colorScheme: scheme, viewport: { width: 1280, height: 800 } });
  const tour: Tour = tourOf(app, scheme, outDir);
  try {
    await signInTour(tour);
    await infraTour(tour); // before the account's authenticator: its set-up signs in with the emailed code
    await accountTour(tour);
  } catch (e) {
    // What was on screen when a step failed says more than the stack.
    await app.page.screenshot({ path: path.join(outDir, `FAILED-${scheme}.png`) }).catch(() => undefined);
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
  const taken = [...(await run('light', executable)), ...(await run('dark', executable))];
  console.log(`${taken.length} screenshots in ${outDir} (${Math.round((Date.now() - started) / 1000)} s):`);
  for (const f of taken) console.log(`  ${f}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
