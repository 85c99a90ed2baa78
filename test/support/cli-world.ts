/**
 * A world for the real `zonedeck` process: a sandbox over loopback, a temp HOME and data folder, a
 * keychain service of its own (never a person's entries), zones added and signed in through a
 * real agent that is then stopped — so the command line finds a remembered session, as after the
 * window was closed. `zonedeck(…)` spawns the real entry point and collects what it printed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgent } from '../../src-main/agent/agent';
import type { Agent, Connection } from '../../src-main/agent/agent-types';
import type { CommandInput, CommandName, CommandOutput } from '../../src-main/contract/commands';
import { AgentError } from '../../src-main/contract/errors';
import { openSecretStore } from '../../src-main/agent/secrets';
import { type SandboxHandle, type SandboxOptions, startSandbox } from '../../src-main/sandbox/server';

/** The sandbox's zones (ids, or `{id, dialect}` to give one zone its own words). */
type SandboxZones = NonNullable<SandboxOptions['zones']>;
import { expect } from 'vitest';
import { loopbackFetch } from './loopback-fetch';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const conn: Connection = { id: 'cli-world', sendStream: () => {}, bufferedAmount: () => 0 };

/** Whether a real keychain answers here (the command line's sessions live there). */
export async function keychainAvailable(): Promise<{ ok: boolean; reason?: string }> {
  const store = await openSecretStore({
    service: `Zonedeck-probe-${randomBytes(4).toString('hex')}`,
    probeTimeoutMs: 10_000,
  });
  const s = store.status();
  return { ok: s.state === 'ok', ...(s.reason ? { reason: s.reason } : {}) };
}

/** The latest code the sandbox mailed to `email` in zone `zoneId`. */
export async function mailedCode(sandbox: SandboxHandle, zoneId: string, email: string): Promise<string> {
  const sz = sandbox.zones.find((z) => z.id === zoneId)!;
  const res = await loopbackFetch(`${sz.baseUrl}/_sandbox/mail?to=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { code?: string }[] | { items: { code?: string }[] };
  const code = (Array.isArray(body) ? body : body.items)[0]?.code;
  if (!code) throw new Error(`no mail with a code for ${email}`);
  return code;
}

export async function cliWorld(opts: { signIn?: string[]; zones?: SandboxZones } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-cli-'));
  // Identity kept on disk, so the sandbox can stop (a zone down) and come back with the same sessions.
  const sandboxDir = path.join(dir, 'sandbox');
  let sandbox = await startSandbox({ port: 0, dataDir: sandboxDir, ...(opts.zones ? { zones: opts.zones } : {}) });
  const home = path.join(dir, 'home');
  const dataDir = path.join(dir, 'data');
  mkdirSync(home, { mode: 0o700 });
  const keychainService = `Zonedeck-test-${randomBytes(6).toString('hex')}`;
  const user = sandbox.users.find((u) => u.method === 'email')!;

  /** The window's agent, briefly: adds the sandbox's zones and signs in where asked. */
  async function withAgent<T>(body: (invoke: Invoker, agent: Agent) => Promise<T>): Promise<T> {
    const agent = await createAgent({ dataDir, host: 'browser', version: 'test', keychainService, homeDir: home });
    const invoke: Invoker = async (command, input) => {
      const reply = await agent.invoke(command, input, conn);
      if (!reply.ok) throw AgentError.from(reply.error);
      return reply.result as never;
    };
    try {
      return await body(invoke, agent);
    } finally {
      await agent.dispose();
    }
  }

  const zoneIds = await withAgent(async (invoke) => {
    const ids: Record<string, string> = {};
    for (const sz of sandbox.zones) {
      const z = await invoke('zones.add', { name: sz.id, baseUrl: sz.baseUrl });
      ids[sz.id] = z.id;
      if (!opts.signIn?.includes(sz.id)) continue;
      const first = await invoke('auth.login', { zone: z.id, email: user.email, password: user.password });
      if (first.status === 'mfa_required') {
        const code = await mailedCode(sandbox, sz.id, user.email);
        await invoke('auth.verify', { zone: z.id, challenge: first.challenge, code, rememberDevice: false });
      }
    }
    return ids;
  });

  /** Spawns `zonedeck` (the bin entry, through tsx) with this world's data folder and keychain. */
  function zonedeck(
    args: string[],
    o: { input?: string; env?: NodeJS.ProcessEnv; shared?: boolean } = {},
  ): Promise<CliRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [...cliEntry(), ...cliFlags(o.shared), ...args], {
        cwd: ROOT,
        env: cliEnv(o.env),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(o.input ?? '');
    });
  }

  function cliEntry(): string[] {
    return ['--import', 'tsx', path.join(ROOT, 'src-main/cli/main.ts')];
  }
  function cliFlags(shared = false): string[] {
    return ['--data-dir', dataDir, '--keychain-service', keychainService, ...(shared ? [] : ['--standalone'])];
  }
  function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    // The developer's own KUBECONFIG never leaks into a test; a test may set one.
    const { KUBECONFIG: _mine, ...env } = process.env;
    return { ...env, HOME: home, NO_COLOR: '1', ...extra };
  }

  return {
    get sandbox() {
      return sandbox;
    },
    /** The zones stop answering (the port is closed). */
    async stopSandbox() {
      await sandbox.close();
    },
    /** They answer again, on the same port, with the same accounts and sessions. */
    async startSandbox() {
      sandbox = await startSandbox({
        port: Number(new URL(sandbox.zones[0]!.baseUrl).port),
        dataDir: sandboxDir,
        ...(opts.zones ? { zones: opts.zones } : {}),
      });
    },
    home,
    dataDir,
    keychainService,
    user,
    zoneIds,
    withAgent,
    zonedeck,
    cliEntry,
    cliFlags,
    cliEnv,
    async close() {
      // What this world stored in the keychain goes with it.
      await withAgent(async (invoke) => {
        for (const id of Object.values(zoneIds)) await invoke('zones.remove', { id }).catch(() => null);
      }).catch(() => null);
      await sandbox.close().catch(() => null);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Invoker = <C extends CommandName>(command: C, input: CommandInput<C>) => Promise<CommandOutput<C>>;
export type CliWorld = Awaited<ReturnType<typeof cliWorld>>;

/**
 * What a CLI test file needs before it runs: the keychain (and whatever else `extra` names as
 * missing). Without it, one loud line on a person's machine and a skip; under CI=true, a failure.
 */
export async function cliGate(
  what: string,
  extra?: string,
): Promise<{ ok: boolean; need: (ctx: { skip: () => void }) => void }> {
  const keychain = await keychainAvailable();
  const inCI = process.env.CI === 'true';
  const missing = !keychain.ok ? `no keychain (${keychain.reason})` : extra;
  if (missing && !inCI)
    console.warn(`!!! ${what} NOT RUN: ${missing}; run under .ci/with-keyring.sh. Under CI=true this fails.`);
  return {
    ok: !missing,
    need: (ctx) => {
      if (!missing) return;
      if (inCI) expect.fail(`What the CLI tests need must be there in CI: ${missing}`);
      ctx.skip();
    },
  };
}
