/**
 * The identity service: one store behind every zone (sessions, devices, API clients, locale are
 * shared; each token is bound to the zone that issued it). The core calls `authenticate` on every
 * request, so a revocation anywhere is effective everywhere at once.
 */
import { randomBytes } from 'node:crypto';
import { loadSnapshot, snapshotWriter, writeSnapshotNow } from '../core/persist';
import { type Caller, HttpError, type SandboxZone, type World } from '../core/types';
import { randomToken, sha256 } from './crypto';
import { signJwt, verifyJwt } from './jwt';
import { composeMail } from './mail';
import { type IdentityState, type MailRec, seedState, type UserRec } from './state';

export interface IdentityConfig {
  /** false: no deployment key, authenticator seeds cannot be sealed (enrolment fails closed). */
  encryptionKey: boolean;
  /** Access-token lifetime in seconds (default 900). */
  accessTokenTtl: number;
  dataDir?: string;
}

export interface TokenBody {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

const KEYS_FILE = 'identity-keys.json';
const STATE_FILE = 'identity.json';
const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);

function loadKeys(cfg: IdentityConfig): { signing: Buffer; seal?: Buffer } {
  const saved = loadSnapshot<{ signing: string; seal?: string }>(cfg.dataDir, KEYS_FILE);
  const signing = saved ? Buffer.from(saved.signing, 'base64') : randomBytes(32);
  const sealKey = saved?.seal ? Buffer.from(saved.seal, 'base64') : randomBytes(32);
  if (cfg.dataDir && !saved) {
    writeSnapshotNow(cfg.dataDir, KEYS_FILE, { signing: signing.toString('base64'), seal: sealKey.toString('base64') });
  }
  return { signing, seal: cfg.encryptionKey ? sealKey : undefined };
}

