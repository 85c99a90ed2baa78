/**
 * `random:N` at the edge: every open key of a reply renamed to the zone's seeded identifiers (the
 * spec's fixed words and the user's own data untouched), requests mapped back, and a request in
 * other words refused naming the zone's names (strict zones) or stripped of them (lenient ones).
 * The whole pipeline runs (withDialect) over fake standard handlers.
 */
import { describe, expect, it } from 'vitest';
import type { Handler, SandboxRequest, SandboxResponse } from '../../../src-main/sandbox/core/types';
import { HttpError } from '../../../src-main/sandbox/core/types';
import { isDialect, specOf, type Dialect } from '../../../src-main/sandbox/dialect/choose';
import { KeyMap, randomName } from '../../../src-main/sandbox/dialect/random-names';
import { VOCABULARY } from '../../../src-main/sandbox/dialect/random-scope';
import { renamedBody } from '../../../src-main/sandbox/dialect/renamed';
import { withDialect } from '../../../src-main/sandbox/dialect/shape';
import { CONTAINER, request, WORKFLOW, type Rec } from './dialect-fakes';

const STRICT = 'random:5' as Dialect; // google error style, bare-link lists
const LENIENT = 'random:4' as Dialect; // problem details, plural-key lists
const READS_TEXT = 'random:13' as Dialect; // lenient; its seed reads a file's text as `text`, its writes say `content`

const mapOf = (d: Dialect) => (specOf(d).edge!.describe().renaming as { map: Record<string, string> }).map;

async function call(d: Dialect, routeId: string, handler: Handler, init: Partial<SandboxRequest> = {}) {
  const req = request(routeId, init);
  req.zone = { ...req.zone, dialect: d };
  const out = await withDialect(new Map([[routeId, handler]])).get(routeId)!(req);
  return out as Extract<SandboxResponse, { status: number }> & { json?: unknown };
}

/** Every key at any depth of a JSON value. */
function keysOf(v: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, into));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) keysOf(x, into.add(k));
  return into;
}

describe('dialect names', () => {
  it('take random:N and the styles (so --dialect, zones and ZONEDECK_SANDBOX_DIALECT do)', () => {
    for (const d of ['random:0', 'random:4294967295', 'style:k8s']) expect(isDialect(d)).toBe(true);
    for (const d of ['random:4294967296', 'random:-1', 'style:nope', 'style:', 'random:x'])
      expect(isDialect(d)).toBe(false);
    expect(specOf('random:9' as Dialect)).toBe(specOf('random:9' as Dialect));
  });
});

describe('random names', () => {
  it('are 3 to 9 letters and digits, a letter first and a digit somewhere, stable per seed and key', () => {
    for (const key of VOCABULARY) {
      const n = randomName(77, key);
      expect(n).toMatch(/^[a-z][a-z0-9]{2,8}$/);
      expect(n).toMatch(/\d/);
      expect(randomName(77, key)).toBe(n);
    }
    expect(randomName(1, 'name')).not.toBe(randomName(2, 'name'));
  });

  it('never give two keys one name, and read back', () => {
    const keys = new KeyMap(123);
    const names = VOCABULARY.map((k) => keys.nameOf(k));
    expect(new Set(names).size).toBe(VOCABULARY.length);
    for (const k of VOCABULARY) expect(keys.keyOf(keys.nameOf(k))).toBe(k);
    expect(keys.keyOf('name')).toBeUndefined();
  });
});

describe('random:N replies', () => {
  it('rename every key of a container list, the envelope kept, values unchanged', async () => {
    const m = mapOf(STRICT);
    const r = await call(STRICT, 'containers.list', () => ({ status: 200, json: { items: [CONTAINER] } }));
    const [row] = r.json as Rec[]; // random:5 lists are bare arrays
    expect(Object.keys(row!).sort()).toEqual(
      Object.keys(CONTAINER)
        .map((k) => m[k])
        .sort(),
    );
    expect(row![m.name!]).toBe('web-1');
    expect(row![m.id!]).toBe('c-1');
    for (const k of keysOf(r.json)) expect(VOCABULARY).not.toContain(k);
  });

  it('keep the spec-fixed workspace status and the user’s draft graph as they are', async () => {
    const m = mapOf(LENIENT);
    const ws = await call(LENIENT, 'workspaces.get', () => ({
      status: 200,
      json: { id: 'w', name: 'shop', status: 'ready', last_error: null, template: 'store' },
    }));
    expect(ws.json).toEqual({
      [m.id!]: 'w',
      [m.name!]: 'shop',
      status: 'ready',
      last_error: null,
      [m.template!]: 'store',
    });
    const wf = await call(LENIENT, 'workflows.get', () => ({ status: 200, json: WORKFLOW }));
    expect((wf.json as Rec)[m.draft_spec!]).toEqual(WORKFLOW.draft_spec);
  });

  it('describe the map for GET /_sandbox/dialect', () => {
    const d = specOf(STRICT).edge!.describe().renaming as Rec;
    expect(d).toMatchObject({ policy: 'strict', error_style: 'google' });
    expect(specOf(LENIENT).edge!.describe().renaming).toMatchObject({ policy: 'lenient', error_style: 'problem' });
  });
});

