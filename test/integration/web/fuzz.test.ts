/**
 * Fuzzing the browser host: a few thousand generated inputs (random JSON, wrong types, huge and
 * deep values, dot segments, unknown commands) to every command of the table over the host's
 * socket, with zones pointing at a hostile zone that answers oddly and records every request.
 * After each batch: the host still serves, every reply was typed, no request left the route table.
 * Seeded: set ZD_FUZZ_SEED to replay a failure.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import { COMMANDS } from '../../../src-main/agent/commands';
import type { ServerMessage } from '../../../src-main/contract/protocol';
import { type WebHost, startWebHost } from '../../../src-main/web/server';
import { type HostileZone, deepJson, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { fuzzInput, mulberry32, randomCommandName, wireText } from '../../support/fuzz-values';
import { routeOfRequest } from '../../support/route-template';

const SEED = Number(process.env.ZD_FUZZ_SEED ?? 20261123);
const BATCHES = 40;
const PER_BATCH = 80;

let kit: HostileZone;
let agent: Agent;
let host: WebHost;
let root: string;
const internal: string[] = [];
let succeeded = 0;
const savedEnv = { HOME: process.env.HOME, KUBECONFIG: process.env.KUBECONFIG };

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'zd-fuzz-'));
  // Nothing a command writes may land outside this folder: home, downloads and kubeconfig all live in it.
  const home = path.join(root, 'a', 'b', 'home');
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  process.env.HOME = home;
  delete process.env.KUBECONFIG;
  kit = await startHostileZone();
  scriptOddAnswers(kit);
  agent = await createAgent({
    dataDir: path.join(root, 'data'),
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    homeDir: home,
    downloadsDir: path.join(home, 'Downloads'),
  });
  host = await startWebHost({ agent, rendererDir: root });
});
afterAll(async () => {
  await host?.close();
  await agent?.dispose();
  await kit?.close();
  process.env.HOME = savedEnv.HOME;
  if (savedEnv.KUBECONFIG !== undefined) process.env.KUBECONFIG = savedEnv.KUBECONFIG;
  rmSync(root, { recursive: true, force: true });
});

/** Sign-in and renewal succeed; everything else answers one of a few odd replies, by request count. */
function scriptOddAnswers(zone: HostileZone): void {
  zone.on('POST /api/v1/auth/login', tokens());
  zone.on('POST /api/v1/auth/token', tokens());
  zone.on('POST /oauth/token', tokens());
  const odd = [
    json({}),
    json([]),
    json({ items: [{ id: 'x', name: 'n', status: 'running' }] }),
    json(deepJson(5000)),
    { status: 200, headers: { 'content-type': 'application/json' }, body: '{"truncated": [1, 2' },
    { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>not json</html>' },
    json({ error: 'boom', message: 'x'.repeat(10_000) }, 500),
    json({ error: 'not_found' }, 404),
    { status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } },
    json({ error: 'conflict', detail: { deep: deepJson(3000) } }, 409),
  ];
  let n = 0;
  zone.fallback(() => odd[n++ % odd.length]!);
}

function connect(): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.port}` },
  });
  return new Promise((resolve, reject) => ws.once('open', () => resolve(ws)).once('error', reject));
}

/** Sends every invoke at once; resolves with each reply by id (or throws on a timeout). */
async function batch(ws: WebSocket, calls: { command: string; input: unknown }[]): Promise<Map<number, ServerMessage>> {
  const replies = new Map<number, ServerMessage>();
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${replies.size}/${calls.length} replies in 20 s`)), 20_000);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return; // console output of a stream some call opened
      const msg = JSON.parse(data.toString()) as ServerMessage;
      if (msg.t !== 'reply') return;
      replies.set(msg.id, msg);
      if (replies.size === calls.length) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  calls.forEach((c, id) => ws.send(wireText({ t: 'invoke', id, command: c.command, input: c.input })));
  await done;
  return replies;
}

function expectTyped(msg: ServerMessage | undefined, about: string): void {
  expect(msg, about).toBeDefined();
  const m = msg as ServerMessage & { ok: boolean; error?: Record<string, unknown> };
  if (m.ok) {
    succeeded++;
    return expect(m, about).toHaveProperty('result');
  }
  expect(m.error, about).toMatchObject({
    status: expect.any(Number),
    code: expect.any(String),
    message: expect.any(String),
  });
  // The agent's own errors echo bounded pieces of the input (a zone's message is the zone's).
  if (m.error!.status === 0) expect((m.error!.message as string).length, about).toBeLessThan(2000);
  if (m.error!.code === 'internal_error') internal.push(`${about.slice(0, 200)} => ${m.error!.message as string}`);
}

async function ensureZones(ws: WebSocket): Promise<string[]> {
  const calls = [
    { command: 'zones.add', input: { name: 'hostile', baseUrl: kit.baseUrl } },
    { command: 'zones.add', input: { name: 'refused', baseUrl: 'http://127.0.0.1:9' } },
    { command: 'zones.list', input: {} },
  ];
  const replies = await batch(ws, calls);
  const list = replies.get(2) as { ok: true; result: { id: string; baseUrl: string }[] };
  const zones = list.result.map((z) => z.id);
  const hostile = list.result.find((z) => z.baseUrl.startsWith(kit.baseUrl))?.id;
  if (hostile) await batch(ws, [{ command: 'auth.login', input: { zone: hostile, email: 'a@b.co', password: 'p' } }]);
  return zones;
}

describe('fuzzing every command through the browser host', () => {
  it(`${BATCHES * PER_BATCH} generated inputs (seed ${SEED}): typed replies, host up, no request off the table`, async () => {
    const rand = mulberry32(SEED);
    const names = Object.keys(COMMANDS);
    const started = Date.now();
    let sent = 0;
    for (let b = 0; b < BATCHES; b++) {
      const ws = await connect();
      const zones = await ensureZones(ws);
      const calls = Array.from({ length: PER_BATCH }, (_, i) => {
        const command = rand() < 0.05 ? randomCommandName(rand) : names[(b * PER_BATCH + i) % names.length]!;
        const schema = COMMANDS[command as keyof typeof COMMANDS]?.input;
        return { command, input: fuzzInput(rand, schema, zones) };
      });
      const replies = await batch(ws, calls);
      calls.forEach((c, id) =>
        expectTyped(
          replies.get(id),
          `seed ${SEED} batch ${b} #${id} ${c.command.slice(0, 60)} ${JSON.stringify(c.input)?.slice(0, 300)}`,
        ),
      );
      sent += calls.length;
      ws.close();
      // The host is up: a fresh socket is answered.
      const probe = await connect();
      expect((await batch(probe, [{ command: 'app.info', input: {} }])).get(0)).toMatchObject({ ok: true });
      probe.close();
    }
    expect(sent).toBe(BATCHES * PER_BATCH);
    expect(internal).toEqual([]);
    // The generator reaches handlers, not only the schema checks.
    expect(succeeded).toBeGreaterThan(200);
    expect(kit.seen.length).toBeGreaterThan(100);
    const off = kit.seen.filter((r) => !routeOfRequest(r.method, r.rawPath));
    expect(off.map((r) => `${r.method} ${r.rawPath}`)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
