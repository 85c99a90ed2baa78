/**
 * Kinds read at once (the palette's index): each kind's ties are broken by the habits of the
 * others as this read found them, so the answer is the same whichever list came back first, and
 * does not wait on which kinds an earlier read happened to note.
 */
import { describe, expect, it } from 'vitest';
import { zoneKindReaders } from '../../../../src-main/contract/dictionary/kind-readers';
import { zoneKindReader } from '../../../../src-main/contract/dictionary/kind-reader';
import { pathText } from '../../../../src-main/contract/dictionary/field-paths';
import type { ZoneDictionary } from '../../../../src-main/contract/dictionary/dictionary-types';

const uuid = (n: number) => `58dddf4d-c854-47f6-898a-${String(n).padStart(12, '0')}`;
/** A strict random zone: every kind says its id `b86y`, its name `rqw`; lone records tie alone. */
const lists = [
  { kind: 'cluster', records: [{ b86y: uuid(1), rqw: 'demo', st: 'ACTIVE', v: '1.30.4' }] },
  { kind: 'workflow', records: [{ b86y: uuid(2), rqw: 'triage' }] },
  { kind: 'skill', records: [{ b86y: uuid(3), rqw: 'summarize' }] },
  // A workspace's repository id and template tie with its own id and name in a lone record.
  { kind: 'workspace', records: [{ b86y: uuid(4), rqw: 'shop', tpl: 'store', repo: uuid(5), status: 'ready' }] },
];
const read = (dict: ZoneDictionary | undefined, ls: typeof lists) =>
  Object.fromEntries(
    zoneKindReaders(dict, ls).map((r, i) => [
      ls[i]!.kind,
      { id: r.paths.id && pathText(r.paths.id), name: r.paths.name && pathText(r.paths.name) },
    ]),
  );

describe('zoneKindReaders', () => {
  it('breaks a lone kind’s ties by the other kinds of the same read', () => {
    expect(zoneKindReader(undefined, lists[3]!.records, 'workspace').unsure).toMatchObject({
      id: [['b86y'], ['repo']],
      name: [['rqw'], ['tpl']],
    });
    expect(read(undefined, lists).workspace).toEqual({ id: 'b86y', name: 'rqw' });
  });

  it('gives the same answer in any order the lists arrive', () => {
    const want = read(undefined, lists);
    for (const order of [
      [3, 2, 1, 0],
      [1, 3, 0, 2],
      [2, 0, 3, 1],
    ]) {
      expect(
        read(
          undefined,
          order.map((i) => lists[i]!),
        ),
      ).toEqual(want);
    }
  });

  it('keeps a person’s choice, and what the stored dictionary knows of kinds not read now', () => {
    const dict: ZoneDictionary = {
      kinds: {
        workspace: { read: { name: { path: ['tpl'], from: 'chosen' } } },
        repo: { read: { id: { path: ['b86y'], from: 'inferred' } } },
      },
    };
    const got = read(dict, [lists[3]!]);
    expect(got.workspace).toEqual({ id: 'b86y', name: 'tpl' });
  });
});
