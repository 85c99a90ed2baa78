/**
 * Inference by value: the id, name, state and creation time of a kind's records, from zones in
 * ordinary words, in other public API styles, and in names no list holds (random). Where fields tie
 * or none fits, the role stays unsure with the tied fields; the zone's habit breaks a tie.
 */
import { describe, expect, it } from 'vitest';
import { inferFields, SAMPLE } from '../../../../src-main/contract/dictionary/infer-fields';
import { habitsOf } from '../../../../src-main/contract/dictionary/kind-reader';

const ids = [
  '3f0c1a2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  'c0ffee00-1111-4222-8333-444455556666',
];
const names = ['web-1', 'db primary', 'worker-7'];
const when = ['2026-01-01T10:00:00Z', '2026-01-02T10:00:00Z', '2026-01-03T10:00:00Z'];
const later = ['2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z', '2026-03-03T10:00:00Z'];
const states = ['running', 'stopped', 'starting'];

const records = (f: (i: number) => Record<string, unknown>) => [0, 1, 2].map(f);
const text = (r: ReturnType<typeof inferFields>) =>
  Object.fromEntries(Object.entries(r.read).map(([k, p]) => [k, p!.join('.')]));

describe('inferring a kind’s fields', () => {
  it.each([
    [
      'ordinary',
      (i: number) => ({ id: ids[i], name: names[i], status: states[i], created_at: when[i], updated_at: later[i] }),
      { id: 'id', name: 'name', state: 'status', created: 'created_at' },
    ],
    [
      'Kubernetes',
      (i: number) => ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: names[i], uid: ids[i], creationTimestamp: when[i] },
        spec: { image: 'nginx:1.25' },
        status: { phase: 'Running' },
      }),
      { id: 'metadata.uid', name: 'metadata.name', state: 'status.phase', created: 'metadata.creationTimestamp' },
    ],
    [
      'JSON:API',
      (i: number) => ({
        type: 'containers',
        id: ids[i],
        attributes: { displayName: names[i], lifecycle: states[i]!.toUpperCase(), insertedAt: when[i] },
      }),
      { id: 'id', name: 'attributes.displayName', state: 'attributes.lifecycle', created: 'attributes.insertedAt' },
    ],
    [
      'Google AIP',
      (i: number) => ({
        name: `projects/p/locations/l/containers/${ids[i]}`,
        displayName: names[i],
        state: 'RUNNING',
        createTime: when[i],
        updateTime: later[i],
      }),
      { id: 'name', name: 'displayName', state: 'state', created: 'createTime' },
    ],
    [
      'Stripe',
      (i: number) => ({
        id: `ctr_1Nq${i}XyZ9aBcDeF`,
        object: 'container',
        created: 1767262000 + i,
        status: states[i],
        description: null,
        nickname: names[i],
      }),
      { id: 'id', name: 'nickname', state: 'status', created: 'created' },
    ],
    [
      'AWS',
      (i: number) => ({
        ContainerId: `i-0abc${i}def1234567890`,
        Name: names[i],
        State: { Code: 16, Name: states[i] },
        LaunchTime: when[i],
      }),
      { id: 'ContainerId', name: 'Name', state: 'State.Name', created: 'LaunchTime' },
    ],
    [
      'random names',
      (i: number) => ({
        q7x: ids[i],
        b2k: names[i],
        zz9: states[i],
        p0: 'nginx:1.25',
        t1: when[i],
        t2: later[i],
        c: 2,
      }),
      { id: 'q7x', name: 'b2k', state: 'zz9', created: 't1' },
    ],
  ])('reads %s records by their values', (_style, make, want) => {
    const got = inferFields(records(make), 'container');
    expect(text(got)).toEqual(want);
    expect(got.unsure).toEqual({});
  });

  it('says which fields tie instead of choosing one: a current and a desired state in no known words', () => {
    const got = inferFields(
      records((i) => ({ a1: ids[i], b1: names[i], s1: 'running', s2: 'running' })),
      'container',
    );
    expect(got.read.state).toBeUndefined();
    expect(got.unsure.state).toEqual([['s1'], ['s2']]);
  });

  it('leaves a role unsure with no field when none fits', () => {
    const got = inferFields(
      records((i) => ({ id: ids[i], n: i })),
      'container',
    );
    expect(got.unsure.name).toEqual([]);
    expect(got.unsure.state).toEqual([]);
  });

  it('does not take an image, a version, an address or a description for a name', () => {
    const got = inferFields(
      records((i) => ({
        id: ids[i],
        img: ['nginx:1.25', 'redis:7', 'ghcr.io/a/b:1'][i],
        ver: ['1.29.1', '1.30.0', 'v1.31.2'][i],
        cidr: ['10.0.0.0/24', '10.0.1.0/24', '10.0.2.0/24'][i],
        about: [
          'A long sentence that says what this is for',
          'Another long sentence about the thing here',
          'Yet another sentence that runs quite long',
        ][i],
        label: names[i],
      })),
      'container',
    );
    expect(got.read.name).toEqual(['label']);
  });

  it('does not take a time or a count for an id, nor a shared reference', () => {
    const got = inferFields(
      records((i) => ({ at: 1767262000 + i, n: i + 1, host: ids[0], own: ids[i], nm: names[i] })),
      'container',
    );
    expect(got.read.id).toEqual(['own']);
    expect(got.read.created).toEqual(['at']);
  });

  it('reads known names first, so short test ids still read', () => {
    expect(text(inferFields([{ id: 'c1', name: 'web', status: 'whatever' }], 'container'))).toMatchObject({
      id: 'id',
      name: 'name',
      state: 'status',
    });
  });

  it('breaks a tie by the zone’s habit: the field its other kinds are read by', () => {
    const lone = [{ x1: ids[0], x2: ids[1], nm: 'demo' }];
    expect(inferFields(lone, 'cluster').unsure.id).toEqual([['x1'], ['x2']]);
    const habits = habitsOf({ kinds: { container: { read: { id: { path: ['x1'], from: 'inferred' } } } } }, 'cluster');
    expect(inferFields(lone, 'cluster', {}, habits).read.id).toEqual(['x1']);
  });

  it('reads a sample of a long list, not every row', () => {
    let reads = 0;
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      id: `${ids[0]!.slice(0, 30)}${String(i).padStart(6, '0')}`,
      name: `c-${i}`,
    }));
    const watched = new Proxy(many, {
      get(t, k, r) {
        if (typeof k === 'string' && /^\d+$/.test(k)) reads++;
        return Reflect.get(t, k, r) as unknown;
      },
    });
    expect(inferFields(watched, 'container').read.name).toEqual(['name']);
    expect(reads).toBeLessThanOrEqual(SAMPLE);
  });

  it('never takes a key that reaches an object’s prototype', () => {
    const hostile = JSON.parse(
      `[{"__proto__": {"polluted": 1}, "constructor": "web-1", "id": "${ids[0]}"}, {"constructor": "web-2", "id": "${ids[1]}"}]`,
    ) as Record<string, unknown>[];
    const got = inferFields(hostile, 'container');
    expect(got.fields).not.toContain('__proto__');
    expect(got.fields).not.toContain('constructor');
    expect(got.read.name).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
