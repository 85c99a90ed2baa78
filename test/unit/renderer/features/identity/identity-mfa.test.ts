/** The second-factor step's words for the zone's answers, 503 above all: what still works, whom to ask. */
import { describe, expect, it } from 'vitest';
import { describeVerifyError, normaliseCode } from '../../../../../src-renderer/features/identity/mfa';

describe('describeVerifyError', () => {
  it('explains 503 secret_encryption_not_configured: authenticator codes unavailable, recovery and email codes still work', () => {
    const text = describeVerifyError(
      { status: 503, code: 'secret_encryption_not_configured', message: 'Authenticator codes are unavailable' },
      0,
    );
    expect(text).toMatch(/^Authenticator codes can’t be checked in this zone right now/);
    expect(text).toContain('no encryption key configured');
    expect(text).toContain('A recovery code still works here');
    expect(text).toContain('emailed code');
    expect(text).toContain('administrator');
    expect(text).not.toMatch(/wrong code/i); // the person did nothing wrong
  });

  it('keeps the server’s words for anything it does not know, and a fallback when there are none', () => {
    expect(describeVerifyError({ status: 418, code: 'teapot', message: 'Short and stout' }, 0)).toBe('Short and stout');
    expect(describeVerifyError({ status: 500, code: 'internal', message: '' }, 0)).toBe('The code was not accepted.');
  });

  it('says "try again now" once the 429 wait is over, and counts attempts without a number gracefully', () => {
    expect(describeVerifyError({ status: 429, code: 'retry_later', message: 'x' }, 0)).toBe('You can try again now.');
    expect(describeVerifyError({ status: 401, code: 'invalid_code', message: 'x' }, 0)).toBe(
      'Wrong code — check it and try again.',
    );
  });
});

describe('normaliseCode', () => {
  it('cleans pasted codes and keeps recovery codes intact', () => {
    expect(normaliseCode(' 123 456\n')).toBe('123456');
    expect(normaliseCode('123-456')).toBe('123456');
    expect(normaliseCode(' RC-ABCDE-FGHIJ ')).toBe('rc-abcde-fghij');
  });
});
