/** An agent wired to a real sandbox over loopback, with a recording connection. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent, AgentOptions, Connection, StreamOut } from '../../../src-main/agent/agent-types';
import type { CommandInput, CommandName, CommandOutput } from '../../../src-main/contract/commands';
import { AgentError } from '../../../src-main/contract/errors';
import { type SandboxOptions, startSandbox } from '../../../src-main/sandbox/server';
import { loopbackFetch } from '../../support/loopback-fetch';

export class RecordingConnection implements Connection {
  readonly id = `test-${Math.random().toString(36).slice(2)}`;
  readonly messages: StreamOut[] = [];
  sendStream(msg: StreamOut): void {
    this.messages.push(msg);
  }
  bufferedAmount(): number {
    return 0;
  }
  /** All data received on a stream so far. */
  text(sid: string): string {
    const chunks = this.messages.flatMap((m) => (m.sid === sid && m.kind === 'data' ? [m.data] : []));
    return Buffer.concat(chunks).toString('utf8');
  }
}

export async function harness(sandboxOpts: SandboxOptions = {}, agentOpts: Partial<AgentOptions> = {}) {
  const sandbox = await startSandbox({ port: 0, ...sandboxOpts });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-agent-'));
  const agent: Agent = await createAgent({
    dataDir,
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    ...agentOpts,
  });
  const conn = new RecordingConnection();

  async function invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
    const reply = await agent.invoke(command, input, conn);
    if (!reply.ok) throw AgentError.from(reply.error);
    return reply.result as CommandOutput<C>;
  }

  async function latestCode(baseUrl: string, email: string): Promise<string> {
    const res = await loopbackFetch(`${baseUrl}/_sandbox/mail?to=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { code?: string }[] | { items: { code?: string }[] };
    const list = Array.isArray(body) ? body : body.items;
    const code = list[0]?.code;
    if (!code) throw new Error(`no mail with a code for ${email}`);
    return code;
  }

  /** Adds a sandbox zone (by sandbox zone id) to the agent and signs in with the email code. */
  async function addAndSignIn(zoneId = 'eu-1', baseUrlOverride?: string) {
    const sz = sandbox.zones.find((z) => z.id === zoneId)!;
    const user = sandbox.users.find((u) => u.method === 'email')!;
    const zone = await invoke('zones.add', { name: zoneId, baseUrl: baseUrlOverride ?? sz.baseUrl });
    const first = await invoke('auth.login', { zone: zone.id, email: user.email, password: user.password });
    if (first.status === 'mfa_required') {
      const code = await latestCode(sz.baseUrl, user.email);
      const done = await invoke('auth.verify', {
        zone: zone.id,
        challenge: first.challenge,
        code,
        rememberDevice: false,
      });
      if (done.status !== 'signed_in') throw new Error('verify did not sign in');
    }
    return zone;
  }

  async function control(zoneId: string, action: string, body: unknown) {
    const sz = sandbox.zones.find((z) => z.id === zoneId)!;
    const res = await loopbackFetch(`${sz.baseUrl}/_sandbox/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`control ${action}: ${res.status}`);
  }

  return {
    sandbox,
    agent,
    conn,
    dataDir,
    invoke,
    addAndSignIn,
    control,
    async close() {
      await agent.dispose();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function until<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
