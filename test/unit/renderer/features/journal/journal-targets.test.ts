/** The journal screen's pure side: where an entry opens, the agent's query for the filters, the words. */
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../../src-main/contract/journal';
import {
  entryTarget,
  journalQuery,
  operationWords,
  outcomeWords,
} from '../../../../../src-renderer/features/journal/journal-targets';

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  at: '2026-11-27T08:00:00.000Z',
  zone: 'eu-1',
  zoneName: 'eu-1',
  op: 'workflows.update',
  method: 'PUT',
  kind: 'workflows',
  outcome: 'ok',
  status: 200,
  via: 'app',
  ...over,
});

describe('journal entries', () => {
  it('open their target in the screen of their kind', () => {
    expect(entryTarget(entry({ targetId: 'w1' }))).toEqual({ area: 'workflows', section: 'workflows', id: 'w1' });
    expect(entryTarget(entry({ kind: 'skills', op: 'skills.files.put', targetId: 's1' }))).toMatchObject({
      section: 'skills',
    });
    expect(entryTarget(entry({ kind: 'kubernetes', targetId: 'k' }))).toMatchObject({ area: 'kubernetes' });
  });

  it('open nothing without an id or a screen', () => {
    expect(entryTarget(entry({}))).toBeUndefined();
    expect(entryTarget(entry({ kind: 'workflowRuns', targetId: 'r1' }))).toBeUndefined();
  });

  it('say the change and the outcome in words', () => {
    expect(operationWords(entry({ op: 'skills.files.put' }))).toBe('files put');
    expect(outcomeWords(entry({}))).toBe('Done');
    expect(outcomeWords(entry({ outcome: 'failed', status: 422, code: 'invalid_spec' }))).toBe(
      'Failed · 422 invalid_spec',
    );
    expect(outcomeWords(entry({ outcome: 'failed', status: 0 }))).toBe('Failed · not reached');
  });
});

describe('the query for the filters', () => {
  const now = Date.parse('2026-11-27T09:00:00Z');
  it('leaves out what is not filtered', () => {
    expect(journalQuery({ zone: null, kind: null, outcome: null, time: 'any' }, now)).toEqual({ limit: 500 });
  });
  it('names zone, kind, outcome and a since time', () => {
    expect(journalQuery({ zone: 'us-1', kind: 'skills', outcome: 'failed', time: 'hour' }, now)).toEqual({
      zone: 'us-1',
      kind: 'skills',
      outcome: 'failed',
      since: '2026-11-27T08:00:00.000Z',
      limit: 500,
    });
  });
});
