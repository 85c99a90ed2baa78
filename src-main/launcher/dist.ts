/**
 * `npm run dist`: a production build, then electron-builder (electron-builder.yml) for this
 * platform's installers; extra flags go to electron-builder (`npm run dist -- --linux deb`).
 * Packaging needs the Electron binary, so where its download failed this says so in one line
 * and fails before building anything.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './launch-electron';

export interface DistDeps {
  /** The Electron binary's path; throws with a reason when it is not installed. */
  findElectron(root: string): string;
  /** Runs a command in the foreground and returns its exit code. */
  run(command: string, args: string[], cwd: string): number;
  log(line: string): void;
}

const defaults: DistDeps = {
  findElectron: electronBinary,
  run: (command, args, cwd) => spawnSync(command, args, { cwd, stdio: 'inherit' }).status ?? 1,
  log: (line) => console.error(line),
};

/** The line printed when packaging cannot start, for the two ways Electron can be missing. */
export function missingElectronLine(reason: string): string {
  const fix = /package/.test(reason)
    ? 'Run npm install'
    : 'Install it (npx install-electron; behind a proxy set ELECTRON_MIRROR first)';
  const why = /package/.test(reason) ? reason : `${reason} (its download failed)`;
  return `dist: ${why}; cannot package. ${fix} and run npm run dist again.`;
}

/** A package's command-line script, found from its package.json (bins are not in `exports`). */
function packageBin(root: string, pkg: string): string {
  const manifest = createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
  const rel = typeof bin === 'string' ? bin : bin?.[pkg];
  if (!rel) throw new Error(`${pkg} has no command-line script`);
  return join(dirname(manifest), rel);
}

/** Returns the exit code: 1 when Electron is missing, else the first failing step's code, else 0. */
export function dist(root: string, builderArgs: string[], deps: DistDeps = defaults): number {
  try {
    deps.findElectron(root);
  } catch (err) {
    deps.log(missingElectronLine(err instanceof Error ? err.message : String(err)));
    return 1;
  }
  const steps: [pkg: string, args: string[]][] = [
    ['electron-vite', ['build']],
    ['electron-builder', builderArgs],
  ];
  for (const [pkg, args] of steps) {
    const code = deps.run(process.execPath, [packageBin(root, pkg), ...args], root);
    if (code !== 0) {
      deps.log(`dist: ${pkg} failed (exit code ${code}); see the messages above.`);
      return code;
    }
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = dist(fileURLToPath(new URL('../..', import.meta.url)), process.argv.slice(2));
}
