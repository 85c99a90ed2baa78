/**
 * `random:N` over loopback HTTP: zones whose every open field is a seeded random identifier, two
 * strict and two lenient, in four error styles and four list envelopes. A client that reads the
 * map (GET /_sandbox/dialect) lists, gets, creates and updates in the zone's words; in the
 * standard words it is refused naming the zone's field, or its field is silently dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../src-main/sandbox/dialect/choose';
import { VOCABULARY } from '../../../src-main/sandbox/dialect/random-scope';
import { call, type TestSandbox } from './helpers';
import { rows, send, startSeeded, type Rec, type SeededZone } from './dialect-support';

/** strict/google/bare array, lenient/problem/plural key, strict/jsonapi/items, lenient/rails/data+next. */
const ZONES = ['random:5', 'random:4', 'random:8', 'random:29'] as const satisfies readonly Dialect[];

interface Renaming {
  policy: 'strict' | 'lenient';
  error_style: string;
  map: Record<string, string>;
}
let sb: TestSandbox;
const zones: Record<string, SeededZone & { r: Renaming }> = {};

beforeAll(async () => {
  const started = await startSeeded(ZONES);
  sb = started.sb;
  for (const z of started.zones.slice(1)) {
    const r = (await call(z.base, '/_sandbox/dialect')).body.renaming as Renaming;
    zones[z.dialect] = { ...z, r };
  }
});
afterAll(() => sb.close());

function keysOf(v: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, into));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) keysOf(x, into.add(k));
  return into;
}

describe.each(ZONES)('%s', (dialect) => {
  const z = () => zones[dialect]!;
  const w = (key: string) => z().r.map[key]!;
  const find = async (path: string, name: string) =>
    rows((await send(z(), 'GET', path)).body).find((x) => x[w('name')] === name);

  it('lists and gets containers whose every field is one of its own names', async () => {
    const list = await send(z(), 'GET', '/containers');
    const web = rows(list.body).find((x) => x[w('name')] === 'web-1')!;
    expect(web).toBeDefined();
    for (const k of keysOf(rows(list.body))) expect(VOCABULARY).not.toContain(k);
    const got = (await send(z(), 'GET', `/containers/${String(web[w('id')])}`)).body as Rec;
    expect(got[w('name')]).toBe('web-1');
    expect(got[w('image')]).toBe(web[w('image')]);
  });

  it('creates and updates a skill in its own words', async () => {
    const c = await send(z(), 'POST', '/skills', { [w('name')]: `typed-${dialect}`, [w('description')]: 'first' });
    expect(c.status).toBe(Number(z().ch.createStatus));
    const id = String((c.body as Rec)[w('id')]);
    const u = await send(z(), 'PUT', `/skills/${id}`, { [w('description')]: 'second' });
    expect(u.status).toBeLessThan(300);
    const got = (await send(z(), 'GET', `/skills/${id}`)).body as Rec;
    expect(got).toMatchObject({ [w('name')]: `typed-${dialect}`, [w('description')]: 'second' });
  });

  it('answers a create in the standard words the way its kind of zone does', async () => {
    const r = await send(z(), 'POST', '/skills', { name: 'std-words', description: 'x' });
    expect([400, 422]).toContain(r.status);
    // Strict: the standard names refused; lenient: they were dropped, so the name is missing. Either way it names its own.
    expect(r.text).toContain(w('name'));
    expect(r.text).not.toMatch(/"name"\s*:\s*"name"|'name'|"field"\s*:\s*"name"/);
    expect(await find('/skills', 'std-words')).toBeUndefined();
  });

  it('keeps an eval case’s default name when the standard word is dropped (lenient) or refuses it (strict)', async () => {
    const wf = await send(z(), 'POST', '/workflows', {
      [w('name')]: `evals-${dialect}`,
      [w('draft_spec')]: { nodes: [{ id: 'in', type: 'input' }], edges: [] },
    });
    const id = String((wf.body as Rec)[w('id')]);
    const c = await send(z(), 'POST', `/workflows/${id}/evals`, {
      name: 'typed case',
      [w('kind')]: 'contains',
      [w('input')]: 'hi',
      [w('expected')]: 'hi',
    });
    const cases = rows((await send(z(), 'GET', `/workflows/${id}/evals`)).body);
    if (z().r.policy === 'strict') {
      expect(c.status).toBe(422);
      expect(c.text).toContain(w('name'));
      expect(cases).toHaveLength(0);
    } else {
      expect(c.status).toBeLessThan(300);
      expect(cases.map((x) => x[w('name')])).toEqual(['contains']);
    }
  });

  it('says a missing record in its own error style', async () => {
    const r = await send(z(), 'GET', '/workflows/no-such-workflow');
    expect(r.status).toBe(404);
    const body = r.body as Rec;
    const style = z().r.error_style;
    if (style === 'google') expect(body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    if (style === 'problem') expect(body).toMatchObject({ status: 404, title: 'Not Found' });
    if (style === 'jsonapi') expect(body.errors).toMatchObject([{ status: '404' }]);
    if (style === 'rails') expect(body.errors).toHaveProperty('base');
  });

  it('keeps the spec’s workspace status word and the cursor parameters', async () => {
    const ws = rows((await send(z(), 'GET', '/workspaces')).body);
    expect(ws.length).toBeGreaterThan(0);
    for (const x of ws) expect(['creating', 'ready', 'ci_error', 'failed']).toContain(x.status);
    const runs = await send(z(), 'GET', '/workflows/none/runs?limit=1');
    expect(runs.status).toBe(404);
  });
});
