/** UUIDs with node:crypto: v4 for ids, v7 (RFC 9562 §5.7) for time-ordered cursors. */
import { randomBytes, randomUUID } from 'node:crypto';

export const uuidv4 = (): string => randomUUID();

/**
 * v7 layout: 48-bit unix ms | ver(4)=7 | 12-bit rand_a | var(2)=10 | 62-bit rand_b.
 * rand_a carries a per-millisecond counter (RFC 9562 method 1) so ids minted in the same
 * millisecond still sort in creation order.
 */
export function createUuidv7(now: () => number): () => string {
  let lastMs = -1;
  let counter = 0;
  return () => {
    let ms = Math.floor(now());
    if (ms <= lastMs) {
      counter++;
      if (counter > 0xfff) {
        lastMs++; // counter exhausted: borrow the next millisecond, still monotonic
        counter = 0;
      }
      ms = lastMs;
    } else {
      lastMs = ms;
      counter = randomBytes(1)[0]! & 0x7f; // random start, leaves headroom for increments
    }
    const b = randomBytes(16);
    b.writeUIntBE(ms, 0, 6);
    b[6] = 0x70 | ((counter >> 8) & 0x0f);
    b[7] = counter & 0xff;
    b[8] = 0x80 | (b[8]! & 0x3f);
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
}
