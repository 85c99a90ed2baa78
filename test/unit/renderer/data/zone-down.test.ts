/** A zone that is down: nothing polls it, its data stays; back, everything watched is read at once. And the words for it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZoneHealth } from '../../../../src-main/contract/commands';
import { ResourceCache } from '../../../../src-renderer/data/resource-cache';
import { defineResource } from '../../../../src-renderer/data/resource-def';
import {
  downReason,
  healthLines,
  healthPhrase,
  staleBanner,
  zoneInWords,
  timeOfDay,
} from '../../../../src-renderer/lib/zone-health-words';

const gate = { hidden: () => false, onVisibilityChange: () => () => {} };

function health(over: Partial<ZoneHealth> = {}): ZoneHealth {
  return {
    zone: 'eu-1',
    state: 'reachable',
    latencyMs: 12,
    lastError: null,
    lastErrorAt: null,
    lastOkAt: null,
    downSince: null,
    nextProbeAt: null,
    ...over,
  };
}

describe('ResourceCache with a zone that is down', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops polling the zone that is down (not the others), keeps its data, and reads it at once when back', async () => {
    const down = new Set<string>();
    const cache = new ResourceCache({ gate });
    cache.setZoneDown((z) => down.has(z));
    const calls: string[] = [];
    const def = defineResource<number, string>({
      name: 'things.list',
      zone: (z) => z,
      poll: 1000,
      async fetch(zone) {
        calls.push(zone);
        return calls.length;
      },
    });
    cache.watch(def, 'eu-1');
    cache.watch(def, 'us-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['eu-1', 'us-1']);

    down.add('eu-1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((z) => z === 'eu-1')).toHaveLength(1);
    expect(calls.filter((z) => z === 'us-1').length).toBeGreaterThanOrEqual(10);
    expect(cache.state(def, 'eu-1')).toMatchObject({ data: 1, status: 'ready' });

    down.delete('eu-1');
    cache.zoneBack('eu-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((z) => z === 'eu-1')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.filter((z) => z === 'eu-1').length).toBeGreaterThanOrEqual(4);
  });
});

describe('zone health in words', () => {
  const at = new Date(2026, 10, 23, 12, 3).getTime();

  it('says reachable with the latency, or unreachable since when, with the last error', () => {
    expect(healthPhrase(null)).toBe('not checked yet');
    expect(healthPhrase(health())).toBe('reachable · 12 ms');
    const down = health({ state: 'unreachable', downSince: at, lastError: 'The zone timed out.', lastErrorAt: at });
    expect(healthPhrase(down)).toBe(`unreachable since ${timeOfDay(at)}`);
    expect(healthLines(down)).toEqual([
      `unreachable since ${timeOfDay(at)}`,
      'checking again by itself, at least every 30 s',
      `last error ${timeOfDay(at)}: The zone timed out.`,
    ]);
  });

  it('words the stale banner with the time the data was read, else when the zone last answered', () => {
    const down = health({ state: 'unreachable', lastOkAt: at });
    expect(timeOfDay(at)).toMatch(/12:03/);
    expect(staleBanner('eu-1', down, null)).toMatch(
      new RegExp(`^As of ${timeOfDay(at)} — eu-1 is unreachable; showing the last data read\\.$`),
    );
    const read = at - 60_000;
    expect(staleBanner('eu-1', down, read)).toContain(`As of ${timeOfDay(read)}`);
    expect(staleBanner('eu-1', health({ state: 'unreachable' }), null)).toMatch(/^eu-1 is unreachable/);
    expect(downReason('eu-1')).toBe('eu-1 is unreachable: changes are held back until it answers again.');
  });
});

describe('a zone’s name in a sentence', () => {
  it('says “zone a” where the name is short or could be a word, and leaves eu-1 as it is', () => {
    expect(zoneInWords('eu-1')).toBe('eu-1');
    expect(zoneInWords('us_west.2')).toBe('us_west.2');
    expect(zoneInWords('a')).toBe('zone a');
    expect(zoneInWords('staging')).toBe('zone staging');
    expect(downReason('a')).toMatch(/^Zone a is unreachable/);
    expect(downReason('eu-1')).toMatch(/^eu-1 is unreachable/);
  });
});
