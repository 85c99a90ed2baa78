/**
 * Checks one second-factor code against a challenge: recovery codes (single use), emailed codes,
 * authenticator codes (RFC 6238, ±1 step, a step never twice). Five failures lock the account's
 * second factor for a while; authenticator codes need the deployment key.
 */
import { HttpError } from '../core/types';
import { sha256, totpMatch, unseal, safeEqual } from './crypto';
import type { IdentityService } from './service';
import { type ChallengeRec, UNAVAILABLE, type UserRec } from './state';

export const MAX_ATTEMPTS = 5;
export const LOCK_SECONDS = 300;
const RECOVERY = /^rc-[a-z0-9]{5}-[a-z0-9]{5}$/;

export const noKey = () =>
  new HttpError(
    503,
    'secret_encryption_not_configured',
    'Authenticator codes are unavailable: the deployment has no encryption key. Use a recovery code.',
  );

/** Accepts an authenticator code for `sealed` and records its step; false when wrong or replayed. */
export function acceptTotp(svc: IdentityService, user: UserRec, sealed: string | undefined, code: string): boolean {
  if (!svc.sealKey || !sealed || sealed === UNAVAILABLE) throw noKey();
  const step = totpMatch(unseal(svc.sealKey, sealed), code, svc.now());
  if (step === undefined || step <= user.totpLastStep) return false;
  user.totpLastStep = step;
  return true;
}

function codeOk(svc: IdentityService, user: UserRec, ch: ChallengeRec, code: string): boolean {
  if (RECOVERY.test(code)) {
    const i = user.recoveryHashes.indexOf(sha256(code));
    if (i < 0) return false;
    user.recoveryHashes.splice(i, 1); // single use
    return true;
  }
  if (ch.method === 'email') return !!ch.codeHash && safeEqual(sha256(code), ch.codeHash);
  return acceptTotp(svc, user, user.totpSealed, code);
}

/** Throws the spec's 401 / 429 / 503 on failure; returns on success. */
export function checkSecondFactor(svc: IdentityService, user: UserRec, ch: ChallengeRec, code: string): void {
  const now = svc.now();
  if (user.mfaLockedUntil > now) {
    const retry = Math.ceil((user.mfaLockedUntil - now) / 1000);
    throw new HttpError(429, 'retry_later', `Too many wrong codes; try again in ${retry} s.`, {
      retry_after_seconds: retry,
    });
  }
  const ok = codeOk(svc, user, ch, code);
  svc.changed();
  if (ok) {
    user.mfaFailures = 0;
    return;
  }
  user.mfaFailures++;
  const attemptsLeft = Math.max(0, MAX_ATTEMPTS - user.mfaFailures);
  if (attemptsLeft === 0) {
    user.mfaFailures = 0;
    user.mfaLockedUntil = now + LOCK_SECONDS * 1000;
  }
  throw new HttpError(401, 'invalid_code', 'The code is not correct.', { attempts_left: attemptsLeft });
}