export function createIdentityService(world: World, cfg: IdentityConfig) {
  const keys = loadKeys(cfg);
  let state: IdentityState = loadSnapshot<IdentityState>(cfg.dataDir, STATE_FILE) ?? seedState(keys.seal);
  const writer = snapshotWriter(cfg.dataDir, STATE_FILE, () => state);
  const now = () => world.clock.now();
  const seconds = () => Math.floor(now() / 1000);

  const svc = {
    world,
    cfg,
    sealKey: keys.seal,
    get state() {
      return state;
    },
    now,
    iso: (ms: number) => new Date(ms).toISOString(),
    /** Call after every change: schedules the --data-dir snapshot. */
    changed: () => writer.schedule(),
    flush: () => writer.flush(),
    reset() {
      state = seedState(keys.seal);
      writer.schedule();
    },

    userByEmail: (email: unknown): UserRec | undefined =>
      typeof email === 'string'
        ? Object.values(state.users).find((u) => u.email === email.trim().toLowerCase())
        : undefined,

    sendMail(zone: SandboxZone, user: UserRec, kind: MailRec['kind'], code: string): MailRec {
      const m: MailRec = {
        id: world.uuid(),
        zone: zone.id,
        to: user.email,
        kind,
        code,
        sent_at: new Date(now()).toISOString(),
        ...composeMail(user.locale, kind, code),
      };
      state.outbox.push(m);
      if (state.outbox.length > 500) state.outbox.splice(0, state.outbox.length - 500);
      svc.changed();
      return m;
    },

    outbox: (zoneId: string, to: string | null) =>
      state.outbox.filter((m) => m.zone === zoneId && (!to || m.to === to.toLowerCase())).reverse(),

    /** Mints access, id and refresh tokens for a new session (or the rotated one) in `zone`. */
    issueTokens(user: UserRec, zone: SandboxZone, sessionId?: string): TokenBody {
      const refresh = randomToken('rt_', 32);
      const existing = sessionId ? state.sessions[sessionId] : undefined;
      const sid = existing?.id ?? world.uuid();
      if (existing) {
        existing.usedRefreshHashes.push(existing.refreshHash);
        existing.refreshHash = sha256(refresh);
      } else {
        state.sessions[sid] = {
          id: sid,
          userId: user.id,
          zoneId: zone.id,
          createdAt: now(),
          refreshHash: sha256(refresh),
          usedRefreshHashes: [],
          revoked: false,
        };
      }
      svc.changed();
      const iat = seconds();
      const exp = iat + cfg.accessTokenTtl;
      const scope = user.permissions.join(' ');
      const base = {
        iss: zone.baseUrl,
        sub: user.id,
        email: user.email,
        tenant: user.tenantId,
        sid,
        zone: zone.id,
        iat,
        exp,
      };
      return {
        access_token: signJwt(keys.signing, { ...base, typ: 'access', jti: world.uuid(), scope }),
        id_token: signJwt(keys.signing, { ...base, typ: 'id', aud: 'zonedeck', email_verified: user.emailVerified }),
        refresh_token: refresh,
        token_type: 'Bearer',
        expires_in: cfg.accessTokenTtl,
        scope,
      };
    },

    /** Machine token for an API client (no refresh token: the client asks again). */
    issueMachineToken(clientRecId: string, zone: SandboxZone, scopes: readonly string[]) {
      const c = state.apiClients[clientRecId]!;
      const iat = seconds();
      const scope = scopes.join(' ');
      const access_token = signJwt(keys.signing, {
        iss: zone.baseUrl,
        sub: c.clientId,
        cid: c.id,
        tenant: c.tenantId,
        zone: zone.id,
        typ: 'machine',
        gen: c.tokenGeneration,
        jti: world.uuid(),
        iat,
        exp: iat + cfg.accessTokenTtl,
        scope,
      });
      return { access_token, token_type: 'Bearer' as const, expires_in: cfg.accessTokenTtl, scope };
    },

    /** Claims of a well-signed token, or undefined. Does not check expiry or revocation. */
    claims: (token: string) => verifyJwt(keys.signing, token),

    authenticate(token: string, zone: SandboxZone): Caller {
      const c = verifyJwt(keys.signing, token);
      if (!c || (c.typ !== 'access' && c.typ !== 'machine')) throw unauthorized('The access token is not valid.');
      if (typeof c.exp !== 'number' || c.exp <= seconds()) throw unauthorized('The access token has expired.');
      if (c.zone !== zone.id)
        throw unauthorized(`The access token was issued by zone ${String(c.zone)}; get one from this zone.`);
      if (typeof c.jti === 'string' && state.revokedJtis[c.jti] !== undefined)
        throw unauthorized('The access token was revoked.');
      if (c.typ === 'machine') {
        const client = state.apiClients[String(c.cid)];
        if (!client || client.tokenGeneration !== c.gen) throw unauthorized('The API client token was revoked.');
        // A token never holds more than its client holds now (re-scoping takes effect at once).
        const granted = String(c.scope ?? '')
          .split(' ')
          .filter((s) => client.scopes.includes(s));
        return {
          kind: 'machine',
          userId: client.createdBy,
          tenantId: client.tenantId,
          clientId: client.clientId,
          permissions: new Set(granted),
          sessionId: String(c.jti),
        };
      }
      const session = state.sessions[String(c.sid)];
      const user = state.users[String(c.sub)];
      if (!session || session.revoked || !user) throw unauthorized('The session has ended; sign in again.');
      return {
        kind: 'user',
        userId: user.id,
        tenantId: user.tenantId,
        email: user.email,
        permissions: new Set(user.permissions),
        sessionId: session.id,
      };
    },

    revokeJti(claims: Record<string, unknown> | undefined): void {
      if (claims && typeof claims.jti === 'string') state.revokedJtis[claims.jti] = Number(claims.exp) || 0;
      const cutoff = seconds();
      for (const [jti, exp] of Object.entries(state.revokedJtis)) if (exp < cutoff) delete state.revokedJtis[jti];
      svc.changed();
    },

    /** Ends every session of a user in every zone (optionally sparing one). */
    endSessions(userId: string, except?: string): void {
      for (const s of Object.values(state.sessions)) if (s.userId === userId && s.id !== except) s.revoked = true;
      svc.changed();
    },
  };
  return svc;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** The service each world uses; server.ts binds it, identityModule and the control API read it. */
const bound = new WeakMap<World, IdentityService>();
export function bindIdentity(world: World, svc: IdentityService): void {
  bound.set(world, svc);
}
export function identityOf(world: World): IdentityService {
  const svc = bound.get(world);
  if (!svc) throw new Error('identity service not bound to this world (start it with startSandbox)');
  return svc;
}
