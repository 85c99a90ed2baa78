/** "Open log folder": the host's opener gets the folder, and the path always comes back for a copy button. */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent, AgentOptions } from '../../../src-main/agent/agent-types';
import { osOpen } from '../../../src-main/web/os-open';
import { RecordingConnection } from '../agent/harness';

const dirs: string[] = [];
const agents: Agent[] = [];
afterEach(async () => {
  for (const a of agents.splice(0)) await a.dispose();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'zd-openlog-'));
  dirs.push(d);
  return d;
}

async function openLogFolder(extra: Partial<AgentOptions>) {
  const dataDir = tmp();
  const agent = await createAgent({ dataDir, host: 'browser', version: 'test', memorySecrets: true, ...extra });
  agents.push(agent);
  const reply = await agent.invoke('app.openLogFolder', {}, new RecordingConnection());
  if (!reply.ok) throw new Error(reply.error.message);
  return { dataDir, result: reply.result as { path: string; opened: boolean; reason?: string } };
}

describe('app.openLogFolder', () => {
  it('hands <dataDir>/logs to the host opener, creating it first', async () => {
    const asked: string[] = [];
    const { dataDir, result } = await openLogFolder({ openPath: async (p) => (asked.push(p), '') });
    expect(result).toEqual({ path: path.join(dataDir, 'logs'), opened: true });
    expect(asked).toEqual([path.join(dataDir, 'logs')]);
    expect(existsSync(asked[0]!)).toBe(true);
  });

  it('returns the path and the reason when the opener fails or throws', async () => {
    const failed = await openLogFolder({ openPath: async () => 'xdg-open is not installed here.' });
    expect(failed.result).toEqual({
      path: path.join(failed.dataDir, 'logs'),
      opened: false,
      reason: 'xdg-open is not installed here.',
    });
    const threw = await openLogFolder({ openPath: async () => Promise.reject(new Error('no desktop')) });
    expect(threw.result).toMatchObject({ opened: false, reason: 'no desktop' });
  });

  it('returns the path when the host has no opener at all', async () => {
    const { dataDir, result } = await openLogFolder({});
    expect(result).toMatchObject({ path: path.join(dataDir, 'logs'), opened: false });
    expect(result.reason).toMatch(/copy the path/);
  });
});

describe.runIf(process.platform === 'linux')('the browser host opener (xdg-open)', () => {
  const savedPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  /** A stand-in xdg-open on PATH that notes its argument and exits with `code`. */
  function fakeOpener(code: number): { bin: string; seen: string } {
    const bin = tmp();
    const seen = path.join(bin, 'seen');
    writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${seen}'\nexit ${code}\n`);
    chmodSync(path.join(bin, 'xdg-open'), 0o755);
    process.env.PATH = bin;
    return { bin, seen };
  }

  it('opens the folder with xdg-open', async () => {
    const { seen } = fakeOpener(0);
    expect(await osOpen('/tmp/zd logs', 'folder', 'linux')).toBe('');
    expect(readFileSync(seen, 'utf8')).toBe('/tmp/zd logs');
  });

  it('says why when xdg-open fails or is missing', async () => {
    fakeOpener(3);
    expect(await osOpen('/tmp', 'folder', 'linux')).toMatch(/xdg-open found nothing to open it with \(exit code 3\)/);
    process.env.PATH = '/nonexistent';
    expect(await osOpen('/tmp', 'folder', 'linux')).toBe('xdg-open is not installed here.');
  });
});
