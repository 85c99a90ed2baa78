/**
 * zones.learnWord: the window tells the agent a name a save taught (a value the zone dropped, kept
 * when written again under its own field). It is checked like a refusal's name — an identifier,
 * never `__proto__`/`constructor`/`prototype`, for an operation of the route table, a zone that
 * exists — kept in the zone's details as learned from a save, and sent from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness } from './harness';

let h: Awaited<ReturnType<typeof harness>>;
let zone: string;
let workflow: string;
beforeAll(async () => {
  h = await harness({ zones: ['eu-1'] });
  zone = (await h.addAndSignIn('eu-1')).id;
  const list = (await h.invoke('api.call', { zone, operationId: 'workflows.list' })).data as {
    items: { id: string }[];
  };
  workflow = list.items[0]!.id;
});
afterAll(() => h?.close());

const taught = { role: 'evalCase.name', place: 'body' as const, name: 'heading', instead: 'name' };

/** A new case whose name's field the zone decides: sent under what the agent learned, if anything. */
const putCase = () =>
  h.invoke('api.call', {
    zone,
    operationId: 'workflows.evals.put',
    params: { id: workflow },
    body: { name: 'greets', kind: 'contains', input: 'hi', expected: 'hello' },
    words: { body: { name: { role: 'evalCase.name' } } },
  });

describe('zones.learnWord', () => {
  it('keeps the name for the zone, marked as learned from a save, and sends it from then on', async () => {
    const view = await h.invoke('zones.learnWord', { id: zone, ...taught, operationId: 'workflows.evals.put' });
    expect(view.learnedWords).toEqual([
      expect.objectContaining({ ...taught, operationId: 'workflows.evals.put', from: 'compare' }),
    ]);
    const res = await putCase();
    expect(res.sent?.body?.['evalCase.name']).toBe('heading');
    // This zone, like most, drops a field it does not know: the case got its default name.
    expect(res.data).toMatchObject({ name: 'contains', kind: 'contains' });
  });

  it('keeps a name a person chose as chosen by a person, in place of the one learned before', async () => {
    const view = await h.invoke('zones.learnWord', {
      id: zone,
      ...taught,
      name: 'label',
      operationId: 'workflows.evals.put',
      from: 'person',
    });
    const words = view.learnedWords?.filter((w) => w.role === 'evalCase.name');
    expect(words).toEqual([expect.objectContaining({ name: 'label', from: 'person' })]);
    const res = await putCase();
    expect(res.sent?.body?.['evalCase.name']).toBe('label');
  });

  it('refuses a provenance other than a save or a person', async () => {
    const input = { id: zone, ...taught, operationId: 'workflows.evals.put', from: 'refusal' };
    await expect(h.invoke('zones.learnWord', input as never)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it.each([
    ['__proto__', { name: '__proto__' }],
    ['constructor', { name: 'constructor' }],
    ['prototype', { name: 'prototype' }],
    ['a name that is not an identifier', { name: 'a b' }],
    ['an operation not in the route table', { operationId: 'nope.nothing' }],
    ['a place that is neither body nor query', { place: 'header' }],
  ])('refuses %s', async (_what, bad) => {
    const input = { id: zone, ...taught, operationId: 'workflows.evals.put', ...bad };
    await expect(h.invoke('zones.learnWord', input as never)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('refuses a zone that does not exist', async () => {
    await expect(
      h.invoke('zones.learnWord', { id: 'no-such-zone', ...taught, operationId: 'workflows.evals.put' }),
    ).rejects.toMatchObject({ code: 'unknown_zone' });
  });
});
