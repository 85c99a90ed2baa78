/**
 * A remembered browser read from the security listing (its payload "not shown") into the agent's
 * own DeviceView: the sandbox's snake_case names and a camelCase zone's read alike.
 */
import { describe, expect, it } from 'vitest';
import { readDevice, readSecurity } from '../../../src-main/contract/identity-readers';

const WANT = {
  id: 'dev-1',
  label: 'Firefox on Linux',
  createdAt: '2025-01-01T00:00:00Z',
  lastUsedAt: '2025-01-02T00:00:00Z',
  expiresAt: '2025-01-31T00:00:00Z',
  current: true,
};

describe('a remembered browser', () => {
  it.each([
    [
      'snake_case',
      {
        id: 'dev-1',
        label: 'Firefox on Linux',
        created_at: '2025-01-01T00:00:00Z',
        last_used_at: '2025-01-02T00:00:00Z',
        expires_at: '2025-01-31T00:00:00Z',
        current: true,
      },
    ],
    [
      'camelCase',
      {
        id: 'dev-1',
        userAgent: 'Firefox on Linux',
        createdAt: '2025-01-01T00:00:00Z',
        lastSeenAt: '2025-01-02T00:00:00Z',
        expireTime: '2025-01-31T00:00:00Z',
        isCurrent: true,
      },
    ],
  ])('is read from a %s record', (_style, rec) => {
    expect(readDevice(rec, 0)).toEqual(WANT);
  });

  it('leaves out the times a record does not give, and is found in the security record', () => {
    expect(readDevice({}, 3)).toEqual({ id: '3', label: 'Browser', current: false });
    expect(readSecurity({ devices: [{ id: 'd', last_used_at: 'x' }] }).devices).toEqual([
      { id: 'd', label: 'Browser', lastUsedAt: 'x', current: false },
    ]);
  });
});
