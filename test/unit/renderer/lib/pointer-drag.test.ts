import { describe, expect, it } from 'vitest';
import { followPointer } from '../../../../src-renderer/lib/pointer-drag';

/** A pointer event as the listener reads it: only clientX matters here. */
const at = (type: string, clientX: number) => Object.assign(new Event(type), { clientX });

describe('followPointer', () => {
  it('passes each move to the drag until the pointer is let go, then listens no more', () => {
    const target = new EventTarget();
    const seen: number[] = [];
    followPointer(target, (m) => seen.push(m.clientX));
    target.dispatchEvent(at('pointermove', 10));
    target.dispatchEvent(at('pointermove', 25));
    target.dispatchEvent(at('pointerup', 25));
    target.dispatchEvent(at('pointermove', 40));
    expect(seen).toEqual([10, 25]);
  });

  it('keeps two drags apart: letting one go leaves the other following', () => {
    const target = new EventTarget();
    const first: number[] = [];
    const second: number[] = [];
    followPointer(target, (m) => first.push(m.clientX));
    target.dispatchEvent(at('pointerup', 0));
    followPointer(target, (m) => second.push(m.clientX));
    target.dispatchEvent(at('pointermove', 5));
    expect(first).toEqual([]);
    expect(second).toEqual([5]);
  });
});
