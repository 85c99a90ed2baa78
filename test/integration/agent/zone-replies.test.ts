/**
 * Replies by structure over loopback: any success status (200/201/202/204, an empty body read as
 * null for every route), the next page named in a Link header, and shapes.unread logging the
 * field names of a reply no shape reads, once, never a value.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import { createLogger } from '../../../src-main/agent/log';
import { type HostileZone, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { RecordingConnection } from './harness';

let zone: HostileZone;
let dataDir: string;
let agent: Agent;
let zoneId: string;
const lines: string[] = [];
const conn = new RecordingConnection();
const invoke = (command: string, input: unknown) => agent.invoke(command, input, conn);

beforeAll(async () => {
  zone = await startHostileZone();
  zone.on('POST /api/v1/auth/login', tokens());
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-replies-'));
  agent = await createAgent({
    dataDir,
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    log: createLogger({ level: 'info', sink: { write: (l) => lines.push(l) } }),
  });
  const added = await invoke('zones.add', { name: 'other-team', baseUrl: zone.baseUrl });
  zoneId = (added as { ok: true; result: { id: string } }).result.id;
  await invoke('auth.login', { zone: zoneId, email: 'a@example.com', password: 'pw' });
});
afterAll(async () => {
  await agent.dispose();
  await zone.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('success of any 2xx', () => {
  it.each([
    [200, json({ id: 'w1' }), { id: 'w1' }],
    [201, json({ id: 'w1' }, 201), { id: 'w1' }],
    [202, json({ id: 'w1' }, 202), { id: 'w1' }],
    [202, { status: 202 }, null],
    [204, { status: 204 }, null],
    [200, { status: 200, headers: { 'content-type': 'application/json' }, body: '' }, null],
  ])('%i', async (status, answer, data) => {
    zone.on('PUT /api/v1/workflows/w1', answer);
    const reply = await invoke('api.call', {
      zone: zoneId,
      operationId: 'workflows.update',
      params: { id: 'w1' },
      body: { name: 'x' },
    });
    expect(reply).toEqual({ ok: true, result: { status, data } });
    zone.reset();
    zone.on('POST /api/v1/auth/login', tokens());
  });
});

describe('the next page in a Link header', () => {
  it('puts its cursor and parameter in the result; a list without one has none', async () => {
    zone.on('GET /api/v1/workflows/w1/runs', {
      status: 200,
      headers: {
        'content-type': 'application/json',
        link: '<http://zone/api/v1/workflows/w1/runs?limit=2&before=r2>; rel="next"',
      },
      body: JSON.stringify([{ id: 'r1' }, { id: 'r2' }]),
    });
    zone.on('GET /api/v1/workflows', json({ workflows: [] }));
    const runs = await invoke('api.call', { zone: zoneId, operationId: 'workflows.runs', params: { id: 'w1' } });
    expect(runs).toMatchObject({ ok: true, result: { next: 'r2', nextParam: 'before' } });
    const plain = await invoke('api.call', { zone: zoneId, operationId: 'workflows.list' });
    expect(plain).toEqual({ ok: true, result: { status: 200, data: { workflows: [] } } });
  });
});

describe('shapes.unread', () => {
  it('logs the names once per zone, kind and set, never values', async () => {
    lines.length = 0;
    const report = (fields: string[], kind = 'workflow') => invoke('shapes.unread', { zone: zoneId, kind, fields });
    expect(await report(['graph_v2', 'owner'])).toEqual({ ok: true, result: null });
    await report(['owner', 'graph_v2']);
    await report(['graph_v2']);
    await report(['graph_v2'], 'run');
    const logged = lines.filter((l) => l.includes("has fields Zonedeck doesn't read"));
    expect(logged).toHaveLength(3);
    expect(logged[0]).toContain("a reply of workflow from other-team has fields Zonedeck doesn't read");
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'info', kind: 'workflow', fields: ['graph_v2', 'owner'] });
  });

  it.each([
    ['a name with odd characters', { kind: 'workflow', fields: ['a b'] }],
    ['a name too long', { kind: 'workflow', fields: ['x'.repeat(65)] }],
    ['too many names', { kind: 'workflow', fields: Array.from({ length: 51 }, (_, i) => `f${i}`) }],
    ['a kind too long', { kind: 'k'.repeat(41), fields: ['a'] }],
    ['a kind with a newline', { kind: 'a\nb', fields: ['a'] }],
    ['a value smuggled in', { kind: 'workflow', fields: ['a'], values: { a: 1 } }],
  ])('refuses %s', async (_n, input) => {
    expect(await invoke('shapes.unread', { zone: zoneId, ...input })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
