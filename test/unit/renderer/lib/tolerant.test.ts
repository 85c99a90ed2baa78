import { describe, expect, it } from 'vitest';
import {
  fieldsOf,
  idOf,
  listOf,
  matchesFilter,
  nameOf,
  stateOf,
  stateTone,
  timeOf,
  toContainerRow,
} from '../../../../src-renderer/lib/tolerant';
import { oneRow } from '../../../support/readers';

const containerRow = oneRow(toContainerRow, 'container');

describe('listOf', () => {
  it('reads a bare array', () => {
    expect(listOf([{ id: 'a' }, { id: 'b' }])).toHaveLength(2);
  });
  it.each(['items', 'data', 'results'])('reads a list under %s', (key) => {
    expect(listOf({ [key]: [{ id: 'a' }], total: 1 })).toEqual([{ id: 'a' }]);
  });
  it('reads an envelope inside an envelope', () => {
    expect(listOf({ data: { items: [{ id: 'x' }] } })).toEqual([{ id: 'x' }]);
  });
  it('drops non-objects and returns [] for anything unreadable', () => {
    expect(listOf([1, 'two', null, { id: 'ok' }, [3]])).toEqual([{ id: 'ok' }]);
    expect(listOf(null)).toEqual([]);
    expect(listOf('text')).toEqual([]);
    expect(listOf({ something: [] })).toEqual([]);
  });
  it('prefers an empty list under a known key over searching on', () => {
    expect(listOf({ items: [], data: [{ id: 'no' }] })).toEqual([]);
  });
});

describe('fields', () => {
  it('takes id or uuid, name or display_name, status or state', () => {
    expect(idOf({ uuid: 'u1' })).toBe('u1');
    expect(idOf({ id: 7 })).toBe('7');
    expect(idOf({ id: '', uuid: 'u2' })).toBe('u2');
    expect(nameOf({ display_name: 'Web' })).toBe('Web');
    expect(stateOf({ state: 'stopped' })).toBe('stopped');
    expect(stateOf({ status: { phase: 'running' } })).toBe('running');
    expect(stateOf({})).toBeUndefined();
  });
  it('reads times as ISO text and epoch seconds or milliseconds', () => {
    const iso = '2024-05-01T10:00:00Z';
    const ms = Date.parse(iso);
    expect(timeOf({ t: iso }, 't')?.getTime()).toBe(ms);
    expect(timeOf({ t: ms / 1000 }, 't')?.getTime()).toBe(ms);
    expect(timeOf({ t: ms }, 't')?.getTime()).toBe(ms);
    expect(timeOf({ t: 'not a date' }, 't')).toBeUndefined();
  });
  it('gives calm tones to state words', () => {
    expect(stateTone('running')).toBe('success');
    expect(stateTone('Failed')).toBe('error');
    expect(stateTone('creating')).toBe('warning');
    expect(stateTone('suspended')).toBe('info');
    expect(stateTone('stopped')).toBe('default');
    expect(stateTone(undefined)).toBe('default');
  });
});

describe('toContainerRow', () => {
  it('maps the usual shape', () => {
    const r = containerRow(
      {
        id: 'c1',
        name: 'web-1',
        status: 'running',
        image: 'nginx:1.27',
        host: 'h-1',
        created_at: '2024-01-01T00:00:00Z',
      },
      0,
    );
    expect(r).toMatchObject({ key: 'c1', id: 'c1', name: 'web-1', state: 'running', image: 'nginx:1.27', host: 'h-1' });
    expect(r.createdAt?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });
  it('maps the alternative shape and a nested host', () => {
    const r = containerRow(
      { uuid: 'u9', display_name: 'Worker', state: 'stopped', image_name: 'busybox', host: { name: 'node-3' } },
      4,
    );
    expect(r).toMatchObject({ key: 'u9', name: 'Worker', state: 'stopped', image: 'busybox', host: 'node-3' });
  });
  it('reads host from host_name, hostname, host_id or node in that order, numbers as text', () => {
    const host = (raw: Record<string, unknown>) => containerRow({ id: 'c1', ...raw }, 0).host;
    expect(host({ host_id: 'h-9' })).toBe('h-9');
    expect(host({ node: 7, host_id: '', hostname: 'box-2' })).toBe('box-2');
    expect(host({ host_name: 'named', host_id: 'h-9' })).toBe('named');
    expect(host({ host: 12, host_id: 'h-9' })).toBe('12');
    expect(host({ host: { uuid: 'h-u' }, host_id: 'h-9' })).toBe('h-u');
    expect(host({ host: {}, node: 'n-1' })).toBe('n-1');
    expect(host({ host: null, host_id: null })).toBeUndefined();
  });
  it('falls back to the other keys when the standard one is empty or not text', () => {
    const r = containerRow(
      {
        id: '',
        uuid: 'u1',
        name: 42,
        status: { phase: 'Pending' },
        image: '',
        image_ref: 'ref',
        created_at: 'soon',
        createdAt: 1700000000,
      },
      0,
    );
    expect(r).toMatchObject({ id: 'u1', name: '42', state: 'Pending', image: 'ref' });
    expect(r.createdAt?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
  it('never leaves a row without a key or a name', () => {
    const r = containerRow({}, 2);
    expect(r.key).toBe('#2');
    expect(r.name).toBe('(unnamed 3)');
    expect(containerRow({ uuid: 'only-id' }, 0).name).toBe('only-id');
  });
});

describe('fieldsOf', () => {
  it('keeps every field in order and classifies ids, times and nested values', () => {
    const f = fieldsOf({
      id: 'c1',
      name: 'web',
      host_id: 'h1',
      created_at: '2024-01-01T00:00:00Z',
      labels: { a: 1 },
      note: null,
      port: 80,
    });
    expect(f.map((x) => x.key)).toEqual(['id', 'name', 'host_id', 'created_at', 'labels', 'note', 'port']);
    expect(f.map((x) => x.kind)).toEqual(['id', 'text', 'id', 'time', 'json', 'empty', 'text']);
    expect(f[4]!.text).toBe('{"a":1}');
  });
});

describe('matchesFilter', () => {
  const row = containerRow({ id: 'c1', name: 'web-1', status: 'running', image: 'nginx', host: 'h-7' }, 0);
  it('matches every term anywhere, case-insensitively', () => {
    expect(matchesFilter(row, '')).toBe(true);
    expect(matchesFilter(row, 'WEB')).toBe(true);
    expect(matchesFilter(row, 'nginx run')).toBe(true);
    expect(matchesFilter(row, 'nginx stopped')).toBe(false);
  });
});
