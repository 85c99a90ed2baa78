import { describe, expect, it } from 'vitest';
import {
  inFlightCountOf,
  inFlightIdsOf,
  inFlightRunsOf,
  toVersionRow,
  versionRowsOf,
} from '../../../../../src-renderer/features/workflows/shapes/version-record';
import { publishedVersionOf } from '../../../../../src-renderer/features/workflows/shapes/workflow';

describe('versionRowsOf', () => {
  it('reads the sandbox shape: {items: [{version, spec, created_at}]}, newest first', () => {
    const rows = versionRowsOf({
      items: [
        { version: 1, spec: { nodes: [] }, created_at: '2026-01-01T00:00:00Z' },
        { version: 2, spec: { nodes: [{ id: 'a' }] }, created_at: '2026-01-02T00:00:00Z' },
      ],
    });
    expect(rows.map((r) => r.number)).toEqual([2, 1]);
    expect(rows[0]!.spec).toEqual({ nodes: [{ id: 'a' }] });
    expect(rows[1]!.createdAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads a bare array with the number under number or id, and bare numbers', () => {
    expect(versionRowsOf([{ number: '3' }, { id: 'v4', published_at: 1700000000 }, 5]).map((r) => r.number)).toEqual([
      5, 4, 3,
    ]);
    expect(versionRowsOf({ versions: [1, 2, 2] }).map((r) => r.number)).toEqual([2, 1]);
    expect(versionRowsOf({ data: { items: [{ version_number: 7, definition: '{"nodes":[]}' }] } })[0]).toMatchObject({
      number: 7,
      spec: { nodes: [] },
    });
  });

  it('reads a zone in random names by value: the number, and the creation time (random:13)', () => {
    const spec = { nodes: [{ id: 'in', type: 'input' }], edges: [] };
    const rows = versionRowsOf({
      results: [
        { va7cny: 1, x9gtf69wb: spec, lsq95ys: 1796195973460 },
        { va7cny: 2, x9gtf69wb: spec, lsq95ys: 1796195983460 },
      ],
    });
    expect(rows.map((r) => r.number)).toEqual([2, 1]);
    expect(rows[0]!.spec).toEqual(spec);
    expect(rows[1]!.createdAt?.getTime()).toBe(1796195973460);
    // One version read alone (versions.get) is read the same way.
    expect(toVersionRow({ va7cny: 4, x9gtf69wb: spec, lsq95ys: 1796195973460 })?.number).toBe(4);
    // Two small numbers alike in a lone record: no guess.
    expect(toVersionRow({ a1b2: 4, c3d4: 5 })).toBeUndefined();
  });

  it('drops what has no number and survives garbage', () => {
    expect(versionRowsOf([{ name: 'x' }, null, 'latest', { version: -1 }])).toEqual([]);
    expect(versionRowsOf('nope')).toEqual([]);
    expect(versionRowsOf(undefined)).toEqual([]);
  });
});

describe('publishedVersionOf', () => {
  it('finds the number a publish reply names', () => {
    expect(publishedVersionOf({ version: 2, spec: {} })).toBe(2);
    expect(publishedVersionOf({ version: { number: 3 } })).toBe(3);
    expect(publishedVersionOf({ number: '4' })).toBe(4);
    expect(publishedVersionOf({ ok: true })).toBeUndefined();
    // random:2: the version record under an envelope key of the zone's own, its number too.
    const spec = { nodes: [{ id: 'in', type: 'input' }], edges: [] };
    expect(publishedVersionOf({ t19u: { b3u: 2, bx8swu5: spec, q2hl5qpx: '2026-12-02T07:21:15.580Z' } })).toBe(2);
    expect(publishedVersionOf({ t19u: { b3u: 2 }, other: { n: 3 } })).toBeUndefined();
  });
});

describe('runs in flight', () => {
  it('keeps queued, running and waiting runs from {items} or {runs}', () => {
    const reply = {
      items: [
        { id: 'r1', status: 'waiting_approval', version: 1 },
        { id: 'r2', status: 'succeeded' },
        { id: 'r3', state: 'running' },
        { uuid: 'r4', status: 'queued' },
        { status: 'running' },
      ],
    };
    expect(inFlightRunsOf(reply).map((r) => [r.id, r.status])).toEqual([
      ['r1', 'waiting_approval'],
      ['r3', 'running'],
      ['r4', 'queued'],
    ]);
    expect(inFlightRunsOf({ runs: [{ run_id: 'x', status: 'waiting' }] }).map((r) => r.id)).toEqual(['x']);
  });

  it("reads a 409's body: a count or a list of ids or runs", () => {
    expect(inFlightCountOf({ in_flight: 2 })).toBe(2);
    expect(inFlightCountOf({ in_flight: ['a', 'b', 'c'] })).toBe(3);
    expect(inFlightCountOf({})).toBeUndefined();
    expect(inFlightIdsOf({ in_flight: ['a', { id: 'b' }, 4] })).toEqual(['a', 'b']);
    expect(inFlightIdsOf({ runs: [{ run_id: 'z' }] })).toEqual(['z']);
    expect(inFlightIdsOf({ in_flight: 2 })).toEqual([]);
  });
});
