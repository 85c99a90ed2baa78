/**
 * The sandbox's two dialects side by side: eu-1 speaks the standard one, us-1 the variant. What
 * the spec leaves "not shown" differs (list envelopes, id/name/status field names, log lines,
 * console control, run-event names); what it fixes is the same in both.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localhostLookup } from '../../../src-main/agent/http/localhost-lookup';
import type { SandboxModule, WsHandler } from '../../../src-main/sandbox/core/types';
import { identityModule } from '../../../src-main/sandbox/identity';
import { call, LIMITS_RECORD_KEYS, loopbackFetch, signIn, startTestSandbox, type TestSandbox } from './helpers';
import { openConsole } from './compute-support';

type Rec = Record<string, unknown>;
let sb: TestSandbox;
const tokens: Record<string, string> = {};
const STD = () => sb.urls['eu-1']!;
const VAR = () => sb.urls['us-1']!;
const api = (base: string, path: string, opts: { method?: string; body?: unknown } = {}) =>
  call<Rec>(base, `/api/v1${path}`, { token: tokens[base], ...opts });

beforeAll(async () => {
  sb = await startTestSandbox({ zones: ['eu-1', { id: 'us-1', dialect: 'variant' }] });
  for (const base of [STD(), VAR()]) tokens[base] = (await signIn(base, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

async function variantByName(path: string, name: string): Promise<Rec> {
  const list = (await api(VAR(), path)).body.data as Rec[];
  const found = list.find((r) => r.display_name === name);
  if (!found) throw new Error(`no ${path} named ${name} in the variant zone`);
  return found;
}

describe('what the spec leaves open differs', () => {
  it('lists come as {data, next} with uuid, display_name and state in the variant', async () => {
    for (const path of ['/containers', '/microvms', '/kubernetes-clusters', '/public-ips', '/vpn-gateways']) {
      const std = (await api(STD(), path)).body;
      const variant = (await api(VAR(), path)).body;
      expect(Object.keys(std)).toEqual(['items']);
      expect(Object.keys(variant).sort()).toEqual(['data', 'next']);
      expect(variant.next).toBeNull();
      const rows = variant.data as Rec[];
      expect(rows.length).toBe((std.items as Rec[]).length);
      for (const row of rows) {
        expect(row).toHaveProperty('uuid');
        expect(row).toHaveProperty('display_name');
        expect(row).toHaveProperty('state');
        expect(row).not.toHaveProperty('id');
        expect(row).not.toHaveProperty('name');
        expect(row).not.toHaveProperty('status');
      }
      const names = (recs: Rec[], key: string) => recs.map((r) => r[key]).sort();
      expect(names(rows, 'display_name')).toEqual(names(std.items as Rec[], 'name'));
    }
  });

  it('single records and lifecycle replies are renamed too; ids still address them', async () => {
    const web = await variantByName('/containers', 'web-1');
    const got = (await api(VAR(), `/containers/${String(web.uuid)}`)).body;
    expect(got).toMatchObject({ uuid: web.uuid, display_name: 'web-1', state: 'running', desired_state: 'running' });
    const demo = await variantByName('/kubernetes-clusters', 'demo');
    expect(demo).toMatchObject({ worker_count: 3 });
    expect(demo).not.toHaveProperty('workers');
    const worker = await variantByName('/containers', 'worker-1');
    const stop = await api(VAR(), `/containers/${String(worker.uuid)}/stop`, { method: 'POST' });
    expect(stop.status).toBe(202);
    expect(stop.body).toMatchObject({ display_name: 'worker-1', state: 'stopping', desired_state: 'stopped' });
    const versions = (await api(VAR(), '/kubernetes-clusters/versions')).body;
    expect(versions.data).toEqual(expect.arrayContaining([{ version: '1.31.2', default: true }]));
  });

  it('error bodies are the same in both: {error, message}', async () => {
    for (const base of [STD(), VAR()]) {
      const r = await api(base, '/containers/00000000-0000-4000-8000-000000000000');
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: 'not_found' });
    }
  });

  it('log lines carry no stream or sequence number in the variant, and no line-count headers', async () => {
    const web = await variantByName('/containers', 'web-1');
    const res = await loopbackFetch(`${VAR()}/api/v1/containers/${String(web.uuid)}/logs?tail=50`, {
      headers: { authorization: `Bearer ${tokens[VAR()]}` },
    });
    expect(res.headers.get('x-log-lines')).toBeNull();
    const lines = (await res.text()).split('\n').filter(Boolean);
    expect(lines).toHaveLength(50);
    for (const l of lines) {
      expect(l).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \S/);
      expect(l).not.toMatch(/^\S+ (stdout|stderr) \d{7}/);
    }
  });

  it('the streamed log archive is rewritten line by line, complete', async () => {
    const body = { name: 'arch-variant', start: false, log_backlog: 20_000 };
    const created = await api(VAR(), '/containers', { body });
    expect(created.status).toBe(201);
    const res = await loopbackFetch(`${VAR()}/api/v1/containers/${String(created.body.uuid)}/logs/archive`, {
      headers: { authorization: `Bearer ${tokens[VAR()]}` },
    });
    expect(res.headers.get('x-archived-lines')).toBeNull();
    expect(res.headers.get('content-disposition')).toContain('arch-variant-logs.txt');
    const lines = (await res.text()).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(20_000);
    expect(lines.every((l) => /^\S+Z (?!std(out|err) \d)\S/.test(l))).toBe(true);
  });

  it('run-stream events have other names in the variant', async () => {
    const names: Record<string, string[]> = {};
    for (const base of [STD(), VAR()]) {
      const spec = { nodes: [{ id: 'only', type: 'llm', prompt: 'Hi {{input}}' }], edges: [] };
      const id = (await api(base, '/workflows', { body: { name: 'dialect', draft_spec: spec } })).body.id as string;
      await api(base, `/workflows/${id}/publish`, { method: 'POST' });
      await api(base, `/workflows/${id}/deploy`, { method: 'POST' });
      const run = (await api(base, `/workflows/${id}/run`, { body: { input: 'x' } })).body.id as string;
      const res = await loopbackFetch(`${base}/api/v1/workflow-runs/${run}/stream`, {
        headers: { authorization: `Bearer ${tokens[base]}` },
      });
      const text = await res.text(); // the response ends after the last event
      names[base] = [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]!);
    }
    expect(names[STD()]).toEqual(['run_queued', 'run_started', 'step_started', 'step_finished', 'run_finished']);
    expect(names[VAR()]).toEqual(['run.queued', 'run.running', 'node.started', 'node.completed', 'run.completed']);
  });
});

describe('what the spec fixes is the same', () => {
  it('sign-in challenge, limits record and restore result keep their fields', async () => {
    for (const base of [STD(), VAR()]) {
      const login = await call<Rec>(base, '/api/v1/auth/login', {
        body: { email: 'dev@example.com', password: 'sandbox-dev' },
      });
      expect(login.body).toMatchObject({ status: 'mfa_required', method: 'email' });
      expect(Object.keys((await api(base, '/limits')).body).sort()).toEqual(LIMITS_RECORD_KEYS);
      const disk = '5b1f0c2e-2c4d-4e8a-8000-000000000d01';
      const restored = await api(base, `/disks/${disk}/snapshots/nightly-1/restore`, { method: 'POST' });
      expect(Object.keys(restored.body).sort()).toEqual(['disk_id', 'new_disk_id', 'new_disk_uuid', 'status']);
      const ws = (await api(base, '/workspaces')).body;
      expect((ws.items as Rec[])[0]).toHaveProperty('status');
    }
  });
});

describe('consoles', () => {
  const consolePath = async (base: string) => {
    const list = (await api(base, '/containers')).body;
    const rows = (list.items ?? list.data) as Rec[];
    const web = rows.find((r) => (r.name ?? r.display_name) === 'web-1')!;
    return `/containers/${String(web.id ?? web.uuid)}/console`;
  };

  // How the standard console treats control messages and subprotocols is compute-console.test.ts's.
  it('the variant types a resize message like any other text', async () => {
    const variant = await openConsole(VAR(), tokens[VAR()]!, await consolePath(VAR()));
    await variant.waitFor('root@web-1:~# ');
    const resize = JSON.stringify({ type: 'resize', cols: 132, rows: 43 });
    variant.ws.send(resize); // a text frame
    variant.send('\r');
    expect(await variant.waitFor('not found')).toContain(`sh: ${resize}: not found`);
    variant.ws.close();
  });

  it('the variant selects no subprotocol, not even the console control one', async () => {
    const ws = new WebSocket(
      `${VAR().replace(/^http/, 'ws')}/api/v1${await consolePath(VAR())}`,
      ['zonedeck.console.v1'],
      {
        headers: { authorization: `Bearer ${tokens[VAR()]}` },
        lookup: localhostLookup,
      },
    );
    const outcome = await new Promise<string>((resolve) => {
      ws.once('open', () => {
        resolve(`open:${ws.protocol}`);
        ws.close();
      });
      ws.once('error', (err) => resolve(`error:${err.message}`));
    });
    expect(outcome).toBe('error:Server sent no subprotocol');
  });

  it('a WebSocket route that understands a subprotocol has it selected in the standard dialect only', async () => {
    const echo: WsHandler = Object.assign((ws: WebSocket) => ws.on('message', (m) => ws.send(m)), {
      protocols: () => ['probe.v1'],
    });
    const probe: SandboxModule = () => ({ ws: { 'containers.console': echo } });
    const own = await startTestSandbox({
      zones: ['eu-1', { id: 'us-1', dialect: 'variant' }],
      modules: [identityModule, probe],
    });
    try {
      const outcomes: string[] = [];
      for (const base of [own.urls['eu-1']!, own.urls['us-1']!]) {
        const token = (await signIn(base, 'dev@example.com', 'sandbox-dev')).access_token;
        const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/containers/x/console`, ['probe.v1'], {
          headers: { authorization: `Bearer ${token}` },
          lookup: localhostLookup,
        });
        outcomes.push(
          await new Promise<string>((resolve) => {
            ws.once('open', () => {
              resolve(`open:${ws.protocol}`);
              ws.close();
            });
            ws.once('error', (err) => resolve(`error:${err.message}`));
          }),
        );
      }
      expect(outcomes).toEqual(['open:probe.v1', 'error:Server sent no subprotocol']);
    } finally {
      await own.close();
    }
  });
});

describe('choosing the dialect', () => {
  it('POST /_sandbox/dialect switches a zone at once; anything else is 400', async () => {
    expect((await call(STD(), '/_sandbox/dialect')).body).toEqual({ zone: 'eu-1', dialect: 'standard', choices: {} });
    expect((await call(STD(), '/_sandbox/dialect', { body: { dialect: 'variant' } })).body).toMatchObject({
      zone: 'eu-1',
      dialect: 'variant',
      choices: { envelope: 'data_next', id: 'uuid', events: 'dotted' },
    });
    expect(Object.keys((await api(STD(), '/containers')).body).sort()).toEqual(['data', 'next']);
    expect((await call(STD(), '/_sandbox/dialect', { body: { dialect: 'klingon' } })).status).toBe(400);
    await call(STD(), '/_sandbox/dialect', { body: { dialect: 'standard' } });
    expect(Object.keys((await api(STD(), '/containers')).body)).toEqual(['items']);
    expect((await call(VAR(), '/_sandbox/dialect')).body).toMatchObject({ zone: 'us-1', dialect: 'variant' });
  });

  it('startSandbox refuses an unknown dialect (the CLI flag: core-cli.test.ts)', async () => {
    await expect(startTestSandbox({ dialect: 'other' as never })).rejects.toThrow(/unknown dialect/);
  });
});