describe('random:N requests', () => {
  let seen: SandboxRequest | undefined;
  const echo: Handler = (req) => {
    seen = req;
    return { status: 201, json: {} };
  };

  it('reach the handler in standard names, nested keys too, the draft graph untouched', async () => {
    const m = mapOf(STRICT);
    const draft = { nodes: [{ id: 'in', type: 'input' }], edges: [] };
    const r = await call(STRICT, 'workflows.create', echo, {
      method: 'POST',
      body: { [m.name!]: 'triage', [m.draft_spec!]: draft },
    });
    expect(r.status).toBe(Number(specOf(STRICT).choices.createStatus));
    expect(seen!.body).toEqual({ name: 'triage', draft_spec: draft });
    await call(STRICT, 'containers.create', echo, {
      method: 'POST',
      body: { [m.name!]: 'x', [m.ports!]: [{ [m.port!]: 80, [m.protocol!]: 'tcp' }] },
    });
    expect(seen!.body).toEqual({ name: 'x', ports: [{ port: 80, protocol: 'tcp' }] });
  });

  it('in standard words are refused by a strict zone, naming the zone’s own field (Google fieldViolations)', async () => {
    const m = mapOf(STRICT);
    const r = await call(STRICT, 'skills.create', echo, { method: 'POST', body: { name: 'x', description: 'd' } });
    expect(r.status).toBe(422);
    const err = (r.json as { error: { status: string; details: { fieldViolations: { field: string }[] }[] } }).error;
    expect(err.status).toBe('INVALID_ARGUMENT');
    expect(err.details[0]!.fieldViolations.map((v) => v.field)).toEqual([m.name, m.description]);
    expect(JSON.stringify(r.json)).not.toMatch(/"name"|'name'/);
  });

  it('in standard words lose those fields in a lenient zone; a query parameter too', async () => {
    const m = mapOf(LENIENT);
    await call(LENIENT, 'skills.create', echo, {
      method: 'POST',
      body: { name: 'typed', [m.description!]: 'kept', title: 'unknown' },
    });
    expect(seen!.body).toEqual({ description: 'kept' });
    await call(LENIENT, 'skills.files.content', echo, {
      query: new URLSearchParams({ path: 'a', [m.path!]: 'SKILL.md' }),
    });
    expect(seen!.query.toString()).toBe('path=SKILL.md');
  });

  it('refused by the handler name the zone’s field in its error style (RFC 9457 invalid-params)', async () => {
    const m = mapOf(LENIENT);
    const fail: Handler = () => {
      throw new HttpError(400, 'invalid_request', 'name is required (non-empty string)', { field: 'name' });
    };
    const r = await call(LENIENT, 'skills.create', fail, { method: 'POST', body: {} });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: 400, 'invalid-params': [{ name: m.name }] });
    expect((r.json as Rec).detail).toBe(`${m.name} is required (non-empty string)`);
  });

  it('refused by the seeded layer name the zone’s own field, in its values and sentences, not the standard one', async () => {
    // The seeded layer below reads a file's text as `text` but writes it as `content` (random.ts
    // keeps the write standard): a write under the zone's word for `text`, as a read answered it,
    // is refused by that layer, which names `content`: said in the zone's word for it.
    const query = new URLSearchParams({ [mapOf(READS_TEXT).path!]: 'SKILL.md' });
    const read = await call(READS_TEXT, 'skills.files.content', () => ({ status: 200, text: 'hi' }), { query });
    const m = mapOf(READS_TEXT);
    expect(read.json).toEqual({ [m.path!]: 'SKILL.md', [m.text!]: 'hi' });
    const r = await call(READS_TEXT, 'skills.files.put', echo, {
      method: 'PUT',
      body: { [m.path!]: 'SKILL.md', [m.text!]: 'hello' },
    });
    expect(r.status).toBe(422);
    const said = JSON.stringify(r.json);
    expect(said).toContain(`"${m.content}"`);
    expect(said).toContain(`'${m.content}'`);
    expect(said).not.toMatch(/content/);
  });

  it('keep the keys of a refusal the seeded layer wrote, renaming the fields it names', () => {
    const names = { content: 'c9x', path: 'p1q' };
    const body = {
      errors: [{ code: 'content', field: 'content', message: "missing required field 'content'" }],
      source: { pointer: '/data/attributes/content' },
      fields: { content: ['is required'] },
      missing: ['content', 'path'],
      url: 'https://example.test/docs/content',
    };
    expect(renamedBody(body, names)).toEqual({
      errors: [{ code: 'content', field: 'c9x', message: "missing required field 'c9x'" }],
      source: { pointer: '/data/attributes/c9x' },
      fields: { c9x: ['is required'] },
      missing: ['c9x', 'p1q'],
      url: 'https://example.test/docs/content',
    });
  });

  it('outside the open areas are left alone', async () => {
    const r = await call(STRICT, 'limits.get', () => ({ status: 200, json: { name: 'kept' } }));
    expect(r.json).toEqual({ name: 'kept' });
  });
});
