/** The second-factor step's pure parts: cleaning a pasted code, and verify failures in words. */
import type { AgentErrorData } from '@contract/errors';
import { clock } from '../../lib/time';

/**
 * Pasted codes arrive with spaces, dashes from grouping ("123 456", "123-456") or a trailing
 * newline. Digits-only codes lose separators; recovery codes (rc-xxxxx-xxxxx) keep their dashes.
 */
export function normaliseCode(raw: string): string {
  const trimmed = raw.trim().replace(/\s+/g, '');
  if (/^rc-/i.test(trimmed)) return trimmed.toLowerCase();
  if (/^[\d-]+$/.test(trimmed)) return trimmed.replace(/-/g, '');
  return trimmed;
}

export function describeVerifyError(err: AgentErrorData, retryRemaining: number): string {
  switch (err.code) {
    case 'invalid_code': {
      const left = Number(err.details?.attempts_left);
      if (!Number.isFinite(left)) return 'Wrong code — check it and try again.';
      return `Wrong code — ${left} ${left === 1 ? 'attempt' : 'attempts'} left`;
    }
    case 'retry_later':
      return retryRemaining > 0
        ? `Too many attempts. Try again in ${clock(retryRemaining)}.`
        : 'You can try again now.';
    case 'secret_encryption_not_configured':
      return 'Authenticator codes can’t be checked in this zone right now: its server has no encryption key configured. A recovery code still works here, and so does an emailed code on accounts that use email. Ask the zone’s administrator to configure secret encryption.';
    default:
      return err.message || 'The code was not accepted.';
  }
}
