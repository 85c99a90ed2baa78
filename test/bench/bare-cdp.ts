/**
 * A page the benchmark can measure without Playwright attached. Playwright enables the Network
 * domain in the page and in every worker, so Chromium copies each WebSocket frame, base64-encoded,
 * to the driver: during a console flood that cost the driver ~0.2 s of CPU per 8 MB and the
 * browser more, on the same two cores, while writing to xterm directly paid none of it. So the
 * app is set up with Playwright (connected over a debugging port), Playwright then disconnects
 * (its sessions and their domains go with it), and the measuring is done through a bare CDP
 * session that enables nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { startHost, hostEnv } from '../e2e/support/app';

export interface Cdp {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Evaluates an expression in the page (promises awaited) and returns its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Resolves with the params of the next event of that name (CDP's own events, e.g. Tracing.tracingComplete). */
  waitEvent<T = unknown>(method: string): Promise<T>;
  close(): void;
}

export interface DetachableApp {
  /** The Playwright page, until detach(). */
  page: Page;
  /** The host's data dir (zones.json names the in-app sandbox's address). */
  dataDir: string;
  /** The address the host printed (its token in the fragment), to open the app again. */
  url: string;
  /** The host's process (agent and in-app sandbox) and Chromium's browser process. */
  pids: { host: number; browser: number };
  /** Disconnects Playwright and returns a bare CDP session on the same page. */
  detach(): Promise<Cdp>;
  close(): Promise<void>;
}

export async function openDetachableApp(executablePath: string): Promise<DetachableApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-bench-'));
  const host = await startHost(dataDir, hostEnv(dataDir));
  const browserProc = spawn(
    executablePath,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${path.join(dataDir, 'chromium')}`,
      '--window-size=1360,860',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await debuggerEndpoint(browserProc);
  const browser: Browser = await chromium.connectOverCDP(endpoint);
  const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
  await page.goto(host.url);
  let cdp: Cdp | undefined;
  return {
    page,
    dataDir,
    url: host.url,
    pids: { host: host.child.pid!, browser: browserProc.pid! },
    async detach() {
      const targetUrl = page.url();
      await browser.close(); // connected over CDP: this disconnects and leaves the page open
      const port = new URL(endpoint).port;
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
        type: string;
        url: string;
        webSocketDebuggerUrl: string;
      }[];
      const target = targets.find((t) => t.type === 'page' && t.url === targetUrl);
      if (!target)
        throw new Error(
          `the app page is gone after Playwright disconnected (pages: ${targets.map((t) => t.url).join(', ')})`,
        );
      cdp = await connectCdp(target.webSocketDebuggerUrl);
      return cdp;
    },
    async close() {
      cdp?.close();
      browserProc.kill('SIGTERM');
      host.child.kill('SIGTERM');
      await Promise.all([
        new Promise((r) => browserProc.once('exit', r)),
        new Promise((r) => host.child.once('exit', r)),
      ]);
      await removeProfile(dataDir);
    },
  };
}

/**
 * Chromium's helper processes outlive the browser process by a moment and may still write its
 * profile: removal is retried for a few seconds, and a folder left in /tmp is reported, never
 * allowed to end the benchmark run (it did, twice, with ENOTEMPTY).
 */
export async function removeProfile(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return;
    } catch (err) {
      if (attempt >= 20) return void console.warn(`left ${dir} behind: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export function debuggerEndpoint(proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium printed no debugging address in 30 s: ${err.slice(-300)}`)),
      30_000,
    );
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-300)}`)));
  });
}

export async function connectCdp(url: string): Promise<Cdp> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const waiting = new Map<string, (params: unknown) => void>();
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw)) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (msg.method && waiting.has(msg.method)) {
      waiting.get(msg.method)!(msg.params);
      waiting.delete(msg.method);
    }
    const p = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.error) p.reject(new Error(msg.error.message));
    else p.resolve(msg.result);
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    async evaluate<T>(expression: string) {
      const r = await send<{
        result: { value: T };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
      return r.result.value;
    },
    waitEvent: <T>(method: string) => new Promise<T>((resolve) => waiting.set(method, resolve as (p: unknown) => void)),
    close: () => ws.close(),
  };
}
