/**
 * Account upkeep (all POST): change-password, forgot-password (always 202, so nobody learns which
 * addresses exist), reset-password, send-verify-email, verify-email. Codes are mailed, stored hashed.
 */
import { HttpError, type Handler, type SandboxZone } from '../core/types';
import { checkPassword, hashPassword, safeEqual, sha256, sixDigits } from './crypto';
import { bodyObject, json, refuseMachineCredential, requireUser, str } from './guard';
import type { IdentityService } from './service';
import type { UserRec } from './state';

const RESET_TTL_SECONDS = 1800;
const VERIFY_TTL_SECONDS = 86_400;
const CODE_ATTEMPTS = 5;
const MIN_PASSWORD = 8;

export function accountHandlers(svc: IdentityService): Record<string, Handler> {
  const issueCode = (zone: SandboxZone, user: UserRec, purpose: 'reset' | 'verify') => {
    const code = sixDigits();
    const ttl = purpose === 'reset' ? RESET_TTL_SECONDS : VERIFY_TTL_SECONDS;
    svc.state.codes[`${purpose}:${user.id}`] = {
      userId: user.id,
      codeHash: sha256(code),
      expiresAt: svc.now() + ttl * 1000,
      attempts: 0,
    };
    svc.sendMail(zone, user, purpose === 'reset' ? 'password_reset' : 'verify_email', code);
  };

  /** Consumes a mailed code; wrong codes count, and too many burn it. */
  const useCode = (user: UserRec, purpose: 'reset' | 'verify', code: string) => {
    const key = `${purpose}:${user.id}`;
    const rec = svc.state.codes[key];
    const bad = () => new HttpError(400, 'invalid_code', 'The code is not correct or has expired; ask for a new one.');
    if (!rec || rec.expiresAt <= svc.now()) throw bad();
    if (!safeEqual(sha256(code.trim()), rec.codeHash)) {
      if (++rec.attempts >= CODE_ATTEMPTS) delete svc.state.codes[key];
      svc.changed();
      throw bad();
    }
    delete svc.state.codes[key];
  };

  const newPassword = (body: Record<string, unknown>) => str(body, 'new_password', { min: MIN_PASSWORD, max: 200 });

  return {
    'auth.changePassword': (req) => {
      const user = requireUser(svc, req);
      const body = bodyObject(req);
      if (!checkPassword(str(body, 'current_password'), user.passwordHash)) {
        throw new HttpError(403, 'invalid_password', 'The current password is not correct.');
      }
      user.passwordHash = hashPassword(newPassword(body));
      svc.endSessions(user.id, req.caller?.sessionId); // other sessions end; this one stays
      return json(200, { changed: true });
    },

    'auth.forgotPassword': (req) => {
      refuseMachineCredential(svc, req);
      const user = svc.userByEmail(str(bodyObject(req), 'email'));
      if (user) issueCode(req.zone, user, 'reset');
      return json(202, { accepted: true });
    },

    'auth.resetPassword': (req) => {
      refuseMachineCredential(svc, req);
      const body = bodyObject(req);
      const user = svc.userByEmail(str(body, 'email'));
      const pw = newPassword(body);
      if (!user) throw new HttpError(400, 'invalid_code', 'The code is not correct or has expired; ask for a new one.');
      useCode(user, 'reset', str(body, 'code'));
      user.passwordHash = hashPassword(pw);
      svc.endSessions(user.id); // a reset means the old password may be known: end everything
      return json(200, { reset: true });
    },

    'auth.sendVerifyEmail': (req) => {
      const user = requireUser(svc, req);
      if (user.emailVerified) return json(200, { mail_sent: false, email_verified: true });
      issueCode(req.zone, user, 'verify');
      return json(202, { mail_sent: true, email_verified: false });
    },

    'auth.verifyEmail': (req) => {
      const user = requireUser(svc, req);
      useCode(user, 'verify', str(bodyObject(req), 'code'));
      user.emailVerified = true;
      svc.changed();
      return json(200, { email_verified: true });
    },
  };
}
