/**
 * The browser host as its own process (`npm run web` with a temp data dir and a stub renderer), for
 * tests that must see whether the process itself stays up. `preload` modules run before the host
 * (node --import), so a test can add a fault without any hook in the product.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface HostProcess {
  child: ChildProcess;
  port: number;
  token: string;
  dataDir: string;
  /** Everything the host wrote to stderr so far. */
  stderr(): string;
  /** The host's log file, as text ('' before the first line). */
  logText(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function spawnWebHost(opts: { preload?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<HostProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-host-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  const dataDir = path.join(dir, 'data');
  const preload = (opts.preload ?? []).flatMap((p) => ['--import', p]);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...preload,
      'src-main/web/cli.ts',
      ...['--port', '0', '--no-open', '--json', '--memory-secrets', '--data-dir', dataDir, '--renderer-dir', dir],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: dir, ...opts.env } },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the host printed no ready line in 30 s')), 30_000);
    void exited.then((code) => reject(new Error(`the host exited early (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      // The ready line, not the page line before it: the agent and its command-line socket are up.
      let msg: { event?: unknown; url?: unknown };
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        return;
      }
      if (msg.event === 'ready' && typeof msg.url === 'string') {
        clearTimeout(timer);
        resolve(msg.url);
      }
    });
  });
  const u = new URL(url);
  return {
    child,
    port: Number(u.port),
    token: new URLSearchParams(u.hash.slice(1)).get('token')!,
    dataDir,
    stderr: () => stderr,
    logText() {
      try {
        return readFileSync(path.join(dataDir, 'logs', 'zonedeck.log'), 'utf8');
      } catch {
        return '';
      }
    },
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
