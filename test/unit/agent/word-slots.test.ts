/** Which learned name a field goes under first, and which field a refusal's expected name is meant for. */
import { describe, expect, it } from 'vitest';
import type { CallWords, LearnedWord } from '../../../src-main/contract/zone-words';
import {
  type Fields,
  type NamedField,
  renamesFor,
  renamed,
  sentOf,
  slotsOf,
  tokensOf,
  withLearned,
} from '../../../src-main/agent/words/word-slots';

const WORDS: CallWords = {
  body: {
    draft_spec: { role: 'workflow.draft', alts: ['spec', 'definition'] },
    name: { role: 'workflow.name', alts: ['title'], firm: true },
  },
  query: { path: { role: 'skillFile.path', alts: ['file', 'filename'] } },
};
const call = (): Fields => ({ body: { draft_spec: { n: 1 }, name: 'w' }, query: { path: 'a.md' } });
const learnt = (role: string, place: 'body' | 'query', name: string): LearnedWord => ({
  role,
  place,
  name,
  instead: 'x',
  operationId: 'o',
  learnedAt: 't',
});

describe('slotsOf and withLearned', () => {
  it('only fields the call carries; learned names replace non-firm ones, in place and order', () => {
    const f = call();
    const slots = slotsOf({ ...WORDS, body: { ...WORDS.body, absent: { role: 'r' } } }, f);
    expect(slots.map((s) => s.name)).toEqual(['draft_spec', 'name', 'path']);
    const out = withLearned(f, slots, [
      learnt('workflow.draft', 'body', 'definition'),
      learnt('workflow.name', 'body', 'title'),
      learnt('skillFile.path', 'query', 'file'),
    ]);
    expect(Object.keys(out.body as object)).toEqual(['definition', 'name']);
    expect(out.query).toEqual({ file: 'a.md' });
    expect(f.body).toEqual({ draft_spec: { n: 1 }, name: 'w' }); // the caller's copy is untouched
    expect(sentOf(slots)).toEqual({
      body: { 'workflow.draft': 'definition', 'workflow.name': 'name' },
      query: { 'skillFile.path': 'file' },
    });
  });

  it('a learned name of the other place, or one the call already uses, is not applied', () => {
    const f = { body: { draft_spec: 1, spec: 2 }, query: {} };
    const slots = slotsOf(WORDS, f);
    const out = withLearned(f, slots, [
      learnt('workflow.draft', 'query', 'definition'),
      learnt('workflow.draft', 'body', 'spec'),
    ]);
    expect(out.body).toEqual({ draft_spec: 1, spec: 2 });
  });

  it('a body that is not an object has no worded body fields', () => {
    expect(slotsOf(WORDS, { body: 'raw text', query: {} })).toEqual([]);
  });
});

