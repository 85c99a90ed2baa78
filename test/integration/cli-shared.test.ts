/**
 * Shared mode: with the browser host running, `zonedeck` talks to its agent over the local socket
 * in the data folder, so a sign-in made in the window is used from the terminal without a prompt
 * (the host keeps its secrets in memory here: only its own agent can have the session). The
 * socket and its announce file are the owner's alone, and a wrong secret is refused.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CommandInput, CommandName, CommandOutput } from '../../src-main/contract/commands';
import type { ServerMessage } from '../../src-main/contract/protocol';
import { type SandboxHandle, startSandbox } from '../../src-main/sandbox/server';
import { ANNOUNCE_FILE, type Announce } from '../../src-main/cli/socket-wire';
import { type CliRun, mailedCode, ROOT } from '../support/cli-world';
import { type HostProcess, spawnWebHost } from '../support/spawn-web-host';
import { kubectl } from './files/kubectl';
import { ptyAvailable, ptyMissing, spawnPty } from '../support/pty';

let host: HostProcess;
let sandbox: SandboxHandle;
let ws: WebSocket;
let nextId = 1;

/** A command as the window sends it, over the host's WebSocket. */
async function windowInvoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
  const id = nextId++;
  const reply = new Promise<ServerMessage>((resolve) => {
    const on = (m: Buffer, binary: boolean) => {
      if (binary) return;
      const msg = JSON.parse(m.toString()) as ServerMessage;
      if (msg.t === 'reply' && msg.id === id) {
        ws.off('message', on);
        resolve(msg);
      }
    };
    ws.on('message', on);
  });
  ws.send(JSON.stringify({ t: 'invoke', id, command, input }));
  const msg = (await reply) as Extract<ServerMessage, { t: 'reply' }>;
  if (!msg.ok) throw new Error(msg.error.message);
  return msg.result as CommandOutput<C>;
}

