/**
 * The host injects the local sandbox; the agent knows only its zones. With a runner the
 * sandbox.* commands start it, register its zones and relay its mail; without one they answer
 * a typed error and nothing is started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent, SandboxPort } from '../../../src-main/agent/agent-types';
import { ZONE_PALETTE } from '../../../src-main/contract/zone-colors';
import { createSandboxRunner, sandboxScaleFromEnv } from '../../../src-main/sandbox/runner';
import { RecordingConnection } from './harness';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function agentWith(sandbox?: SandboxPort): Promise<Agent> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-sbx-'));
  const agent = await createAgent({
    dataDir,
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    ...(sandbox ? { sandbox } : {}),
  });
  cleanups.push(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => agent.dispose(),
  );
  return agent;
}

describe('the injected sandbox', () => {
  it('starts on sandbox.start, once, and its zones join the registry with palette colours', async () => {
    let starts = 0;
    const runner = createSandboxRunner();
    const counted: SandboxPort = { start: () => (starts++, runner.start()), stop: () => runner.stop() };
    const agent = await agentWith(counted);
    const conn = new RecordingConnection();

    const [a, b] = await Promise.all([
      agent.invoke('sandbox.start', {}, conn),
      agent.invoke('sandbox.start', {}, conn),
    ]);
    expect(starts).toBe(1);
    expect(a).toEqual(b);
    if (!a.ok) throw new Error(a.error.message);
    const zones = (a.result as { zones: { name: string; baseUrl: string; color: string; sandbox: boolean }[] }).zones;
    expect(zones.map((z) => z.name)).toEqual(['eu-1', 'us-1']);
    expect(zones.every((z) => z.sandbox && /^http:\/\/[a-z0-9-]+\.sandbox\.localhost:\d+$/.test(z.baseUrl))).toBe(true);
    expect(zones.map((z) => z.color)).toEqual([ZONE_PALETTE[0], ZONE_PALETTE[1]]);

    const info = await agent.invoke('app.info', {}, conn);
    expect(info.ok && (info.result as { sandboxRunning: boolean }).sandboxRunning).toBe(true);
    const mail = await agent.invoke('sandbox.mail', {}, conn);
    expect(mail.ok && Array.isArray(mail.result)).toBe(true);
  });

  it('answers sandbox_unavailable when the host gave none', async () => {
    const agent = await agentWith();
    const conn = new RecordingConnection();
    for (const command of ['sandbox.start', 'sandbox.mail'] as const) {
      const reply = await agent.invoke(command, {}, conn);
      expect(reply.ok).toBe(false);
      if (!reply.ok)
        expect(reply.error).toMatchObject({
          code: 'sandbox_unavailable',
          message: expect.stringMatching(/without the local sandbox/),
        });
    }
    const info = await agent.invoke('app.info', {}, conn);
    expect(info.ok && (info.result as { sandboxRunning: boolean }).sandboxRunning).toBe(false);
  });

  it('reports a failed start as sandbox_failed, and can try again', async () => {
    let fail = true;
    const runner = createSandboxRunner();
    const agent = await agentWith({
      start: () => (fail ? Promise.reject(new Error('port in use')) : runner.start()),
      stop: () => runner.stop(),
    });
    const conn = new RecordingConnection();
    const first = await agent.invoke('sandbox.start', {}, conn);
    expect(!first.ok && first.error).toMatchObject({
      code: 'sandbox_failed',
      message: expect.stringMatching(/port in use/),
    });
    fail = false;
    expect((await agent.invoke('sandbox.start', {}, conn)).ok).toBe(true);
  });

  it('takes the benchmark scale from the environment in the host, not the agent', () => {
    expect(sandboxScaleFromEnv({ ZONEDECK_SANDBOX_SCALE: '3000' })).toBe(3000);
    expect(sandboxScaleFromEnv({ ZONEDECK_SANDBOX_SCALE: 'lots' })).toBeUndefined();
    expect(sandboxScaleFromEnv({})).toBeUndefined();
  });
});
