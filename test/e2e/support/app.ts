/**
 * Starts the real browser host (a child process, as `npm run web` would) with a fresh data dir
 * and a private keychain service, and opens its UI in Chromium.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface AppUnderTest {
  page: Page;
  context: BrowserContext;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** What a test may set for the host; anything left out stays inside the app's temp data dir. */
export interface OpenAppOptions {
  colorScheme?: 'light' | 'dark';
  /** Overrides for the host's environment, e.g. HOME or KUBECONFIG pointing at a test's own temp dir. */
  env?: Record<string, string>;
  /** Default 1360x860; the screenshot tour uses 1280x800. */
  viewport?: { width: number; height: number };
  /** Chromium switches beside CHROMIUM_ARGS, e.g. --disable-webgl. */
  browserArgs?: string[];
  /** The data folder to open on (a restart's second opening): the caller's, kept on close. */
  dataDir?: string;
}

/**
 * The host's environment: this process's, but with HOME in the data dir and no KUBECONFIG, so the
 * host's kubeconfig target is <dataDir>/.kube/config and a developer's real kubeconfig (or
 * Downloads) can never be read or written by a test. A test can still set either explicitly.
 */
export function hostEnv(dataDir: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: dataDir };
  delete env.KUBECONFIG;
  return { ...env, ...overrides };
}

/** Pages of the apps now open, so a failed test can say what was on screen (see on-failure.ts). */
export const openPages = new Set<Page>();
/** What each open page threw or logged as an error, newest last (at most 20), for on-failure.ts. */
export const pageProblems = new WeakMap<Page, string[]>();

function recordProblems(page: Page): void {
  const list: string[] = [];
  pageProblems.set(page, list);
  const note = (line: string) => {
    list.push(line.replace(/\s+/g, ' ').slice(0, 400));
    if (list.length > 20) list.shift();
  };
  page.on('pageerror', (e) => note(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text()}`);
  });
}

export async function startHost(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  /** The --port flag's value: '0' (any free port) unless a test needs one it chose. */
  opts: { port?: string } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      // The built host, as `npm run web` runs it (test:e2e builds first).
      'out/main/web.js',
      '--port',
      opts.port ?? '0',
      '--no-open',
      '--json',
      '--data-dir',
      dataDir,
      '--keychain-service',
      `Zonedeck-e2e-${process.pid}-${Date.now()}`,
      // A separate build (electron-vite build --outDir X) can be tested without touching out/.
      ...(process.env.ZONEDECK_RENDERER_DIR ? ['--renderer-dir', process.env.ZONEDECK_RENDERER_DIR] : []),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env },
  );
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('browser host did not print its ready line in 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`browser host exited early (${code})`)));
    lines.on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { event?: string; url?: string };
        if (msg.event === 'ready' && msg.url) {
          clearTimeout(timer);
          resolve(msg.url);
        }
      } catch {
        /* not the ready line */
      }
    });
  });
  return { child, url };
}

/** Stops a host started by startHost and waits for it to exit (at once when it already has). */
export async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function openApp(
  executablePath: string,
  opts: 'light' | 'dark' | OpenAppOptions = 'light',
): Promise<AppUnderTest> {
  const {
    colorScheme = 'light',
    env = {},
    viewport = { width: 1360, height: 860 },
    browserArgs = [],
    dataDir: given,
  } = typeof opts === 'string' ? { colorScheme: opts } : opts;
  const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'zd-e2e-'));
  const { child, url } = await startHost(dataDir, hostEnv(dataDir, env));
  const browser: Browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, ...browserArgs],
    headless: true,
  });
  const context = await browser.newContext({ colorScheme, viewport });
  const page = await context.newPage();
  recordProblems(page);
  openPages.add(page);
  await page.goto(url);
  return {
    page,
    context,
    url,
    dataDir,
    async close() {
      openPages.delete(page);
      await browser.close();
      await stopHost(child);
      if (given) return;
      // Chromium's helper processes may still be writing its profile as it exits: retry on ENOTEMPTY.
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
