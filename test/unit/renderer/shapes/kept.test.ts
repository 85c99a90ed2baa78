/** What the zone kept after a save: the reply's word, else a read-back; only a shown difference counts. */
import { describe, expect, it } from 'vitest';
import { whatWasKept } from '../../../../src-renderer/features/workflows/shapes/kept';

const never = () => Promise.reject(new Error('not read back'));

describe('whatWasKept', () => {
  it('takes the reply when it carries the value, without reading back', async () => {
    await expect(whatWasKept('a', 'a', never)).resolves.toEqual({ said: 'same', by: 'reply' });
    await expect(whatWasKept('a', 'old', never)).resolves.toEqual({ said: 'differs', kept: 'old', by: 'reply' });
  });

  it('reads back when the reply is silent', async () => {
    await expect(whatWasKept('a', undefined, async () => 'a')).resolves.toEqual({ said: 'same', by: 'readBack' });
    await expect(whatWasKept('a', undefined, async () => 'old')).resolves.toEqual({
      said: 'differs',
      kept: 'old',
      by: 'readBack',
    });
  });

  it('is unknown when nothing shows the value (the read-back fails or finds nothing)', async () => {
    await expect(whatWasKept('a', undefined, never)).resolves.toEqual({ said: 'unknown' });
    await expect(whatWasKept('a', undefined, async () => undefined)).resolves.toEqual({ said: 'unknown' });
  });

  it('compares with the given sameness', async () => {
    const same = (x: string, y: string) => x.trim() === y.trim();
    await expect(whatWasKept('a', 'a\n', never, same)).resolves.toMatchObject({ said: 'same' });
  });
});
