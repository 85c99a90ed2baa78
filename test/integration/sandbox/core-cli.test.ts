/** The CLI: one JSON ready line on stdout, a working zone behind it, clear errors for bad flags. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, signIn } from './helpers';
import { seededSpec } from '../../../src-main/sandbox/dialect/choose';
import { differences } from '../../../src-main/sandbox/dialect/points';

interface Ready {
  event: string;
  zones: { id: string; base_url: string; dialect: string; choices?: Record<string, string> }[];
  users: { email: string; password: string; method: string; totp_secret?: string }[];
}

/** Process groups still running; npx and tsx each add a process, so stop signals the whole group. */
const groups = new Set<number>();
afterAll(() => {
  for (const pid of groups) killGroup(pid);
});
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

/** Spawns the CLI in its own process group; resolves with the ready line, the time to it, and a stop function. */
function startCli(args: string[]) {
  const t0 = performance.now();
  const child = spawn('npx', ['tsx', 'src-main/sandbox/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid!;
  groups.add(pid);
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d));
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      groups.delete(pid);
      r(code);
    }),
  );
  const ready = new Promise<{ ready: Ready; lines: string[]; ms: number }>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      if (out.includes('\n'))
        resolve({
          ready: JSON.parse(out.split('\n')[0]!) as Ready,
          lines: out.split('\n').filter(Boolean),
          ms: performance.now() - t0,
        });
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  const stop = async () => {
    killGroup(pid);
    return exited;
  };
  return { ready, exited, stop, stderr: () => err };
}

describe('sandbox CLI', () => {
  it('prints exactly one ready line and serves until SIGTERM', async () => {
    const cli = startCli(['--port', '0']);
    const { ready, lines, ms } = await cli.ready;
    console.log(`sandbox CLI ready after ${ms.toFixed(0)} ms (includes npx + tsx start-up)`);
    try {
      expect(lines).toHaveLength(1);
      expect(ready.event).toBe('ready');
      expect(ready.zones.map((z) => z.id)).toEqual(['eu-1', 'us-1']);
      expect(ready.zones[0]!.base_url).toMatch(/^http:\/\/eu-1\.sandbox\.localhost:\d+$/);
      expect(ready.users).toContainEqual({ email: 'dev@example.com', password: 'sandbox-dev', method: 'email' });
      expect(ready.users.find((u) => u.method === 'totp')?.totp_secret).toMatch(/^[A-Z2-7]+$/);
      const tokens = await signIn(ready.zones[1]!.base_url, 'dev@example.com', 'sandbox-dev');
      expect(tokens.access_token.split('.')).toHaveLength(3);
    } finally {
      const t = performance.now();
      await cli.stop();
      expect(performance.now() - t).toBeLessThan(5000); // clean close, not a hang
    }
  });

  it('honours --zones, --host-suffix and --no-encryption-key', async () => {
    const cli = startCli(['--port', '0', '--zones', 'ap-9', '--host-suffix', 'zones.localhost', '--no-encryption-key']);
    const { ready } = await cli.ready;
    try {
      expect(ready.zones).toEqual([
        {
          id: 'ap-9',
          base_url: expect.stringMatching(/^http:\/\/ap-9\.zones\.localhost:\d+$/),
          dialect: 'standard',
          choices: {},
        },
      ]);
      const t = await signIn(ready.zones[0]!.base_url, 'dev@example.com', 'sandbox-dev');
      const r = await call(ready.zones[0]!.base_url, '/api/v1/auth/totp/setup', {
        method: 'POST',
        token: t.access_token,
      });
      expect(r.body).toMatchObject({ error: 'secret_encryption_not_configured' });
    } finally {
      await cli.stop();
    }
  });

  it('keeps identity state in --data-dir across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-data-'));
    try {
      const a = startCli(['--port', '0', '--data-dir', dir]);
      const base = (await a.ready).ready.zones[0]!.base_url;
      const t = await signIn(base, 'dev@example.com', 'sandbox-dev');
      await call(base, '/api/v1/auth/locale', { method: 'PUT', token: t.access_token, body: { locale: 'de' } });
      await a.stop();
      const b = startCli(['--port', '0', '--data-dir', dir]);
      const base2 = (await b.ready).ready.zones[0]!.base_url;
      try {
        // the signing key persisted too, but the port changed, so sign in again in the new process
        const t2 = await signIn(base2, 'dev@example.com', 'sandbox-dev');
        const sec = await call(base2, '/api/v1/auth/security', { token: t2.access_token });
        expect(sec.body.locale).toBe('de');
      } finally {
        await b.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--dialect variant: every zone answers in the variant dialect', async () => {
    const cli = startCli(['--port', '0', '--dialect', 'variant']);
    const { ready } = await cli.ready;
    try {
      expect(ready.zones.map((z) => z.dialect)).toEqual(['variant', 'variant']);
      const base = ready.zones[0]!.base_url;
      const t = await signIn(base, 'dev@example.com', 'sandbox-dev');
      const r = await call(base, '/api/v1/containers', { token: t.access_token });
      expect(Object.keys(r.body).sort()).toEqual(['data', 'next']);
    } finally {
      await cli.stop();
    }
  });

  it('--dialect seed:N: the ready line says the choices where the zones differ from standard', async () => {
    const cli = startCli(['--port', '0', '--zones', 'eu-1', '--dialect', 'seed:904']);
    const { ready } = await cli.ready;
    try {
      expect(ready.zones[0]).toMatchObject({ dialect: 'seed:904', choices: differences(seededSpec(904)) });
      expect(Object.keys(ready.zones[0]!.choices ?? {}).length).toBeGreaterThan(30);
    } finally {
      await cli.stop();
    }
  });

  it.each([
    [['--port', 'abc']],
    [['--bogus']],
    [['--zones', 'EU 1']],
    [['--scale', '-3']],
    [['--dialect', 'other']],
    [['--dialect', 'seed:x']],
  ])('exits 2 with a clear message for %j', async (args) => {
    const cli = startCli(args);
    cli.ready.catch(() => undefined);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toMatch(/sandbox: .+/);
  });
});
