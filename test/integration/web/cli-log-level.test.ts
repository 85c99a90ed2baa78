/** The browser host's --log-level, as `npm run web -- --log-level debug` passes it: honoured, defaulted, checked. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Starts the host, waits for its ready line, stops it with SIGTERM; returns its log lines. */
async function runHost(
  extra: string[],
): Promise<{ code: number | null; stderr: string; lines: Record<string, unknown>[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-cli-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  const dataDir = path.join(dir, 'data');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-main/web/cli.ts',
      '--port',
      '0',
      '--no-open',
      '--json',
      '--memory-secrets',
      '--data-dir',
      dataDir,
      '--renderer-dir',
      dir,
      ...extra,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const ready = new Promise<boolean>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => line.includes('"ready"') && resolve(true));
    void exited.then(() => resolve(false));
  });
  if (await ready) child.kill('SIGTERM');
  const code = await exited;
  let text = '';
  try {
    text = readFileSync(path.join(dataDir, 'logs', 'zonedeck.log'), 'utf8');
  } catch {
    /* no log: the host refused to start */
  }
  return {
    code,
    stderr,
    lines: text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('browser host --log-level', () => {
  it('writes debug lines with --log-level debug', async () => {
    const { code, lines } = await runHost(['--log-level', 'debug']);
    expect(code).toBe(0);
    expect(lines.find((l) => l.msg === 'browser host options')).toMatchObject({
      level: 'debug',
      component: 'web',
      memorySecrets: true,
    });
    expect(lines.find((l) => l.msg === 'agent starting')).toMatchObject({
      level: 'info',
      logLevel: 'debug',
      host: 'browser',
    });
    expect(lines.find((l) => l.msg === 'browser host ready')).toBeDefined();
    expect(lines.at(-1)).toMatchObject({ msg: 'agent stopped' }); // flushed on the way out
  });

  it('logs at info by default: no debug lines', async () => {
    const { code, lines } = await runHost([]);
    expect(code).toBe(0);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.some((l) => l.level === 'debug')).toBe(false);
    expect(lines.find((l) => l.msg === 'agent starting')).toMatchObject({ logLevel: 'info' });
  });

  it('refuses a level it does not know, naming the choices', async () => {
    const { code, stderr } = await runHost(['--log-level', 'verbose']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--log-level must be one of error, warn, info, debug/);
  });
});
