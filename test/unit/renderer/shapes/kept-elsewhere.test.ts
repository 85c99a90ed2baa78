/**
 * The field that should have held a typed value the zone dropped, over record shapes no list
 * names: one candidate, one the role names, one the save changed or that holds the zone's default;
 * never an id, a time, a state, a field that was sent or holds another typed value; and "several"
 * or "none" said where nothing tells. Then the one retry's body.
 */
import { describe, expect, it } from 'vitest';
import { fieldThatShouldHold, retryPlan, retryStuck } from '../../../../src-renderer/shapes/kept-elsewhere';

const name = { role: 'evalCase.name', sentAs: 'name', value: 'greets politely' };
const sentCase = ['name', 'kind', 'input', 'expected'];
const typedCase = ['greets politely', 'contains', 'hi', 'hello'];
const ctx = { sent: sentCase, typed: typedCase };

describe('the field that should have held a dropped value', () => {
  it.each([
    [
      'the only free string',
      { id: 'c1', heading: 'contains case', kind: 'contains', input: 'hi', expected: 'hello' },
      'heading',
    ],
    [
      'past ids, times and states, by name and by value',
      {
        uuid: 'c1',
        case_ref: 'r-9',
        created_at: '2026-01-01T00:00:00Z',
        when: '2026-01-01T00:00:00Z',
        owner: '0f8fad5b-d9cb-469f-a165-70867728950e',
        status: 'active',
        zq: 'contains case',
      },
      'zq',
    ],
    ['an empty field', { id: 'c1', caption: null, size: 3 }, 'caption'],
    ['the one the role names, of several', { id: 'c1', case_name: 'contains case', note: '' }, 'case_name'],
    ['in camel case too', { id: 'c1', caseName: 'contains case', comment: 'x' }, 'caseName'],
  ])('%s', (_what, readBack, want) => {
    expect(fieldThatShouldHold(readBack, name, ctx)).toEqual({ name: want });
  });

  it('not a field holding another typed value (the zone kept the input under its own name)', () => {
    expect(fieldThatShouldHold({ id: 'c', prompt: 'hi', label: 'contains case' }, name, ctx)).toEqual({
      name: 'label',
    });
  });

  it('of several, the one the save changed, else the one holding the zone’s default', () => {
    const after = { id: 'c', a: 'contains case', b: 'misc' };
    expect(fieldThatShouldHold(after, name, { ...ctx, before: { id: 'c', a: 'old', b: 'misc' } })).toEqual({
      name: 'a',
    });
    const others = [{ id: 'd', a: 'contains case', b: 'other' }];
    expect(fieldThatShouldHold(after, name, { ...ctx, others })).toEqual({ name: 'a' });
  });

  it('says so where nothing fits or nothing tells', () => {
    expect(fieldThatShouldHold({ id: 'c', kind: 'contains', size: 3 }, name, ctx)).toEqual({
      name: undefined,
      why: 'none',
      candidates: [],
    });
    expect(fieldThatShouldHold({ id: 'c', a: 'x', b: 'y' }, name, ctx)).toEqual({
      name: undefined,
      why: 'several',
      candidates: ['a', 'b'],
    });
  });

  it('never a name that is not an identifier or reaches a prototype', () => {
    const hostile = JSON.parse('{"id":"c","__proto__":"contains case","constructor":"x","a b":"y"}') as Record<
      string,
      unknown
    >;
    expect(fieldThatShouldHold(hostile, name, ctx).name).toBeUndefined();
  });

  it('a value of another type is not held by a string field', () => {
    const input = { role: 'evalCase.input', sentAs: 'input', value: { q: 1 } };
    expect(fieldThatShouldHold({ id: 'c', text: 'x', args: {} }, input, ctx)).toEqual({ name: 'args' });
  });
});

describe('the one retry', () => {
  const body = {
    values: { id: 'c1', name: 'greets politely', kind: 'contains', input: 'hi', expected: 'hello' },
    words: {
      id: { role: 'evalCase.id' },
      name: { role: 'evalCase.name', alts: ['title'] },
      kind: { role: 'evalCase.kind' },
      input: { role: 'evalCase.input' },
      expected: { role: 'evalCase.expected' },
    },
  };

  it('moves the missed value to the field found, sent firm; the rest as it was', () => {
    const readBack = { id: 'c1', heading: 'contains case', kind: 'contains', input: 'hi', expected: 'hello' };
    const plan = retryPlan(body, readBack, [name], ctx);
    expect(plan.body.values).toEqual({
      id: 'c1',
      heading: 'greets politely',
      kind: 'contains',
      input: 'hi',
      expected: 'hello',
    });
    expect(plan.body.words.heading).toEqual({ role: 'evalCase.name', firm: true });
    expect(plan.renames).toEqual([{ role: 'evalCase.name', from: 'name', to: 'heading', value: 'greets politely' }]);
    expect(retryStuck({ ...readBack, heading: 'greets politely' }, plan)).toBe(true);
    expect(retryStuck(readBack, plan)).toBe(false);
  });

  it('renames nothing where nothing tells, and two missed values never share a field', () => {
    expect(retryPlan(body, { id: 'c1', a: 'x', b: 'y' }, [name], ctx).renames).toEqual([]);
    const expected = { role: 'evalCase.expected', sentAs: 'expected', value: 'hello' };
    const plan = retryPlan(body, { id: 'c1', heading: 'contains case' }, [name, expected], ctx);
    expect(plan.renames.map((r) => r.to)).toEqual(['heading']);
    expect(plan.unnamed.map((u) => u.missed.sentAs)).toEqual(['expected']);
  });
});
