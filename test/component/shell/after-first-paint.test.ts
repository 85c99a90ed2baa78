/** A screen's code waits for the shell's first frame once; after that nothing waits. */
import { describe, expect, it } from 'vitest';
import { afterFirstPaint } from '../../../src-renderer/shell/after-first-paint';

describe('afterFirstPaint', () => {
  it('resolves after a frame and a task, then at once for every later caller', async () => {
    const order: string[] = [];
    requestAnimationFrame(() => order.push('frame'));
    const first = afterFirstPaint().then(() => order.push('painted'));
    // Both waiters of the first paint share it.
    expect(afterFirstPaint()).toBe(afterFirstPaint());
    await first;
    expect(order).toEqual(['frame', 'painted']);

    const after: string[] = [];
    requestAnimationFrame(() => after.push('frame'));
    await afterFirstPaint();
    after.push('resolved');
    expect(after).toEqual(['resolved']);
  });
});
