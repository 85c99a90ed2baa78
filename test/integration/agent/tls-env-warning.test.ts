/** NODE_TLS_REJECT_UNAUTHORIZED=0 turns off certificate checks for the whole process: the agent says so, always. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import { createLogger } from '../../../src-main/agent/log';
import type { AppInfo } from '../../../src-main/contract/commands';
import { RecordingConnection } from './harness';

const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
const dirs: string[] = [];
afterEach(() => {
  if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function info(env: string | undefined): Promise<{ info: AppInfo; lines: string[] }> {
  if (env === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = env;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-tls-env-'));
  dirs.push(dir);
  const lines: string[] = [];
  const log = createLogger({ level: 'info', sink: { write: (l) => lines.push(l) } });
  const agent = await createAgent({ dataDir: dir, host: 'browser', version: 'test', memorySecrets: true, log });
  const reply = await agent.invoke('app.info', {}, new RecordingConnection());
  await agent.dispose();
  if (!reply.ok) throw new Error(reply.error.message);
  return { info: reply.result as AppInfo, lines };
}

describe('certificate checks turned off by the environment', () => {
  it('is reported by app.info (for a permanent banner) and logged as a warning', async () => {
    const off = await info('0');
    expect(off.info.tlsChecksOff).toBe(true);
    expect(off.lines.some((l) => /"level":"warn"/.test(l) && /NODE_TLS_REJECT_UNAUTHORIZED/.test(l))).toBe(true);
  });

  it('is not reported when the variable is unset or anything but 0', async () => {
    expect((await info(undefined)).info.tlsChecksOff).toBe(false);
    expect((await info('1')).info.tlsChecksOff).toBe(false);
  });
});
