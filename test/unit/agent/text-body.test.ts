/** Turning a JSON call into a raw text body: which field is the text, where the others go, and when not to. */
import { describe, expect, it } from 'vitest';
import type { CallWords, LearnedWord } from '../../../src-main/contract/zone-words';
import { slotsOf } from '../../../src-main/agent/words/word-slots';
import { asText, textSlot, wantsText } from '../../../src-main/agent/words/text-body';

const WORDS: CallWords = {
  body: { path: { role: 'skillFile.path', alts: ['file'] }, content: { role: 'skillFile.content' } },
};
const taught: LearnedWord = {
  role: 'skillFile.path',
  place: 'query',
  name: 'file',
  instead: 'path',
  operationId: 'skills.files.content',
  learnedAt: 't',
};

describe('text bodies', () => {
  it('the text field goes as the body, the others to the query under the names taught there', () => {
    const f = { body: { path: 'a.md', content: '# hi', mode: 'x' }, query: { dry: true } };
    const slots = slotsOf(WORDS, f);
    const slot = textSlot(f, slots)!;
    expect(slot.name).toBe('content');
    expect(asText(f, slots, slot, [taught])).toEqual({ body: '# hi', query: { dry: true, file: 'a.md', mode: 'x' } });
    expect(slots.map((s) => [s.place, s.name])).toEqual([['query', 'file']]);
  });

  it('finds the field by role when told, by its words otherwise, and only one', () => {
    const f = { body: { path: 'a.md', content: '# hi' }, query: {} };
    expect(textSlot(f, slotsOf(WORDS, f), 'skillFile.path')?.name).toBe('path');
    const two: CallWords = { body: { text: { role: 'a.text' }, content: { role: 'a.content' } } };
    const g = { body: { text: 'x', content: 'y' }, query: {} };
    expect(textSlot(g, slotsOf(two, g))).toBeUndefined();
    expect(textSlot({ body: 'raw', query: {} }, [])).toBeUndefined();
  });

  it('refuses when another field is not a plain value or its query name is taken', () => {
    const f = { body: { path: { deep: 1 }, content: 'x' }, query: {} };
    const slots = slotsOf(WORDS, f);
    expect(asText(f, slots, textSlot(f, slots)!)).toBeUndefined();
    const g = { body: { path: 'a', content: 'x' }, query: { path: 'b' } };
    const gs = slotsOf(WORDS, g);
    expect(asText(g, gs, textSlot(g, gs)!)).toBeUndefined();
  });

  it('a refusal wants text when it is a 415 or says text/plain', () => {
    expect(wantsText(415, '', 'x')).toBe(true);
    expect(wantsText(400, 'This zone takes the file as text/plain', 'bad')).toBe(true);
    expect(wantsText(422, 'missing field text', 'validation_failed')).toBe(false);
  });
});
