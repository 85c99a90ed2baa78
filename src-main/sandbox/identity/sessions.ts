/** Session upkeep: refresh with rotation, logout, revoke-all, locale, security listing, devices. */
import { HttpError, type Handler } from '../core/types';
import { sha256 } from './crypto';
import { currentDevice, deviceView } from './devices';
import { bodyObject, empty, json, refuseMachineCredential, requireUser, str } from './guard';
import { isLocale, LOCALES } from './mail';
import type { IdentityService } from './service';

const badGrant = (message: string) => new HttpError(401, 'invalid_grant', message);

export function sessionHandlers(svc: IdentityService): Record<string, Handler> {
  return {
    'auth.token': (req) => {
      refuseMachineCredential(svc, req);
      const h = sha256(str(bodyObject(req), 'refresh_token'));
      const sessions = Object.values(svc.state.sessions);
      const reused = sessions.find((s) => s.usedRefreshHashes.includes(h));
      if (reused) {
        // A rotated-away token came back: someone holds a copy, so the whole session ends.
        reused.revoked = true;
        svc.changed();
        throw badGrant('This refresh token was already used; the session has been ended.');
      }
      const s = sessions.find((x) => x.refreshHash === h);
      if (!s || s.revoked) throw badGrant('The refresh token is not valid or the session has ended.');
      if (s.zoneId !== req.zone.id) throw badGrant(`This refresh token belongs to zone ${s.zoneId}.`);
      const user = svc.state.users[s.userId];
      if (!user) throw badGrant('The account no longer exists.');
      return json(200, svc.issueTokens(user, req.zone, s.id));
    },

    'auth.logout': (req) => {
      const user = requireUser(svc, req);
      const bearer = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
      svc.revokeJti(bearer ? svc.claims(bearer) : undefined);
      const rt = bodyObject(req).refresh_token;
      if (typeof rt === 'string') {
        const s = Object.values(svc.state.sessions).find((x) => x.refreshHash === sha256(rt) && x.userId === user.id);
        if (s) s.revoked = true;
      }
      svc.changed();
      return empty();
    },

    'auth.sessions.revokeAll': (req) => {
      svc.endSessions(requireUser(svc, req).id);
      return empty();
    },

    'auth.locale': (req) => {
      const user = requireUser(svc, req);
      const locale = bodyObject(req).locale;
      if (!isLocale(locale))
        throw new HttpError(400, 'invalid_request', `locale must be one of ${LOCALES.join(', ')}.`);
      user.locale = locale;
      svc.changed();
      return json(200, { locale });
    },

    'auth.security': (req) => {
      const user = requireUser(svc, req);
      const now = svc.now();
      const current = currentDevice(svc, req);
      const devices = Object.values(svc.state.devices)
        .filter((d) => d.userId === user.id && d.expiresAt > now)
        .sort((a, b) => b.lastUsedAt - a.lastUsedAt)
        .map((d) => deviceView(svc, d, current));
      return json(200, {
        email: user.email,
        email_verified: user.emailVerified,
        totp_enabled: !!user.totpSealed,
        totp_pending: !!user.pendingTotpSealed,
        recovery_codes_remaining: user.recoveryHashes.length,
        locale: user.locale,
        active_sessions: Object.values(svc.state.sessions).filter((s) => s.userId === user.id && !s.revoked).length,
        devices,
      });
    },

    'auth.devices.delete': (req) => {
      const user = requireUser(svc, req);
      const d = svc.state.devices[req.params.id ?? ''];
      if (!d || d.userId !== user.id) throw new HttpError(404, 'not_found', 'No such remembered browser.');
      delete svc.state.devices[d.id];
      svc.changed();
      return empty();
    },

    'auth.devices.deleteAll': (req) => {
      const user = requireUser(svc, req);
      for (const d of Object.values(svc.state.devices)) if (d.userId === user.id) delete svc.state.devices[d.id];
      svc.changed();
      return empty();
    },
  };
}
