/**
 * Finds a Chromium for the end-to-end tests. Under CI a missing browser fails the run; on a
 * developer's machine the suite says in one loud line that it did not run, and why.
 */
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

/** Returns the path, or undefined after announcing the skip; throws under CI. */
export function chromiumOrSkip(): string | undefined {
  const found = findChromium();
  if (found) return found;
  const why = 'no Chromium found (set CHROME_PATH, or install chromium)';
  if (process.env.CI === 'true') throw new Error(`End-to-end tests need Chromium under CI: ${why}.`);
  console.warn(`\n!!! END-TO-END TESTS NOT RUN: ${why} !!!\n`);
  return undefined;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
