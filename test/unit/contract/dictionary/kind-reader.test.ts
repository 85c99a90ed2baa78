/**
 * One reader per list read: a person's choice and a lesson always hold, an inference holds while
 * the records carry its field, and what the dictionary does not say is inferred from the records.
 * Finding a record by the name a person typed, and the dictionary's edits and shared part.
 */
import { describe, expect, it } from 'vitest';
import { kindReader, unreadRoles, valueAt } from '../../../../src-main/contract/dictionary/kind-reader';
import { findNamed } from '../../../../src-main/contract/dictionary/find-named';
import {
  chooseField,
  EMPTY_DICTIONARY,
  mergeShared,
  noteRead,
  resetDictionary,
  sharedPart,
} from '../../../../src-main/contract/dictionary/dictionary-edits';
import type { KindEntry } from '../../../../src-main/contract/dictionary/dictionary-types';

const recs = [
  { k1: 'a1b2c3d4-0000-4000-8000-000000000001', k2: 'web-1', k3: 'running', k4: 'running', k5: 1767262000 },
  { k1: 'a1b2c3d4-0000-4000-8000-000000000002', k2: 'db-1', k3: 'starting', k4: 'running', k5: 1767262100 },
];

describe('kindReader', () => {
  it('infers what the dictionary does not say and leaves a tie unsure, so the list says so', () => {
    const r = kindReader(undefined, recs, 'container');
    expect(r.id(recs[0])).toBe(recs[0]!.k1);
    expect(r.name(recs[1])).toBe('db-1');
    expect(r.created(recs[0])?.toISOString()).toBe('2026-01-01T10:06:40.000Z');
    expect(r.unsure.state).toEqual([['k3'], ['k4']]);
    expect(unreadRoles(r, ['id', 'name', 'state'])).toEqual(['state']);
  });

  it('reads by a person’s choice, even a field the values would not suggest', () => {
    const stored: KindEntry = {
      read: { state: { path: ['k3'], from: 'chosen' }, name: { path: ['k1'], from: 'chosen' } },
    };
    const r = kindReader(stored, recs, 'container');
    expect(r.state(recs[1])).toBe('starting');
    expect(r.name(recs[0])).toBe(recs[0]!.k1);
    expect(r.from).toMatchObject({ state: 'chosen', name: 'chosen' });
    expect(r.paths.id).toBeUndefined(); // the chosen name's field is not offered to the id
  });

  it('drops an inference whose field the records no longer carry, and infers again', () => {
    const stored: KindEntry = { read: { name: { path: ['gone'], from: 'inferred' } } };
    expect(kindReader(stored, recs, 'container').paths.name).toEqual(['k2']);
  });

  it('reads nested fields and, with no records, the usual names', () => {
    expect(valueAt({ a: { b: 'x' } }, ['a', 'b'])).toBe('x');
    expect(valueAt({ a: 'x' }, ['a', 'b'])).toBeUndefined();
    const empty = kindReader(undefined, [], 'cluster');
    expect(empty.sampled).toBe(0);
    expect(empty.name({ display_name: 'demo' })).toBe('demo');
    expect(empty.id({ cluster_id: 'k-1' })).toBe('k-1');
    expect(unreadRoles(empty)).toEqual([]);
  });
});

describe('findNamed', () => {
  it('finds by name, id and any case; where the name is unsure, by the value a person typed', () => {
    const sure = kindReader(undefined, recs, 'container');
    expect(findNamed(sure, recs, 'WEB-1')?.id).toBe(recs[0]!.k1);
    expect(findNamed(sure, recs, recs[1]!.k1)?.name).toBe('db-1');
    const tied = [{ i: 'a1b2c3d4-0000-4000-8000-000000000009', p: 'prod-a', q: 'eu-west' }];
    const r = kindReader(undefined, tied, 'cluster');
    expect(r.paths.name).toBeUndefined();
    expect(findNamed(r, tied, 'prod-a')).toMatchObject({ id: tied[0]!.i, name: 'prod-a' });
    expect(findNamed(r, tied, 'prod-b')).toBeUndefined();
  });
});

describe('the dictionary’s edits', () => {
  const seen = kindReader(undefined, recs, 'container').entry();

  it('keeps what a read inferred, and writes nothing when a read finds the same', () => {
    const d = noteRead(EMPTY_DICTIONARY, 'container', seen)!;
    expect(d.kinds.container!.read.name).toEqual({ path: ['k2'], from: 'inferred' });
    expect(d.kinds.container!.unsure?.state).toEqual([['k3'], ['k4']]);
    expect(noteRead(d, 'container', seen)).toBeUndefined();
  });

  it('never lets an inference replace a person’s choice; a choice takes its field from another role', () => {
    let d = chooseField(EMPTY_DICTIONARY, 'container', 'state', ['k3']);
    d = noteRead(d, 'container', { read: { state: { path: ['k4'], from: 'inferred' } } }) ?? d;
    expect(d.kinds.container!.read.state).toEqual({ path: ['k3'], from: 'chosen' });
    d = chooseField(d, 'container', 'name', ['k3']);
    expect(d.kinds.container!.read.state).toBeUndefined();
    expect(chooseField(d, 'container', 'name', null).kinds.container!.read.name).toBeUndefined();
  });

  it('shares chosen and learned fields, never inferences; an import adds them over this machine’s', () => {
    let d = noteRead(EMPTY_DICTIONARY, 'container', seen)!;
    d = chooseField(d, 'cluster', 'name', ['metadata', 'name']);
    expect(sharedPart(d)).toEqual({
      kinds: { cluster: { read: { name: { path: ['metadata', 'name'], from: 'chosen' } } } },
    });
    const merged = mergeShared(noteRead(EMPTY_DICTIONARY, 'container', seen), sharedPart(d)!);
    expect(merged.kinds.cluster!.read.name!.from).toBe('chosen');
    expect(merged.kinds.container!.read.name!.from).toBe('inferred');
    expect(resetDictionary(merged, 'cluster').kinds.cluster).toBeUndefined();
    expect(resetDictionary(merged)).toEqual(EMPTY_DICTIONARY);
  });
});
