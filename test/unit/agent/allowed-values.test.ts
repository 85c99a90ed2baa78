/**
 * A refusal that lists the values a field takes ties its field name to the one sent field holding
 * one of them (random:13's eval case: "fleb9ebkf must be one of contains, equals, llm_judge").
 */
import { describe, expect, it } from 'vitest';
import type { CallWords } from '../../../src-main/contract/zone-words';
import { allowedValuesIn } from '../../../src-main/agent/words/allowed-values';
import { type Fields, renamesFor, slotsOf } from '../../../src-main/agent/words/word-slots';

const WORDS: CallWords = {
  body: {
    name: { role: 'evalCase.name', alts: ['title'] },
    kind: { role: 'evalCase.kind', alts: ['type'] },
    input: { role: 'evalCase.input' },
    expected: { role: 'evalCase.expected' },
  },
};
const caseCall = (kind = 'contains'): Fields => ({
  body: { name: 'says hi', kind, input: 'there', expected: 'Say hi' },
  query: {},
});
const MESSAGE = 'fleb9ebkf must be one of contains, equals, llm_judge';

describe('allowedValuesIn', () => {
  it.each([
    [MESSAGE, ['contains', 'equals', 'llm_judge']],
    ["kind: expected one of ['a', 'b']", ['a', 'b']],
    ['Allowed values: x | y | z.', ['x', 'y', 'z']],
    ['must be either on or off', ['on', 'off']],
    ['missing required field kind', []],
    [42, []],
  ])('%j lists %j', (message, values) => {
    expect(allowedValuesIn(message)).toEqual(values);
  });

  it('keeps identifiers only, at most 20', () => {
    expect(allowedValuesIn('must be one of a b, <script>, ok')).toEqual(['ok']);
    const many = Array.from({ length: 40 }, (_, i) => `v${i}`).join(', ');
    expect(allowedValuesIn(`must be one of ${many}`)).toHaveLength(20);
  });
});

describe('a refusal naming a field of its own and the values it takes', () => {
  it('renames the one sent field holding one of them', () => {
    const f = caseCall();
    const out = renamesFor(400, ['fleb9ebkf'], slotsOf(WORDS, f), f, allowedValuesIn(MESSAGE));
    expect(out.map((r) => [r.slot.name, r.to])).toEqual([['kind', 'fleb9ebkf']]);
  });

  it('renames none when no sent value, or two, are among them, or nothing is listed', () => {
    const f = caseCall('fuzzy');
    expect(renamesFor(400, ['fleb9ebkf'], slotsOf(WORDS, f), f, allowedValuesIn(MESSAGE))).toEqual([]);
    const two: Fields = { body: { ...(caseCall().body as object), input: 'equals' }, query: {} };
    expect(renamesFor(400, ['fleb9ebkf'], slotsOf(WORDS, two), two, allowedValuesIn(MESSAGE))).toEqual([]);
    const plain = caseCall();
    expect(renamesFor(400, ['fleb9ebkf'], slotsOf(WORDS, plain), plain)).toEqual([]);
  });

  it('never takes a prototype key as the name', () => {
    const f = caseCall();
    expect(renamesFor(400, ['__proto__'], slotsOf(WORDS, f), f, ['contains'])).toEqual([]);
  });
});
