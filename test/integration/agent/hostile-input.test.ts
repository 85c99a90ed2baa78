/**
 * What a compromised page might send, against a zone that records every request: path parameters
 * never leave the route table, deep input is invalid_input, names and ids are bounded, the CA-file
 * check gives one answer whatever the path holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { Reply } from '../../../src-main/contract/protocol';
import { ROUTES, pathParams } from '../../../src-main/contract/routes';
import { type HostileZone, sse, startHostileZone, tokens } from '../../support/hostile-zone';
import { HOSTILE_PARAM_VALUES, matchesTemplate, routeOfRequest } from '../../support/route-template';
import { RecordingConnection, until } from './harness';

let kit: HostileZone;
let agent: Agent;
let dir: string;
let zone: string;
const conn = new RecordingConnection();
const invoke = (command: string, input: unknown) => agent.invoke(command, input, conn);

beforeAll(async () => {
  kit = await startHostileZone();
  kit.on('POST /api/v1/auth/login', tokens());
  dir = mkdtempSync(path.join(os.tmpdir(), 'zd-hostile-'));
  agent = await createAgent({ dataDir: dir, host: 'browser', version: 'test', memorySecrets: true });
  const added = await invoke('zones.add', { name: 'hostile', baseUrl: kit.baseUrl });
  zone = (added as { ok: true; result: { id: string } }).result.id;
  expect(await invoke('auth.login', { zone, email: 'a@example.com', password: 'pw' })).toMatchObject({ ok: true });
});
afterAll(async () => {
  await agent.dispose();
  await kit.close();
  rmSync(dir, { recursive: true, force: true });
});

const errorCode = (r: Reply) => (r.ok ? undefined : r.error.code);

describe('path parameters against a recording zone', () => {
  it('every route with parameters, every hostile value: inside its template, or refused at input', async () => {
    let sent = 0;
    for (const route of ROUTES.filter((r) => pathParams(r).length > 0)) {
      const stream = route.response === 'websocket' || route.response === 'event-stream';
      for (const value of HOSTILE_PARAM_VALUES) {
        const params = Object.fromEntries(pathParams(route).map((p) => [p, value]));
        const before = kit.seen.length;
        const reply = await invoke(stream ? 'stream.open' : 'api.call', { zone, operationId: route.id, params });
        if (!reply.ok && ['invalid_input', 'unknown_operation'].includes(reply.error.code)) {
          expect(kit.seen.length, `${route.id} ${JSON.stringify(value)} reached the zone`).toBe(before);
          continue;
        }
        if (stream && reply.ok) {
          const sid = (reply.result as { sid: string }).sid;
          const deadline = Date.now() + 2000;
          while (kit.seen.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
          await invoke('stream.close', { sid });
        }
        const req = kit.seen[kit.seen.length - 1]!;
        expect(kit.seen.length, `${route.id} ${JSON.stringify(value)}`).toBe(before + 1);
        expect(matchesTemplate(route, req.rawPath.split('?')[0]!, params), `${route.id} -> ${req.rawPath}`).toBe(true);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(500);
    for (const req of kit.seen) expect(routeOfRequest(req.method, req.rawPath), req.rawPath).toBeDefined();
  }, 60_000);
});

describe('bounded input', () => {
  it('deeply nested JSON input answers invalid_input, not internal_error', async () => {
    let body: unknown = 'x';
    for (let i = 0; i < 5000; i++) body = { a: body };
    const before = kit.seen.length;
    const reply = await invoke('api.call', { zone, operationId: 'containers.create', body });
    expect(errorCode(reply)).toBe('invalid_input');
    expect(kit.seen.length).toBe(before);
  });

  it('echoes at most about 100 characters of an unknown command name', async () => {
    const reply = await invoke('x'.repeat(1024 * 1024), {});
    expect(errorCode(reply)).toBe('unknown_command');
    expect((reply as { ok: false; error: { message: string } }).error.message.length).toBeLessThan(200);
  });

  it('refuses a CR or LF in lastEventId at input', async () => {
    for (const id of ['1\r\nX-Evil: 1', '1\n', '1\r']) {
      const reply = await invoke('stream.open', {
        zone,
        operationId: 'workflowRuns.stream',
        params: { id: 'r' },
        lastEventId: id,
      });
      expect(errorCode(reply), JSON.stringify(id)).toBe('invalid_input');
    }
  });

  it('sends a clean lastEventId to the zone as Last-Event-ID, and relays its events', async () => {
    kit.on('GET /api/v1/workflow-runs/r1/stream', sse([{ id: '8', event: 'step', data: '{"n":1}' }]));
    const reply = await invoke('stream.open', {
      zone,
      operationId: 'workflowRuns.stream',
      params: { id: 'r1' },
      lastEventId: '7',
    });
    expect(reply.ok).toBe(true);
    const sid = (reply as { ok: true; result: { sid: string } }).result.sid;
    await until(() => conn.messages.find((m) => m.sid === sid && m.kind === 'event'));
    const seen = kit.seen.find((r) => r.rawPath === '/api/v1/workflow-runs/r1/stream')!;
    expect(seen.headers['last-event-id']).toBe('7');
    expect(seen.headers.authorization).toBe('Bearer hz-access');
    await invoke('stream.close', { sid });
  });

  it('passes over an event id that cannot go back in a header, and resumes from the last one that can', async () => {
    let n = 0;
    kit.on('GET /api/v1/workflow-runs/r2/stream', () => {
      n++;
      if (n > 1) return sse([{ id: 'ok-3', event: 'step', data: '{"n":3}' }]);
      // The first answer breaks off (shorter than its length): a network loss, so the agent resumes.
      const body = 'id: ok-1\nevent: step\ndata: {"n":1}\n\nid: bad\u21922\nevent: step\ndata: {"n":2}\n\n';
      return { headers: { 'content-type': 'text/event-stream', 'content-length': '4096', connection: 'close' }, body };
    });
    const reply = await invoke('stream.open', { zone, operationId: 'workflowRuns.stream', params: { id: 'r2' } });
    const sid = (reply as { ok: true; result: { sid: string } }).result.sid;
    await until(() =>
      conn.messages.find(
        (m) => m.sid === sid && m.kind === 'event' && (m.event as { id?: string } | undefined)?.id === 'ok-3',
      ),
    );
    const resumed = kit.seen.filter((r) => r.rawPath === '/api/v1/workflow-runs/r2/stream');
    expect(resumed.length).toBe(2);
    expect(resumed[1]!.headers['last-event-id']).toBe('ok-1');
    expect(conn.messages.some((m) => m.sid === sid && m.kind === 'end')).toBe(false);
    await invoke('stream.close', { sid });
  });

  it('gives one message for a CA file that does not exist and one that holds no certificate', async () => {
    const notPem = path.join(dir, 'not-a-cert.txt');
    writeFileSync(notPem, 'hello');
    const messages = [];
    for (const caFile of [path.join(dir, 'nope.pem'), notPem, dir]) {
      const reply = await invoke('zones.add', { name: 'ca', baseUrl: 'http://127.0.0.1:9', caFile });
      expect(errorCode(reply)).toBe('invalid_input');
      messages.push((reply as { ok: false; error: { message: string } }).error.message.replace(caFile, '<path>'));
    }
    expect(new Set(messages).size).toBe(1);
  });
});