function zonedeck(args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'src-main/cli/main.ts'), '--data-dir', host.dataDir, ...args],
      { cwd: ROOT, env: { ...process.env, HOME: path.dirname(host.dataDir), NO_COLOR: '1' }, stdio: 'pipe' },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  host = await spawnWebHost();
  ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.port}` },
  });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  // Signed in from the window, with the mailed code.
  const user = sandbox.users.find((u) => u.method === 'email')!;
  const eu = sandbox.zones.find((z) => z.id === 'eu-1')!;
  const zone = await windowInvoke('zones.add', { name: 'eu-1', baseUrl: eu.baseUrl });
  const first = await windowInvoke('auth.login', { zone: zone.id, email: user.email, password: user.password });
  if (first.status === 'mfa_required') {
    const code = await mailedCode(sandbox, 'eu-1', user.email);
    await windowInvoke('auth.verify', { zone: zone.id, challenge: first.challenge, code, rememberDevice: false });
  }
}, 60_000);

afterAll(async () => {
  ws?.close();
  await host?.stop();
  await sandbox?.close();
});

describe('zonedeck with the app running', { timeout: 120_000 }, () => {
  it('announces its socket in 0600 files of the data folder', () => {
    const announce = path.join(host.dataDir, ANNOUNCE_FILE);
    expect(statSync(announce).mode & 0o777).toBe(0o600);
    const a = JSON.parse(readFileSync(announce, 'utf8')) as Announce;
    expect(statSync(a.path).mode & 0o777).toBe(0o600);
    expect(a.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("uses the window's sign-in: zones and a kubeconfig without a prompt", async () => {
    const zones = await zonedeck(['zones']);
    expect(zones.code).toBe(0);
    expect(zones.stdout).toMatch(/eu-1\s+-\s+dev@example\.com/);
    const run = await zonedeck(['kubeconfig', 'eu-1/demo']);
    expect(run.stderr).toMatch(/Wrote .*eu-1-demo\.yaml/);
    expect(run.code).toBe(0);
    const file = path.join(path.dirname(host.dataDir), '.kube', 'zonedeck', 'eu-1-demo.yaml');
    expect(run.stdout.trim()).toBe(`export KUBECONFIG=${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const view = kubectl(['config', 'view', '-o', 'jsonpath={.current-context}'], {
      HOME: path.dirname(host.dataDir),
      KUBECONFIG: file,
    });
    if (view) expect(view.stdout).toBe('eu-1-demo');
  });

  it('grabs by a few words without a prompt', async () => {
    const run = await zonedeck(['grab', 'demo']);
    expect(run.stderr).toMatch(/^Wrote .*eu-1-demo\.yaml \(\d+ bytes, mode 0600\)\.\n$/);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      `export KUBECONFIG=${path.join(path.dirname(host.dataDir), '.kube', 'zonedeck', 'eu-1-demo.yaml')}`,
    );
  });

  it("api answers what the window's call answers", async () => {
    const zone = (await windowInvoke('zones.list', {}))[0]!;
    const direct = await windowInvoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    const run = await zonedeck(['api', 'eu-1', 'containers.list']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(direct.data);
  });

  it('hands a link to the window', async () => {
    const run = await zonedeck(['open', 'eu-1/containers/web-1']);
    expect(run.code).toBe(0);
    expect(await windowInvoke('app.takeLink', {})).toEqual({ zone: 'eu-1', rest: ['containers', 'web-1'] });
  });

  it("opens a container's console through the app's agent, in a pseudo-terminal", async (ctx) => {
    if (!ptyAvailable) {
      if (process.env.CI === 'true') expect.fail(`a pseudo-terminal is needed in CI: ${ptyMissing}`);
      return ctx.skip();
    }
    const t = spawnPty(
      [
        process.execPath,
        '--import',
        'tsx',
        path.join(ROOT, 'src-main/cli/main.ts'),
        '--data-dir',
        host.dataDir,
        'console',
        'eu-1/web-1',
      ],
      { cwd: ROOT, env: { ...process.env, HOME: path.dirname(host.dataDir), NO_COLOR: '1' } },
    );
    await t.waitFor(/root@web-1:~# $/);
    t.write('echo shared-$HOSTNAME\r');
    await t.waitFor(/shared-web-1/);
    t.write('\u001d');
    await t.waitFor(/left the console/);
    expect(await t.exited).toBe(0);
  });

  it('closes a connection that sends more than a hello before the secret', async () => {
    const a = JSON.parse(readFileSync(path.join(host.dataDir, ANNOUNCE_FILE), 'utf8')) as Announce;
    const sock = net.connect(a.path);
    let got = '';
    sock.on('error', () => undefined);
    sock.on('data', (c: Buffer) => (got += c.toString()));
    sock.write('x'.repeat(64 * 1024));
    await new Promise((r) => sock.once('close', r));
    expect(sock.destroyed).toBe(true);
    // Told why before the close, in the protocol's words.
    expect(JSON.parse(got)).toMatchObject({ t: 'hello', ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses a connection without the secret', async () => {
    const a = JSON.parse(readFileSync(path.join(host.dataDir, ANNOUNCE_FILE), 'utf8')) as Announce;
    const sock = net.connect(a.path);
    let got = '';
    sock.on('error', () => undefined); // the server hangs up mid-write: that is the point
    sock.on('data', (c: Buffer) => (got += c.toString()));
    sock.write(`${JSON.stringify({ t: 'hello', secret: '0'.repeat(64) })}\n`);
    sock.write(`${JSON.stringify({ t: 'invoke', id: 1, command: 'zones.list', input: {} })}\n`);
    await new Promise((r) => sock.once('close', r));
    // Told why, in the protocol's words, and nothing else: the invoke after it is never read.
    expect(
      got
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([{ t: 'hello', ok: false, error: expect.objectContaining({ code: 'invalid_input' }) }]);
  });

  it('a command still running when the app stops ends with it, and the announce file goes', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'src-main/cli/main.ts'),
        '--data-dir',
        host.dataDir,
        'logs',
        'eu-1/web-1',
        '-f',
      ],
      { cwd: ROOT, env: { ...process.env, HOME: path.dirname(host.dataDir), NO_COLOR: '1' }, stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
    await new Promise<void>((r) => child.stdout.once('data', () => r()));
    host.child.kill('SIGTERM');
    expect(await host.exited).toBe(0);
    expect(await exited).toBe(1);
    expect(stderr).toMatch(/The app closed while the command was running/);
    expect(() => statSync(path.join(host.dataDir, ANNOUNCE_FILE))).toThrow();
  });
});
