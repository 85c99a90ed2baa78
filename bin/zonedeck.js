#!/usr/bin/env node
// `zonedeck` on PATH: the built command line (out/main/cli.js, `npm run build`); in a checkout that
// has not been built, the sources through tsx (`npm run cli -- …` always runs the sources).
import { existsSync } from 'node:fs';

const built = new URL('../out/main/cli.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src-main/cli/main.ts', import.meta.url).href);
}
