import { describe, expect, it } from 'vitest';
import { GOALS, goalMet, goalText } from '../../bench/goals';

describe('benchmark goals', () => {
  it('reads a ceiling as met at or below it and missed above it', () => {
    expect(goalMet('web_host_ready_ms', 400)).toBe(true);
    expect(goalMet('web_host_ready_ms', 400.1)).toBe(false);
    expect(goalText('web_host_ready_ms')).toBe('≤ 400');
  });

  it('reads a floor as met at or above it', () => {
    expect(goalMet('console_ratio_pct', 95)).toBe(true);
    expect(goalMet('console_ratio_pct', 94.9)).toBe(false);
    expect(goalText('console_ratio_pct')).toBe('≥ 95');
  });

  it('says nothing for a figure without a goal or a figure that is not a number', () => {
    expect(goalMet('list_rows', 20000)).toBeUndefined();
    expect(goalMet('web_host_ready_ms', 'skipped: no Chromium')).toBeUndefined();
    expect(goalText('list_rows')).toBe('');
  });

  it('names only figures the benchmarks write', () => {
    // A goal whose key no bench writes would never be checked: keep the keys in the figures' form.
    for (const key of Object.keys(GOALS)) expect(key).toMatch(/^[a-z0-9_]+_(ms|kib|mib|pct|p50|mb|ratio)$/);
  });
});
