import { describe, expect, it } from 'vitest';
import { computed, ref } from 'vue';
import { readValues } from '../../../../src-renderer/lib/read-values';

describe('readValues', () => {
  it('reads each holder’s value when asked, not once when made', () => {
    const n = ref(1);
    const twice = computed(() => n.value * 2);
    const state = Object.assign(readValues({ n, twice }), { label: 'x' });
    n.value = 5;
    expect(state.n).toBe(5);
    expect(state.twice).toBe(10);
    expect(state.label).toBe('x');
    expect(Object.keys(state)).toEqual(['n', 'twice', 'label']);
  });

  it('hands the values out read-only', () => {
    const state = readValues({ n: ref(1) }) as { n: number };
    expect(() => {
      state.n = 2;
    }).toThrow(TypeError);
  });
});
