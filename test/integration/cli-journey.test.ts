/**
 * The terminal on its own (issue #36): add a zone, sign in with the mailed code, merge a kubeconfig
 * into the terminal's $KUBECONFIG (a relative one, from another folder), save one with -o ./k.yaml,
 * add a second zone, export the zones file, import it on a second data folder and sign in there
 * with an API client — no window ever opened. Then again with the app running on both folders
 * (shared mode): the commands go through its agent, which sees each change at once and uses the
 * terminal's KUBECONFIG and folder, not its own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../src-main/sandbox/server';
import { ANNOUNCE_FILE } from '../../src-main/cli/socket-wire';
import { cliGate, mailedCode } from '../support/cli-world';
import { runCli, spawnCli } from '../support/cli-spawn';
import { makeApiClient } from '../support/api-client';
import { type HostProcess, spawnWebHost } from '../support/spawn-web-host';
import { hostWindow } from '../support/host-window';

const keychain = await cliGate('CLI JOURNEY (standalone)');

let sandbox: SandboxHandle;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'zd-journey-'));
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Folder {
  dataDir: string;
  flags: string[];
  /** The running app's window on this folder (shared mode). */
  window?: Awaited<ReturnType<typeof hostWindow>>;
  host?: HostProcess;
}

const url = (id: string) => sandbox.zones.find((z) => z.id === id)!.baseUrl;

async function folders(mode: 'standalone' | 'shared'): Promise<[Folder, Folder]> {
  if (mode === 'standalone') {
    const service = `Zonedeck-test-${randomBytes(6).toString('hex')}`;
    const made = (name: string): Folder => {
      const dataDir = path.join(dir, mode, name);
      return { dataDir, flags: ['--data-dir', dataDir, '--keychain-service', service, '--standalone'] };
    };
    return [made('data-1'), made('data-2')];
  }
  const app = async (): Promise<Folder> => {
    const host = await spawnWebHost();
    return { dataDir: host.dataDir, flags: ['--data-dir', host.dataDir], host, window: await hostWindow(host) };
  };
  return [await app(), await app()];
}

