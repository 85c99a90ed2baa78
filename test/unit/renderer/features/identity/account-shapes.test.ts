/**
 * The account routes' payloads the spec leaves "not shown", read through the identity shapes in
 * any zone's words (the sandbox's snake_case, camelCase, nested), and the change-password body
 * under the standard names with the roles a refusal may rename.
 */
import { describe, expect, it } from 'vitest';
import {
  changePasswordBody,
  emailVerifiedIn,
  recoveryCodesIn,
} from '../../../../../src-renderer/features/identity/shapes/account';

describe('account payloads in any zone’s words', () => {
  it.each([
    ['standard', { mail_sent: false, email_verified: true }],
    ['camelCase', { mailSent: false, emailVerified: true }],
    ['nested', { data: 1, attributes: { emailVerified: true } }],
    ['a bare `verified`', { verified: true }],
  ])('reads a %s “already verified”', (_style, reply) => {
    expect(emailVerifiedIn(reply)).toBe(true);
  });

  it('takes only a boolean true as verified', () => {
    for (const reply of [{ mail_sent: true, email_verified: false }, { emailVerified: 'yes' }, {}, null, 'ok'])
      expect(emailVerifiedIn(reply)).toBe(false);
  });

  it('reads the recovery codes where confirm puts them, in any case, text only', () => {
    expect(recoveryCodesIn({ recovery_codes: ['rc-a', 7, 'rc-b'] })).toEqual(['rc-a', 'rc-b']);
    expect(recoveryCodesIn({ recoveryCodes: ['rc-c'] })).toEqual(['rc-c']);
    expect(recoveryCodesIn({ codes: ['x'] })).toEqual([]);
    expect(recoveryCodesIn(undefined)).toEqual([]);
  });

  it('writes the change-password body under the standard names, each with its role', () => {
    const w = changePasswordBody('old-pw', 'new-pw-1');
    expect(w.values).toEqual({ current_password: 'old-pw', new_password: 'new-pw-1' });
    expect(w.words.current_password).toMatchObject({ role: 'password.current', alts: ['old_password'] });
    expect(w.words.new_password).toMatchObject({ role: 'password.new' });
  });
});
