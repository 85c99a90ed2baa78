/** A screen's watch of a resource: follows its arguments, pauses while inactive, ends with its scope. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { defineResource } from '../../../../src-renderer/data/resource-def';
import { useResource } from '../../../../src-renderer/data/use-resource';

describe('useResource', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('watches the keyed resource, re-keys when the arguments change, and stops polling when its scope ends', async () => {
    const calls: string[] = [];
    const def = defineResource<string, { zone: string; id: string }>({
      name: 'things.get',
      zone: (a) => a.zone,
      parts: (a) => [a.id],
      poll: 1000,
      fetch: async (a) => (calls.push(a.id), `thing ${a.id}`),
    });
    const id = ref<string | null>('a');
    const scope = effectScope();
    const view = scope.run(() => useResource(def, () => (id.value ? { zone: 'eu-1', id: id.value } : null)))!;
    await vi.advanceTimersByTimeAsync(0);
    expect(view.state).toMatchObject({ data: 'thing a', status: 'ready' });
    id.value = 'b';
    await nextTick();
    await vi.advanceTimersByTimeAsync(0);
    expect(view.state.data).toBe('thing b');
    id.value = null;
    await nextTick();
    expect(view.state.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual(['a', 'b']);
    id.value = 'c';
    await nextTick();
    await vi.advanceTimersByTimeAsync(0);
    scope.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual(['a', 'b', 'c']);
  });

  it('does not poll while inactive (a hidden pane) but keeps what it showed', async () => {
    let n = 0;
    const def = defineResource<number, string>({ name: 'counter', zone: (z) => z, poll: 1000, fetch: async () => ++n });
    const shown = ref(true);
    const scope = effectScope();
    const view = scope.run(() => useResource(def, () => 'eu-1', { active: () => shown.value }))!;
    await vi.advanceTimersByTimeAsync(1500);
    expect(n).toBe(2);
    shown.value = false;
    await nextTick();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(n).toBe(2);
    expect(view.state.data).toBe(2);
    shown.value = true;
    await nextTick();
    await vi.advanceTimersByTimeAsync(0);
    expect(n).toBe(3);
    scope.stop();
  });
});