describe.each(['standalone', 'shared'] as const)('the terminal on its own (%s)', { timeout: 180_000 }, (mode) => {
  let a: Folder;
  let b: Folder;
  /** The terminal: its own HOME (not the app's), working in a folder of its own. */
  let home: string;
  let work: string;
  const env = (extra: NodeJS.ProcessEnv = {}) => {
    const { KUBECONFIG: _mine, ZONEDECK_CLIENT_SECRET: _theirs, ...rest } = process.env;
    return { ...rest, HOME: home, NO_COLOR: '1', ...extra };
  };
  const zd = (f: Folder, args: string[], o: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}) =>
    runCli([...f.flags, ...args], { cwd: o.cwd ?? work, env: env(o.env), ...(o.input ? { input: o.input } : {}) });

  beforeAll(async () => {
    [a, b] = await folders(mode);
    home = path.join(dir, mode, 'home');
    work = path.join(dir, mode, 'work');
    mkdirSync(path.join(work, 'sub'), { recursive: true });
    mkdirSync(home, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    // What the journey stored in the keychain goes with it.
    if (mode === 'standalone' && keychain.ok)
      for (const [f, zone] of [
        [a, 'eu-1'],
        [a, 'us-1'],
        [b, 'eu-1'],
        [b, 'us-1'],
      ] as const)
        await zd(f, ['zones', 'remove', zone]);
    for (const f of [a, b]) {
      f?.window?.close();
      await f?.host?.stop();
    }
  }, 120_000);

  it('adds a zone, signs in with the mailed code, merges into $KUBECONFIG, exports, imports, signs in as a client', async (ctx) => {
    if (mode === 'standalone') keychain.need(ctx);
    const user = sandbox.users.find((u) => u.method === 'email')!;

    const added = await zd(a, ['zones', 'add', 'eu-1', url('eu-1'), '--group', 'eu']);
    expect(added.stderr).toBe('');
    expect(added.stdout).toBe(`Added eu-1 at ${url('eu-1')}.\n`);
    // The running app's agent made it: its window lists the zone without a reload.
    if (a.window) expect((await a.window.invoke('zones.list', {})).map((z) => z.name)).toEqual(['eu-1']);

    const login = spawnCli([...a.flags, 'login', 'eu-1', '--email', user.email, '--password-stdin'], {
      cwd: work,
      env: env(),
      input: `${user.password}\n`,
    });
    await login.asked(/Code for eu-1: $/);
    login.answer(await mailedCode(sandbox, 'eu-1', user.email));
    const signedIn = await login.done();
    expect(signedIn.stdout).toBe('Signed in: eu-1.\n');
    expect(signedIn.code).toBe(0);

    // The terminal's KUBECONFIG, relative to the folder the command is typed in.
    const merged = await zd(a, ['kubeconfig', 'eu-1/demo', '--merge', '--set-current'], {
      env: { KUBECONFIG: 'kube/config' },
    });
    expect(merged.code).toBe(0);
    const target = path.join(work, 'kube', 'config');
    expect(merged.stdout).toContain(`Merged context eu-1-demo into ${target}`);
    expect(readFileSync(target, 'utf8')).toMatch(/current-context: eu-1-demo/);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    // Not the app's kubeconfig, nor the terminal's default one.
    if (a.host) expect(existsSync(path.join(path.dirname(a.host.dataDir), '.kube', 'config'))).toBe(false);
    expect(existsSync(path.join(home, '.kube', 'config'))).toBe(false);

    // -o with a relative path, typed in another folder.
    const saved = await zd(a, ['kubeconfig', 'eu-1/demo', '-o', './k.yaml'], { cwd: path.join(work, 'sub') });
    expect(saved.code).toBe(0);
    expect(saved.stdout.trim()).toBe(`export KUBECONFIG=${path.join(work, 'sub', 'k.yaml')}`);
    expect(statSync(path.join(work, 'sub', 'k.yaml')).mode & 0o777).toBe(0o600);

    expect((await zd(a, ['zones', 'add', 'us-1', url('us-1'), '--protected'])).code).toBe(0);
    const exported = await zd(a, ['zones', 'export', 'zones.json']);
    expect(exported.stdout).toBe(
      `Wrote ${path.join(work, 'zones.json')} (${exported.stdout.match(/\((\d+)/)![1]} bytes, mode 0600).\n`,
    );
    expect(statSync(path.join(work, 'zones.json')).mode & 0o777).toBe(0o600);
    const file = JSON.parse(readFileSync(path.join(work, 'zones.json'), 'utf8')) as { zones: unknown[] };
    expect(file.zones).toEqual([
      expect.objectContaining({ name: 'eu-1', baseUrl: url('eu-1'), group: 'eu' }),
      expect.objectContaining({ name: 'us-1', baseUrl: url('us-1'), protected: true }),
    ]);

    // The second data folder: the file, then a machine sign-in as a CI job would.
    const imported = await zd(b, ['zones', 'import', 'zones.json']);
    expect(imported.stdout).toBe('Imported eu-1, us-1.\n');
    if (b.window) expect((await b.window.invoke('zones.list', {})).map((z) => z.name)).toEqual(['eu-1', 'us-1']);
    const client = await makeApiClient(url('us-1'), user);
    const machine = await zd(b, ['login', 'us-1', '--client-id', client.client_id, '--client-secret-stdin'], {
      input: `${client.client_secret}\n`,
    });
    expect(machine.stdout).toBe('Signed in: us-1.\n');
    expect(machine.code).toBe(0);
    // The next command is signed in (the keychain, or the app's agent, kept the session).
    const zones = await zd(b, ['--json', 'zones']);
    const us = (JSON.parse(zones.stdout) as { name: string; session: { kind?: string; clientId?: string } }[]).find(
      (z) => z.name === 'us-1',
    );
    expect(us?.session).toMatchObject({ kind: 'machine', clientId: client.client_id });
    const listed = await zd(b, ['api', 'us-1', 'containers.list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout + listed.stderr).not.toContain(client.client_secret);

    // No window: standalone never announced an app; shared went through the apps' sockets.
    for (const f of [a, b]) {
      if (mode === 'standalone') expect(existsSync(path.join(f.dataDir, ANNOUNCE_FILE))).toBe(false);
      else expect(f.host!.logText()).toMatch(/command line connected/);
    }
  });
});
