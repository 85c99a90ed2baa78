/**
 * The account routes' payloads the spec leaves "not shown" (resend, recovery codes, change
 * password): whether a verification mail found the address verified already, the new recovery
 * codes, and the change-password body. Each field is read under its usual names, in any letter
 * case, at the top or inside a nested record a style keeps its fields in (shapes/words.ts).
 */
import { field, valueIn, worded, type Worded } from '../../../shapes/words';

const EMAIL_VERIFIED = field('account.emailVerified', 'email_verified', 'verified');
/** Only where totp/confirm puts them (the spec's name): a bare `codes` may be anything. */
const RECOVERY_CODES = field('account.recoveryCodes', 'recovery_codes');
const CURRENT_PASSWORD = field('password.current', 'current_password', 'old_password');
const NEW_PASSWORD = field('password.new', 'new_password');

/** True only when the reply says the address is verified (a boolean true, nothing looser). */
export function emailVerifiedIn(reply: unknown): boolean {
  return valueIn(reply, EMAIL_VERIFIED) === true;
}

/** The recovery codes the reply holds, text only; none when it holds no list. */
export function recoveryCodesIn(reply: unknown): string[] {
  const v = valueIn(reply, RECOVERY_CODES);
  return Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : [];
}

/** The change-password body under the default names, each with its role for a refusal to rename. */
export function changePasswordBody(current: string, next: string): Worded {
  return worded([
    [CURRENT_PASSWORD, current],
    [NEW_PASSWORD, next],
  ]);
}