describe('renamesFor', () => {
  const pick = (status: number, expected: (string | NamedField)[], f = call()) => {
    const r = renamesFor(status, expected, slotsOf(WORDS, f), f);
    return r.length > 1
      ? r.map((x) => [x.slot.place, x.slot.name, x.to])
      : r[0] && [r[0].slot.place, r[0].slot.name, r[0].to];
  };

  it('by alternatives, the place the status points at first', () => {
    expect(pick(422, ['definition'])).toEqual(['body', 'draft_spec', 'definition']);
    expect(pick(400, ['file'])).toEqual(['query', 'path', 'file']);
  });

  it('every field a refusal names, in one go, each name to one field', () => {
    expect(pick(422, ['definition', 'file'])).toEqual([
      ['body', 'draft_spec', 'definition'],
      ['query', 'path', 'file'],
    ]);
    expect(pick(422, ['spec', 'definition'])).toEqual(['body', 'draft_spec', 'spec']);
  });

  it('by shared words', () => {
    expect(pick(422, ['workflow_definition'])).toEqual(['body', 'draft_spec', 'workflow_definition']);
    expect(pick(400, ['filePath'])).toEqual(['query', 'path', 'filePath']);
    expect(tokensOf('draftSpec-v2')).toEqual(['draft', 'spec', 'v2']);
  });

  it('one unknown name goes to the only open field of the place the status points at', () => {
    expect(pick(422, ['graph'])).toEqual(['body', 'draft_spec', 'graph']);
    expect(pick(400, ['q'])).toEqual(['query', 'path', 'q']);
    expect(pick(422, ['graph', 'other'])).toBeUndefined();
  });

  it('does not guess with a name found inside what was sent (a per-node error map names the draft’s nodes)', () => {
    const f = { body: { draft_spec: { nodes: [{ id: 'node_a' }], spec_writer: {} } }, query: {} };
    expect(pick(422, ['node_a'], f)).toBeUndefined();
    expect(pick(422, ['spec_writer'], f)).toBeUndefined();
    expect(pick(422, ['definition'], f)).toEqual(['body', 'draft_spec', 'definition']);
  });

  it('never a firm field, never a name already sent, never without a name', () => {
    expect(pick(422, ['title'])).toBeUndefined();
    expect(pick(422, ['name', 'path'])).toBeUndefined();
    expect(pick(422, [])).toBeUndefined();
  });

  it('renamed moves the value to the new key, keeping the others', () => {
    const f = call();
    const [slot] = slotsOf(WORDS, f);
    expect(renamed(f, slot!, 'spec').body).toEqual({ spec: { n: 1 }, name: 'w' });
    expect(slot!.name).toBe('spec');
  });

  it('a name the zone placed goes to a field of that place only; path and header names fit no field', () => {
    expect(pick(422, [{ name: 'file', place: 'query' }])).toEqual(['query', 'path', 'file']);
    expect(pick(422, [{ name: 'graph', place: 'query' }])).toEqual(['query', 'path', 'graph']);
    // `file` is the query field's alternative, but the zone says it is a body field.
    expect(pick(400, [{ name: 'file', place: 'body' }])).toEqual(['body', 'draft_spec', 'file']);
    expect(pick(400, [{ name: 'q', place: 'header' }])).toBeUndefined();
  });

  it('a field the zone refused by name goes under the one name it asks for; a refused name is never tried', () => {
    const f = { body: { draft_spec: 1, notes: 2 }, query: {} };
    const words: CallWords = { body: { draft_spec: { role: 'workflow.draft' }, notes: { role: 'workflow.notes' } } };
    const r = renamesFor(422, [{ name: 'graph' }, { name: 'notes', rejected: true }], slotsOf(words, f), f);
    expect(r.map((x) => [x.slot.name, x.to])).toEqual([['notes', 'graph']]);
    expect(pick(422, [{ name: 'definition', rejected: true }])).toBeUndefined();
    expect(pick(422, ['definition', { name: 'definition', rejected: true }])).toBeUndefined();
  });
});

describe('a hostile refusal (#35)', () => {
  it('naming __proto__, constructor or prototype teaches nothing, and the body sent is unchanged', () => {
    for (const bad of ['__proto__', 'constructor', 'prototype', 'a.__proto__', 'constructor.x', '../x', 'a b']) {
      const f = call();
      const slots = slotsOf(WORDS, f);
      expect(renamesFor(422, [bad], slots, f)).toEqual([]);
      expect(renamesFor(400, [{ name: bad, place: 'query' }], slots, f)).toEqual([]);
      // Even asked directly, renamed never assigns the key.
      const [slot] = slots;
      const out = renamed(f, slot!, bad);
      expect(out).toBe(f);
      expect(JSON.stringify(out.body)).toBe(JSON.stringify({ draft_spec: { n: 1 }, name: 'w' }));
      expect(slot!.name).toBe('draft_spec');
    }
  });

  it('a learned word that is not a safe name is not applied', () => {
    const f = call();
    const out = withLearned(f, slotsOf(WORDS, f), [learnt('workflow.draft', 'body', '__proto__')]);
    expect(JSON.stringify(out.body)).toBe(JSON.stringify({ draft_spec: { n: 1 }, name: 'w' }));
  });

  it('a caller body with an own __proto__ key keeps it as data when another field is renamed', () => {
    const body = JSON.parse('{"draft_spec": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const f = { body, query: {} };
    const [slot] = slotsOf(WORDS, f);
    const out = renamed(f, slot!, 'definition');
    expect(Object.keys(out.body as object)).toEqual(['definition', '__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('a field the spec names, sent firm beside an open one', () => {
  it('is left, and the one open field takes the name a refusal asks for (random:2: a chat’s prompt)', () => {
    const words: CallWords = {
      body: { mode: { role: 'chat.mode', firm: true }, prompt: { role: 'chat.prompt', alts: ['message'] } },
    };
    const f: Fields = { body: { mode: 'agent', prompt: 'Banner' }, query: {} };
    const out = renamesFor(422, ['nvn8lp'], slotsOf(words, f), f);
    expect(out.map((r) => [r.slot.name, r.to])).toEqual([['prompt', 'nvn8lp']]);
  });
});
