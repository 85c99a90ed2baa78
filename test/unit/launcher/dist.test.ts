/**
 * `npm run dist` (src-main/launcher/dist.ts) on fake node_modules layouts: where the Electron
 * binary is missing it prints one line and fails without building; otherwise it builds, then
 * packages, and stops at the first failing step.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dist, type DistDeps } from '../../../src-main/launcher/dist';
import { electronBinary } from '../../../src-main/launcher/launch-electron';

let root: string;
const put = (rel: string, text = '') => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

/** A project folder whose node_modules holds the electron package (with or without its binary) and the two CLIs. */
function layout(opts: { electronPackage: boolean; binary: boolean }) {
  put('package.json', '{"name":"fake"}');
  if (opts.electronPackage) {
    put('node_modules/electron/package.json', '{"name":"electron"}');
    put('node_modules/electron/path.txt', 'electron');
    if (opts.binary) put('node_modules/electron/dist/electron', '#!/bin/sh\n');
  }
  put(
    'node_modules/electron-vite/package.json',
    '{"name":"electron-vite","bin":{"electron-vite":"bin/electron-vite.js"}}',
  );
  put(
    'node_modules/electron-builder/package.json',
    '{"name":"electron-builder","bin":{"electron-builder":"./cli.js","install-app-deps":"./x.js"}}',
  );
}

function deps(codes: number[] = []) {
  const lines: string[] = [];
  const run = vi.fn((_cmd: string, _args: string[], _cwd: string) => codes.shift() ?? 0);
  const d: DistDeps = { findElectron: electronBinary, run, log: (l) => lines.push(l) };
  return { d, run, lines };
}

beforeEach(() => {
  vi.stubEnv('ELECTRON_OVERRIDE_DIST_PATH', '');
  root = mkdtempSync(join(tmpdir(), 'zd-dist-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run dist', () => {
  it('without the Electron binary: one plain line, exit 1, nothing built', () => {
    layout({ electronPackage: true, binary: false });
    const { d, run, lines } = deps();
    expect(dist(root, [], d)).toBe(1);
    expect(run).not.toHaveBeenCalled();
    expect(lines).toEqual([
      'dist: the Electron binary is not installed (its download failed); cannot package. Install it (npx install-electron; behind a proxy set ELECTRON_MIRROR first) and run npm run dist again.',
    ]);
  });

  it('without the electron package: says to run npm install', () => {
    layout({ electronPackage: false, binary: false });
    const { d, run, lines } = deps();
    expect(dist(root, [], d)).toBe(1);
    expect(run).not.toHaveBeenCalled();
    expect(lines).toEqual([
      'dist: the electron package is not installed; cannot package. Run npm install and run npm run dist again.',
    ]);
  });

  it('with the binary: builds, then runs electron-builder with the extra flags', () => {
    layout({ electronPackage: true, binary: true });
    const { d, run, lines } = deps();
    expect(dist(root, ['--linux', 'deb'], d)).toBe(0);
    expect(run.mock.calls).toEqual([
      [process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], root],
      [process.execPath, [join(root, 'node_modules/electron-builder/cli.js'), '--linux', 'deb'], root],
    ]);
    expect(lines).toEqual([]);
  });

  it('a failed build stops before packaging and passes its exit code on', () => {
    layout({ electronPackage: true, binary: true });
    const { d, run, lines } = deps([2]);
    expect(dist(root, [], d)).toBe(2);
    expect(run).toHaveBeenCalledTimes(1);
    expect(lines).toEqual(['dist: electron-vite failed (exit code 2); see the messages above.']);
  });
});
