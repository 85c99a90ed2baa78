import { describe, expect, it } from 'vitest';
import {
  listPollMs,
  pollTogether,
  refreshWords,
  setListRefreshSeconds,
} from '../../../../src-renderer/lib/list-poll-every';

describe('list poll interval by size', () => {
  it('reads every 3 s up to 6,000 rows, then 0.5 ms a row, at most every 30 s', () => {
    expect(listPollMs(0)).toBe(3_000);
    expect(listPollMs(3)).toBe(3_000);
    expect(listPollMs(6_000)).toBe(3_000);
    expect(listPollMs(6_002)).toBe(3_001);
    expect(listPollMs(10_000)).toBe(5_000);
    expect(listPollMs(20_000)).toBe(10_000);
    expect(listPollMs(60_000)).toBe(30_000);
    expect(listPollMs(100_000)).toBe(30_000);
  });

  it('grows steadily with the list: no jump at the bend', () => {
    for (let n = 0; n < 70_000; n += 250) expect(listPollMs(n + 250)).toBeGreaterThanOrEqual(listPollMs(n));
    expect(listPollMs(6_001) - listPollMs(6_000)).toBeLessThan(1);
  });

  it('says the interval in whole seconds', () => {
    expect(refreshWords(3_000)).toBe('Refreshes every 3 s');
    expect(refreshWords(10_000)).toBe('Refreshes every 10 s');
    expect(refreshWords(3_888)).toBe('Refreshes every 4 s');
    expect(refreshWords(30_000)).toBe('Refreshes every 30 s');
    expect(refreshWords(200)).toBe('Refreshes every 1 s');
  });
});

describe('the base interval from Settings', () => {
  it('moves the base; a long list still slows down past it, and the ceiling never falls below the base', () => {
    try {
      setListRefreshSeconds(10);
      expect(listPollMs(0)).toBe(10_000);
      expect(listPollMs(40_000)).toBe(20_000);
      setListRefreshSeconds(60);
      expect(listPollMs(100_000)).toBe(60_000);
      setListRefreshSeconds(Number.NaN);
      expect(listPollMs(0)).toBe(3_000);
    } finally {
      setListRefreshSeconds(3);
    }
  });
});

describe('lists shown together (All zones)', () => {
  it('polls every list as slowly as the merged screen showing the most rows asks, until it goes', () => {
    const a = pollTogether();
    const b = pollTogether();
    try {
      a.set(100_000); // twenty zones of 5,000
      b.set(12_000);
      expect(listPollMs(5_000)).toBe(30_000);
      a.done();
      expect(listPollMs(5_000)).toBe(6_000);
      expect(listPollMs(20_000)).toBe(10_000);
    } finally {
      a.done();
      b.done();
    }
    expect(listPollMs(5_000)).toBe(3_000);
  });
});
