/**
 * One retry policy, in the agent (issue #35, item 7): the page's skill-file save runs over the
 * real agent against a loopback zone, and the requests the zone sees are counted. A zone whose
 * refusal the agent already retried is not written to again by the page: one save reaches the
 * zone at most twice. A zone that takes the agent's retry is saved in two requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent as createMainAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { Bridge } from '../../../src-main/contract/protocol';
import type * as RendererAgent from '../../../src-renderer/agent';
import { type HostileZone, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { RecordingConnection } from './harness';

const conn = new RecordingConnection();
let main: Agent;

/** The page's agent module, over a bridge straight into the agent (as the Electron host's IPC is). */
vi.mock('../../../src-renderer/agent', async (importOriginal) => {
  const real = await importOriginal<typeof RendererAgent>();
  const bridge: Bridge = {
    invoke: (command, input) => main.invoke(command, input, conn),
    cancel: () => {},
    onEvent: () => () => {},
    onStream: () => () => {},
    sendStream: () => {},
  };
  return { ...real, agent: real.createAgent(bridge) };
});
const { putSkillFile } = await import('../../../src-renderer/features/workflows/skills/skills');

let zone: HostileZone;
let dataDir: string;
let zoneId: string;

beforeAll(async () => {
  zone = await startHostileZone();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-skill-retries-'));
  main = await createMainAgent({ dataDir, host: 'browser', version: 'test', memorySecrets: true });
  const added = await main.invoke('zones.add', { name: 'files', baseUrl: zone.baseUrl }, conn);
  zoneId = (added as { ok: true; result: { id: string } }).result.id;
});
afterAll(async () => {
  await main?.dispose();
  await zone?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  setActivePinia(createPinia());
  zone.reset();
  zone.on('POST /api/v1/auth/login', tokens());
  await main.invoke('auth.login', { zone: zoneId, email: 'a@example.com', password: 'pw' }, conn);
  await main.invoke('zones.forgetWords', { id: zoneId }, conn);
  zone.seen.length = 0;
});

const writes = () => zone.seen.filter((r) => r.method === 'PUT');
const TEXT_ONLY = json({ error: 'unsupported_media_type', message: 'Send the file as text/plain.' }, 415);

describe('one skill-file save', () => {
  it('reaches a zone that refuses the agent’s retry too at most twice: the page does not retry on top', async () => {
    // Text only, and only with the path under `file`, which nothing taught: every write Zonedeck can guess is refused.
    zone.on('PUT /api/v1/skills/k1/files', (req) =>
      req.headers['content-type']?.startsWith('text/plain') && req.rawPath.includes('file=')
        ? json({ path: 'a.md' })
        : TEXT_ONLY,
    );
    await expect(putSkillFile({ zone: zoneId, id: 'k1' }, 'a.md', '# hello', true)).rejects.toMatchObject({
      status: 415,
    });
    expect(writes().length).toBeLessThanOrEqual(2);
  });

  it('is two requests against a zone that refuses once and takes the agent’s retry', async () => {
    zone.on('PUT /api/v1/skills/k2/files', (req) =>
      req.headers['content-type']?.startsWith('text/plain') ? json({ path: 'a.md' }) : TEXT_ONLY,
    );
    await putSkillFile({ zone: zoneId, id: 'k2' }, 'a.md', '# hello', true);
    expect(writes().map((r) => r.headers['content-type'])).toEqual(['application/json', 'text/plain; charset=utf-8']);
  });
});
