/**
 * Sign-in: password, then the second factor (emailed code, authenticator code or recovery code),
 * unless the browser carries a valid remembered-browser cookie for that user.
 */
import { HttpError, type Handler, type SandboxRequest } from '../core/types';
import { checkPassword, randomToken, sha256, sixDigits } from './crypto';
import { currentDevice, rememberDevice } from './devices';
import { bodyObject, json, refuseMachineCredential, str } from './guard';
import { maskEmail } from './mail';
import type { IdentityService } from './service';
import type { ChallengeRec, UserRec } from './state';
import { checkSecondFactor } from './second-factor';

export const CHALLENGE_TTL_SECONDS = 600;
export const RESEND_AFTER_SECONDS = 30;
/** Mails per challenge (the first one included); past it mail_sent is false. */
export const MAIL_CAP = 3;

const expired = () =>
  new HttpError(410, 'challenge_expired', 'This sign-in attempt has timed out; start again with the password.');

export function loginHandlers(svc: IdentityService): Record<string, Handler> {
  const liveChallenge = (id: unknown): ChallengeRec => {
    const ch = typeof id === 'string' ? svc.state.challenges[id] : undefined;
    if (!ch) throw expired();
    if (ch.expiresAt <= svc.now()) {
      delete svc.state.challenges[ch.id];
      svc.changed();
      throw expired();
    }
    return ch;
  };

  const mailCode = (req: SandboxRequest, ch: ChallengeRec, user: UserRec) => {
    const code = sixDigits();
    ch.codeHash = sha256(code);
    ch.mailsSent++;
    ch.lastSentAt = svc.now();
    svc.sendMail(req.zone, user, 'mfa_code', code);
  };

  return {
    'auth.login': (req) => {
      refuseMachineCredential(svc, req);
      const body = bodyObject(req);
      const email = str(body, 'email');
      const password = str(body, 'password');
      const user = svc.userByEmail(email);
      if (!user || !checkPassword(password, user.passwordHash)) {
        throw new HttpError(401, 'invalid_credentials', 'The email address or password is not correct.');
      }
      const device = currentDevice(svc, req);
      if (device && device.userId === user.id) {
        device.lastUsedAt = svc.now();
        return json(200, svc.issueTokens(user, req.zone));
      }
      const ch: ChallengeRec = {
        id: randomToken('ch_'),
        userId: user.id,
        zoneId: req.zone.id,
        method: user.totpSealed ? 'totp' : 'email',
        expiresAt: svc.now() + CHALLENGE_TTL_SECONDS * 1000,
        mailsSent: 0,
        lastSentAt: 0,
      };
      svc.state.challenges[ch.id] = ch;
      if (ch.method === 'email') mailCode(req, ch, user);
      svc.changed();
      return json(200, {
        status: 'mfa_required',
        challenge: ch.id,
        method: ch.method,
        email_hint: maskEmail(user.email),
        resend_after_seconds: RESEND_AFTER_SECONDS,
        mail_sent: ch.method === 'email',
      });
    },

    'auth.mfa.verify': (req) => {
      refuseMachineCredential(svc, req);
      const body = bodyObject(req);
      const ch = liveChallenge(body.challenge);
      const code = str(body, 'code').trim();
      const user = svc.state.users[ch.userId];
      if (!user) throw expired();
      checkSecondFactor(svc, user, ch, code);
      delete svc.state.challenges[ch.id];
      const tokens = svc.issueTokens(user, req.zone);
      const cookie = body.remember_device === true ? rememberDevice(svc, user, req) : undefined;
      return json(200, tokens, cookie ? { 'set-cookie': cookie } : undefined);
    },

    'auth.mfa.resend': (req) => {
      refuseMachineCredential(svc, req);
      const ch = liveChallenge(bodyObject(req).challenge);
      if (ch.method !== 'email') {
        throw new HttpError(
          400,
          'resend_not_available',
          'This challenge uses the authenticator app; there is no code to resend.',
        );
      }
      const wait = Math.ceil((ch.lastSentAt + RESEND_AFTER_SECONDS * 1000 - svc.now()) / 1000);
      if (wait > 0)
        throw new HttpError(429, 'retry_later', `Wait ${wait} s before asking for another code.`, {
          retry_after_seconds: wait,
        });
      const user = svc.state.users[ch.userId];
      if (!user) throw expired();
      if (ch.mailsSent >= MAIL_CAP) return json(200, { mail_sent: false, resend_after_seconds: RESEND_AFTER_SECONDS });
      mailCode(req, ch, user);
      svc.changed();
      return json(200, { mail_sent: true, resend_after_seconds: RESEND_AFTER_SECONDS });
    },
  };
}
