/** Runs `electron-vite build` when out/ is missing or older than any source file (a cheap mtime check). */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const OUTPUTS = ['out/main/index.js', 'out/main/web.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
const INPUT_DIRS = ['src-main', 'src-renderer', 'resources'];
const INPUT_FILES = ['electron.vite.config.ts', 'package.json'];

function newestIn(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const d of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (d.isFile()) newest = Math.max(newest, statSync(join(d.parentPath, d.name)).mtimeMs);
  }
  return newest;
}

export function isStale(root: string): boolean {
  const outs = OUTPUTS.map((p) => join(root, p));
  if (!outs.every((p) => existsSync(p))) return true;
  const oldestOut = Math.min(...outs.map((p) => statSync(p).mtimeMs));
  const inputs = [
    ...INPUT_DIRS.map((d) => newestIn(join(root, d))),
    ...INPUT_FILES.map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)),
  ];
  return Math.max(...inputs) > oldestOut;
}

/** Returns false when the build failed (its output is already on the terminal). */
export function buildIfStale(root: string): boolean {
  if (!isStale(root)) return true;
  console.log('Building Zonedeck…');
  // The bin file is not in the package's exports; find it next to its package.json.
  const pkg = createRequire(join(root, 'package.json')).resolve('electron-vite/package.json');
  const cli = join(dirname(pkg), 'bin', 'electron-vite.js');
  const res = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return res.status === 0;
}
