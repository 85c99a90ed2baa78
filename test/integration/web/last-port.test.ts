/**
 * The browser host listens where it did last time (the same origin, so the browser's cache of the
 * app is used again), takes a free port when that one is busy, and leaves `--port 0` alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-last-port-'));
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
const dataDir = path.join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the host on `dataDir`, reads the port of its ready line, stops it. */
async function portOfAStart(extra: string[] = []): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'src-main/web/cli.ts', '--no-open', '--json', '--memory-secrets'],
      ...['--data-dir', dataDir, '--renderer-dir', dir, ...extra],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: dir } },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    void exited.then(() => reject(new Error(`the host exited before it was ready: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"ready"')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  child.kill('SIGTERM');
  await exited;
  return Number(new URL(url).port);
}

describe('the browser host’s port', () => {
  it('is the one of the last start, a free one when that is taken, any with --port 0', async () => {
    const first = await portOfAStart();
    expect(await portOfAStart()).toBe(first);

    const squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(first, '127.0.0.1', r));
    try {
      const moved = await portOfAStart();
      expect(moved).not.toBe(first);
      // The free port it took is the one remembered now.
      squatter.close();
      expect(await portOfAStart()).toBe(moved);
    } finally {
      squatter.close();
    }

    expect(await portOfAStart(['--port', '0'])).not.toBe(first);
  }, 60_000);
});
