/**
 * The real Electron app for test/e2e/electron-app.test.ts: the binary if it was installed (never
 * by loading the electron package, which would try to download it), a display (Xvfb on Linux
 * when there is none), and the built app launched through Playwright's Electron support with its
 * HOME, settings and keychain inside a temp dir.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { electronBinary } from '../../../src-main/launcher/launch-electron';
import { openPages } from './app';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The binary's path, or undefined after ONE loud line. Missing binaries skip even under CI=true
 * (the one test allowed to: the download is often blocked); ZONEDECK_REQUIRE_ELECTRON=1 (the
 * release workflow) makes it a failure.
 */
export function electronOrSkip(): string | undefined {
  let why: string;
  try {
    const bin = electronBinary(ROOT);
    if (!existsSync(path.join(ROOT, 'out/main/index.js'))) why = 'the app is not built (npm run build makes out/)';
    else return bin;
  } catch (err) {
    const expected = path.join(ROOT, 'node_modules/electron/dist');
    why = `Electron binary not found at ${expected} (${(err as Error).message})`;
  }
  if (process.env.ZONEDECK_REQUIRE_ELECTRON === '1') throw new Error(`The real-app test must run here: ${why}.`);
  console.warn(`\n!!! ${why}: the real-app test did not run !!!\n`);
  return undefined;
}

/** A display for Electron: the one there is, else a private Xvfb on Linux (undefined: none to be had). */
export async function ensureDisplay(): Promise<{ env: Record<string, string>; stop(): void } | undefined> {
  if (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
    return { env: {}, stop: () => undefined };
  if (spawnSync('Xvfb', ['-help'], { stdio: 'ignore' }).error) return undefined;
  const display = `:${90 + (process.pid % 500)}`;
  const xvfb: ChildProcess = spawn('Xvfb', [display, '-screen', '0', '1440x960x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 800));
  if (xvfb.exitCode !== null) return undefined;
  return { env: { DISPLAY: display }, stop: () => void xvfb.kill() };
}

export interface RealApp {
  app: ElectronApplication;
  page: Page;
  /** HOME of the app: kubeconfigs land in <home>/.kube/zonedeck. */
  home: string;
  /** What a second instance of this app (same settings folder) is started with. */
  launchArgs: string[];
  env: Record<string, string>;
  /** The launch's start marks: spawn → window, spawn → first screen, page → first screen. */
  marks: StartMarks;
  close(): Promise<void>;
}

/** Start marks of a real launch, named as the browser-host bench's (ms; the page's from its navigation start). */
export type StartMarks = Record<string, number>;

/** Writes the real app's marks beside the test results and says them in one line. */
export function recordMarks(marks: StartMarks): void {
  const dir = path.join(ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'electron-marks.json'), `${JSON.stringify(marks, null, 2)}\n`);
  console.log(
    `real Electron start: ${Object.entries(marks)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}`,
  );
}

export async function launchRealApp(bin: string, display: Record<string, string>): Promise<RealApp> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'zd-electron-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'KUBECONFIG') env[k] = v;
  // HOME and the settings folder in the temp dir: a person's kubeconfig and settings are never touched.
  Object.assign(env, display, {
    HOME: home,
    USERPROFILE: home, // Windows' home folder
    XDG_CONFIG_HOME: path.join(home, '.config'),
  });
  delete env.ELECTRON_RENDERER_URL;
  const launchArgs = [ROOT, '--memory-secrets', `--user-data-dir=${path.join(home, 'userData')}`];
  // The OS sandbox on macOS and Windows; on Linux it needs a setuid helper or user namespaces CI runners lack.
  const chromiumSandbox = process.platform !== 'linux';
  const spawned = performance.now();
  const app = await _electron.launch({
    executablePath: bin,
    args: launchArgs,
    env,
    cwd: ROOT,
    timeout: 60_000,
    chromiumSandbox,
  });
  const page = await app.firstWindow();
  const windowed = performance.now();
  openPages.add(page);
  // The first screen, either one the browser-host bench waits for (test/bench/first-screen.ts): the
  // first-run heading of a fresh data dir, or a zone in the rail.
  await page.locator('#first-run-title, nav[aria-label="Zones"] li button').first().waitFor({ timeout: 30_000 });
  const shown = performance.now();
  const pageToFirstScreen = await page.evaluate(() => performance.now());
  return {
    app,
    page,
    marks: {
      electron_spawn_to_window_ms: windowed - spawned,
      electron_spawn_to_first_screen_ms: shown - spawned,
      electron_page_to_first_screen_ms: pageToFirstScreen,
    },
    home,
    launchArgs,
    env,
    async close() {
      openPages.delete(page);
      await app.close().catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
