/** Authenticator enrolment: setup (sealed pending seed), confirm (recovery codes once), replace codes, turn off. */
import { HttpError, type Handler } from '../core/types';
import { checkPassword, newTotpSecret, recoveryCode, seal, sha256 } from './crypto';
import { bodyObject, json, empty, requirePassword, requireUser, str } from './guard';
import { acceptTotp, noKey } from './second-factor';
import type { IdentityService } from './service';
import type { UserRec } from './state';

const ISSUER = 'Zonedeck Sandbox';

export function totpHandlers(svc: IdentityService): Record<string, Handler> {
  const freshRecoveryCodes = (user: UserRec): string[] => {
    const codes = Array.from({ length: 10 }, recoveryCode);
    user.recoveryHashes = codes.map(sha256);
    svc.changed();
    return codes;
  };

  return {
    'auth.totp.setup': (req) => {
      const user = requireUser(svc, req);
      if (!svc.sealKey) throw noKey(); // fail closed: never keep a seed in the clear
      if (user.totpSealed)
        throw new HttpError(409, 'totp_already_enabled', 'An authenticator is already enrolled; turn it off first.');
      const secret = newTotpSecret();
      user.pendingTotpSealed = seal(svc.sealKey, secret);
      svc.changed();
      const label = encodeURIComponent(`${ISSUER}:${user.email}`);
      const issuer = encodeURIComponent(ISSUER);
      return json(200, {
        secret,
        otpauth_url: `otpauth://totp/${label}?secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=6&period=30`,
      });
    },

    'auth.totp.confirm': (req) => {
      const user = requireUser(svc, req);
      const code = str(bodyObject(req), 'code').trim();
      if (!user.pendingTotpSealed)
        throw new HttpError(409, 'no_pending_enrolment', 'Start with POST /api/v1/auth/totp/setup.');
      if (!acceptTotp(svc, user, user.pendingTotpSealed, code)) {
        throw new HttpError(
          400,
          'invalid_code',
          'The code does not match the new authenticator; check the device clock.',
        );
      }
      user.totpSealed = user.pendingTotpSealed;
      user.pendingTotpSealed = undefined;
      return json(200, { recovery_codes: freshRecoveryCodes(user) });
    },

    'auth.totp.recoveryCodes': (req) => {
      const user = requireUser(svc, req);
      requirePassword(user, bodyObject(req), checkPassword);
      if (!user.totpSealed)
        throw new HttpError(409, 'totp_not_enabled', 'Recovery codes exist only with an authenticator enrolled.');
      return json(200, { recovery_codes: freshRecoveryCodes(user) });
    },

    'auth.totp.disable': (req) => {
      const user = requireUser(svc, req);
      requirePassword(user, bodyObject(req), checkPassword);
      user.totpSealed = undefined;
      user.pendingTotpSealed = undefined;
      user.recoveryHashes = [];
      svc.changed();
      return empty();
    },
  };
}
