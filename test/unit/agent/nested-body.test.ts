/**
 * Body fields the zone keeps nested, named by a dotted path: moved there (boxes made, others kept),
 * looked up there, learned so; a refusal naming a path moves a field sent flat under the same name,
 * firm or not, and a hostile or over-deep path is one flat key or nothing.
 */
import { describe, expect, it } from 'vitest';
import type { CallWords, LearnedWord } from '../../../src-main/contract/zone-words';
import { leafName, movedField, pathOf, valueAtName } from '../../../src-main/agent/words/nested-body';
import {
  type Fields,
  renamesFor,
  renamed,
  sentOf,
  slotsOf,
  withLearned,
} from '../../../src-main/agent/words/word-slots';

const WRITE: CallWords = {
  body: {
    path: { role: 'skillFile.path', alts: ['file', 'name'], firm: true },
    content: { role: 'skillFile.content', alts: ['text', 'body'] },
  },
};
const flat = (): Fields => ({ body: { path: 'SKILL.md', content: 'hi' }, query: {} });

describe('nested body names', () => {
  it('a dotted run of up to four identifiers is a path; anything else one key', () => {
    expect(pathOf('spec.content')).toEqual(['spec', 'content']);
    expect(pathOf('data.attributes.content')).toEqual(['data', 'attributes', 'content']);
    for (const flatName of ['content', 'a.b.c.d.e', 'spec.__proto__', 'x-y.z', 'a..b'])
      expect(pathOf(flatName)).toEqual([flatName]);
    expect(leafName('spec.content')).toBe('content');
  });

  it('moves a field into a box, next to what the box holds, keeping the body’s order; the source is untouched', () => {
    const body = { a: 1, content: 'hi', spec: { path: 'p' }, z: 2 };
    const out = movedField(body, 'content', 'spec.content')!;
    expect(JSON.parse(JSON.stringify(out))).toEqual({ a: 1, spec: { path: 'p', content: 'hi' }, z: 2 });
    expect(Object.keys(out)).toEqual(['a', 'spec', 'z']);
    expect(body).toEqual({ a: 1, content: 'hi', spec: { path: 'p' }, z: 2 });
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(valueAtName(out, 'spec.content')).toBe('hi');
    // And back out: a box left empty goes.
    expect(JSON.parse(JSON.stringify(movedField({ spec: { content: 'x' } }, 'spec.content', 'text')))).toEqual({
      text: 'x',
    });
  });

  it('never through a value that is not a record', () => {
    expect(movedField({ content: 'hi', spec: 'scalar' }, 'content', 'spec.content')).toBeUndefined();
  });
});

describe('a refusal naming nested paths', () => {
  it('moves fields sent flat under the names it wants, the firm one too, and says where they went', () => {
    const f = flat();
    const slots = slotsOf(WRITE, f);
    const named = [
      { name: 'path', nested: 'spec.path' },
      { name: 'content', nested: 'spec.content' },
    ];
    const moves = renamesFor(422, named, slots, f);
    expect(moves.map((m) => [m.slot.name, m.to])).toEqual([
      ['path', 'spec.path'],
      ['content', 'spec.content'],
    ]);
    let out = f;
    for (const m of moves) out = renamed(out, m.slot, m.to);
    expect(JSON.parse(JSON.stringify(out.body))).toEqual({ spec: { path: 'SKILL.md', content: 'hi' } });
    expect(sentOf(slots)).toEqual({ body: { 'skillFile.path': 'spec.path', 'skillFile.content': 'spec.content' } });
  });

  it('a name matched by another field’s alternatives goes into the box the moved field shows', () => {
    const f = flat();
    const named = [
      { name: 'path', nested: 'data.attributes.path' },
      { name: 'text', nested: 'data.attributes.text' },
    ];
    const moves = renamesFor(422, named, slotsOf(WRITE, f), f);
    expect(moves.map((m) => [m.slot.name, m.to])).toEqual([
      ['path', 'data.attributes.path'],
      ['content', 'data.attributes.text'],
    ]);
  });

  it('a path alone, naming no field sent there, is a name: zones reading flat bodies point at /data/attributes/<f>', () => {
    const f = flat();
    const moves = renamesFor(422, [{ name: 'text', nested: 'data.attributes.text' }], slotsOf(WRITE, f), f);
    expect(moves.map((m) => [m.slot.name, m.to])).toEqual([['content', 'text']]);
  });

  it('a path already sent there, one the zone refused, or a query parameter’s path teaches nothing', () => {
    const there: Fields = { body: { spec: { content: 'hi' } }, query: {} };
    const words: CallWords = { body: { 'spec.content': { role: 'skillFile.content' } } };
    expect(renamesFor(422, [{ name: 'content', nested: 'spec.content' }], slotsOf(words, there), there)).toEqual([]);
    const f = flat();
    expect(
      renamesFor(422, [{ name: 'content', nested: 'spec.content', rejected: true }], slotsOf(WRITE, f), f),
    ).toEqual([]);
    const q: Fields = { body: undefined, query: { path: 'a' } };
    const sel: CallWords = { query: { path: { role: 'skillFile.path', alts: ['file'] } } };
    const moves = renamesFor(400, [{ name: 'file', nested: 'spec.file', place: 'query' }], slotsOf(sel, q), q);
    expect(moves.map((m) => [m.slot.place, m.to])).toEqual([['query', 'file']]);
  });

  it('a learned nested name puts the field there from the start; a hostile one is never applied', () => {
    const learnt = (name: string): LearnedWord => ({
      role: 'skillFile.content',
      place: 'body',
      name,
      instead: 'content',
      operationId: 'skills.files.put',
      learnedAt: 't',
    });
    const f = flat();
    const out = withLearned(f, slotsOf(WRITE, f), [learnt('spec.content')]);
    expect(JSON.parse(JSON.stringify(out.body))).toEqual({ path: 'SKILL.md', spec: { content: 'hi' } });
    const g = flat();
    const hostile = withLearned(g, slotsOf(WRITE, g), [learnt('spec.__proto__.polluted')]);
    expect(hostile.body).toEqual({ path: 'SKILL.md', content: 'hi' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
