/** A zone's list and records: a deleted record's row leaves the list at once, then the zone's list is read again. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, isReactive, markRaw } from 'vue';
import {
  defineRecordCollection,
  defineZoneResource,
  zoneRecordRemoved,
} from '../../../../src-renderer/composables/zone-records';
import { resources, useResource } from '../../../../src-renderer/data';

interface Row {
  id: string | undefined;
  name: string;
}

/** A list whose reads answer in turn from `answers`; a read after the last one waits for `release`. */
function zoneList(answers: Row[][]) {
  let reads = 0;
  let release: (rows: Row[]) => void = () => undefined;
  const fetch = (): Promise<Row[]> => {
    const next = answers[reads++];
    return next ? Promise.resolve(next) : new Promise((r) => (release = r));
  };
  return { fetch, reads: () => reads, release: (rows: Row[]) => release(rows) };
}

const rows = (...names: string[]): Row[] => names.map((n) => ({ id: `id-${n}`, name: n }));

describe('zone records', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes a deleted record out of the list before the list is read again, then shows what the zone says', async () => {
    const zone = zoneList([rows('a', 'b', 'c')]);
    const c = defineRecordCollection<Row, Row>({
      list: { name: 'zr-test.list', fetch: zone.fetch },
      record: { name: 'zr-test.get', fetch: async () => rows('x')[0]! },
    });
    const scope = effectScope();
    const list = scope.run(() => c.useList(() => 'eu-1'))!;
    await vi.advanceTimersByTimeAsync(0);
    expect(list.state.data?.map((r) => r.name)).toEqual(['a', 'b', 'c']);

    c.removed({ zone: 'eu-1', id: 'id-b' });
    expect(list.state.data?.map((r) => r.name)).toEqual(['a', 'c']);
    expect(zone.reads()).toBe(1);
    // The delete's caller reads the list again, as after any change.
    c.listChanged('eu-1');
    expect(zone.reads()).toBe(2);
    // The zone's own list wins once read (here another client added d meanwhile).
    zone.release(rows('a', 'c', 'd'));
    await vi.advanceTimersByTimeAsync(0);
    expect(list.state.data?.map((r) => r.name)).toEqual(['a', 'c', 'd']);
    scope.stop();
  });

  it('keeps a raw list raw, and does nothing to a list never read', async () => {
    const zone = zoneList([markRaw(rows('a', 'b'))]);
    const def = defineZoneResource<Row[]>({ name: 'zr-raw.list', fetch: zone.fetch });
    zoneRecordRemoved(def, { zone: 'eu-2', id: 'id-a' });
    expect(zone.reads()).toBe(0);
    expect(resources.state(def, 'eu-2').data).toBeUndefined();

    const scope = effectScope();
    const list = scope.run(() => useResource(def, () => 'eu-2'))!;
    await vi.advanceTimersByTimeAsync(0);
    zoneRecordRemoved(def, { zone: 'eu-2', id: 'id-a' });
    expect(list.state.data?.map((r) => r.name)).toEqual(['b']);
    expect(isReactive(list.state.data)).toBe(false);
    scope.stop();
  });
});
