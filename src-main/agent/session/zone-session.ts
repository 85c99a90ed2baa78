/**
 * A zone's session: the access token in memory, the renewal credential in the keychain, renewal
 * before expiry, and ONE renewal in flight shared by the timer and every call that met a 401.
 * What is stored is bound to the origin it was issued by: it is never sent anywhere else.
 */
import type { SessionView } from '../../contract/commands';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import type { SecretStore } from '../secrets/secret-store';
import type { ZoneClient, ZoneRequest, ZoneResponse } from '../http/zone-client';
import { type TokenBody, jwtClaims, refreshDelayMs } from './tokens';
import { type Logger, silentLogger } from '../log';
import { mark } from '../marks';

/** What survives a restart, kept as one keychain entry. */
export interface StoredCredential {
  kind: 'user' | 'machine';
  email?: string;
  /** user: the refresh token. */
  refresh_token?: string;
  /** machine: the API client's credentials. */
  client_id?: string;
  client_secret?: string;
  /** The origin (scheme://host:port) that issued it; absent in entries written before 0.x. */
  origin?: string;
}

/** Gets fresh tokens from what is stored; throws AgentError when the zone says no. */
export type Renewer = (cred: StoredCredential) => Promise<TokenBody>;

export interface ZoneSessionOptions {
  zoneId: string;
  client: ZoneClient;
  secrets: SecretStore;
  renew: Renewer;
  onChange: (view: SessionView) => void;
  /** The zone's origin now: a stored credential from another origin is forgotten, never sent. */
  origin: string;
  /** Set when the zone was just re-pointed from this origin: start signed out, forget what is stored. */
  movedFrom?: string;
  log?: Logger;
  /** Told of every call sent with the session and how it ended (the change journal listens). */
  onSent?: (req: Omit<ZoneRequest, 'token'>, outcome: { status: number; data?: unknown; error?: unknown }) => void;
}

export class ZoneSession {
  private access: string | undefined;
  private cred: StoredCredential | undefined;
  private state: SessionView = { state: 'signed_out' };
  private inflight: Promise<string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /**
   * Renewal never reached the zone while no token was held (offline at start, a zone down when a
   * command line starts): what is stored is kept, and the next call tries again.
   */
  private unreached: AgentError | undefined;
  /** The restore from the keychain, while it runs: a call made meanwhile waits for it. */
  private restoring: Promise<void> | undefined;
  private readonly key: string;
  private readonly log: Logger;

  constructor(private readonly o: ZoneSessionOptions) {
    this.key = `zone:${o.zoneId}:credential`;
    this.log = o.log ?? silentLogger;
    if (o.movedFrom) this.state = { state: 'signed_out', reason: movedReason(o.movedFrom, o.origin) };
  }

  view(): SessionView {
    return { ...this.state };
  }

  /** At start: renew silently from the keychain when something is stored there. */
  restore(): Promise<void> {
    this.restoring ??= this.doRestore().finally(() => (this.restoring = undefined));
    return this.restoring;
  }

  private async doRestore(): Promise<void> {
    if (this.o.movedFrom) {
      // Not even read: whatever is stored was issued by the old address.
      await this.forgetStored('the zone moved to another address; its saved sign-in was forgotten');
      return;
    }
    const raw = await this.o.secrets.get(this.key).catch((err: unknown) => {
      this.log.warn('could not read the stored credential; the zone starts signed out', { err });
      return null;
    });
    mark('keychain.read');
    if (!raw) return;
    try {
      this.cred = JSON.parse(raw) as StoredCredential;
    } catch (err) {
      this.log.warn('the stored credential is not readable; the zone starts signed out', { err });
      return;
    }
    if (this.cred.origin !== undefined && this.cred.origin !== this.o.origin) {
      const from = this.cred.origin;
      this.cred = undefined;
      await this.forgetStored('the saved sign-in belongs to another address; forgotten', { from });
      this.set({ state: 'signed_out', reason: movedReason(from, this.o.origin) });
      return;
    }
    // The outcome is logged by doRenew and shown as the session state.
    await this.renew().catch(() => undefined);
    mark('session.restored');
  }

  /** After a sign-in: keep the tokens, store what renews them. */
  async adopt(tokens: TokenBody, cred: Omit<StoredCredential, 'refresh_token'>): Promise<void> {
    const email = cred.email ?? (jwtClaims(tokens.id_token ?? tokens.access_token).email as string | undefined);
    this.cred = {
      ...cred,
      origin: this.o.origin,
      ...(email ? { email } : {}),
      ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
    };
    await this.accept(tokens);
    this.log.info('signed in', { kind: cred.kind, expiresIn: tokens.expires_in });
  }

  /** The current access token; signed out is an error the UI turns into a sign-in prompt. */
  token(): string {
    if (!this.access) throw this.unreached ?? signedOut(this.state.reason);
    return this.access;
  }

  /** Sends with the Bearer token; a 401 renews (shared) and the call is retried once. */
  async send<T>(client: ZoneClient, req: Omit<ZoneRequest, 'token'>): Promise<ZoneResponse<T>> {
    try {
      const res = await this.sendOnce<T>(client, req);
      this.o.onSent?.(req, { status: res.status, data: res.data });
      return res;
    } catch (error) {
      this.o.onSent?.(req, { status: 0, error });
      throw error;
    }
  }

  private async sendOnce<T>(client: ZoneClient, req: Omit<ZoneRequest, 'token'>): Promise<ZoneResponse<T>> {
    // A call in a host's first moments (the command line's, or a page's) finds the remembered
    // session on its way back from the keychain: it waits for it rather than read as signed out.
    if (!this.access && this.restoring) await this.restoring;
    if (!this.access && this.unreached && this.cred) await this.renew();
    const used = this.token();
    try {
      return await client.send<T>({ ...req, token: used });
    } catch (err) {
      if (!(err instanceof AgentError) || err.status !== 401) throw err;
      const fresh = await this.renewAfter401(used);
      return client.send<T>({ ...req, token: fresh });
    }
  }

  /** For callers that open raw streams: the same 401 rule, given the token that failed. */
  async renewAfter401(failedToken: string): Promise<string> {
    // Another call already renewed past the token that failed: use the new one.
    if (this.access && this.access !== failedToken) return this.access;
    return this.renew();
  }

  renew(): Promise<string> {
    this.inflight ??= this.doRenew().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async doRenew(): Promise<string> {
    const cred = this.cred;
    if (!cred) throw signedOut();
    if (cred.origin !== undefined && cred.origin !== this.o.origin)
      throw signedOut(movedReason(cred.origin, this.o.origin));
    this.set({ ...this.state, state: 'refreshing' });
    let tokens: TokenBody;
    try {
      tokens = await this.o.renew(cred);
      mark('token.refreshed');
    } catch (err) {
      // A network failure keeps the session; the zone saying no ends it.
      if (err instanceof AgentError && err.status === 0 && this.access) {
        this.log.warn('session renewal failed on the network; keeping the session', { err });
        this.set({ ...this.state, state: 'signed_in' });
        throw err;
      }
      // Not refused, not reached: forgetting the stored sign-in here would sign the person out
      // of every window and terminal because a zone was down for a moment.
      if (err instanceof AgentError && err.status === 0) {
        this.unreached = err;
        this.log.warn('session renewal did not reach the zone; the stored sign-in is kept for the next try', { err });
        this.set({ state: 'signed_out', reason: `The zone could not be reached to renew the session: ${err.message}` });
        throw err;
      }
      this.log.warn('session renewal refused; signed out', { kind: cred.kind, err });
      const reason = err instanceof AgentError ? `Your session ended: ${err.message}` : 'Your session ended.';
      await this.signOut(reason);
      throw signedOut(reason);
    }
    // Entries from before origins were recorded are bound to the origin that just renewed them.
    this.cred = {
      ...cred,
      origin: this.o.origin,
      ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
    };
    await this.accept(tokens);
    this.log.info('session renewed', {
      kind: cred.kind,
      expiresIn: tokens.expires_in,
      rotated: !!tokens.refresh_token,
    });
    return tokens.access_token;
  }

  private async accept(tokens: TokenBody): Promise<void> {
    this.access = tokens.access_token;
    this.unreached = undefined;
    await this.o.secrets.set(this.key, JSON.stringify(this.cred));
    this.schedule(tokens.expires_in);
    const c = this.cred;
    this.set({
      state: 'signed_in',
      kind: c?.kind ?? 'user',
      ...(c?.email ? { email: c.email } : {}),
      ...(c?.kind === 'machine' && c.client_id ? { clientId: c.client_id } : {}),
      ...(tokens.expires_in && tokens.expires_in > 0 ? { until: Date.now() + tokens.expires_in * 1000 } : {}),
    });
  }

  private schedule(expiresIn: number | undefined): void {
    clearTimeout(this.timer);
    if (!expiresIn || expiresIn <= 0) return;
    // A failed scheduled renewal is logged by doRenew and shown as the session state.
    this.timer = setTimeout(() => void this.renew().catch(() => undefined), refreshDelayMs(expiresIn));
    this.timer.unref();
  }

  /** Forget everything; `reason` is shown when it was not the user's doing. */
  async signOut(reason?: string): Promise<void> {
    clearTimeout(this.timer);
    const had = this.cred !== undefined || this.access !== undefined;
    this.access = undefined;
    this.unreached = undefined;
    this.cred = undefined;
    await this.o.secrets
      .delete(this.key)
      .catch((err: unknown) => this.log.warn('could not delete the stored credential', { err }));
    if (had && !reason) this.log.info('signed out');
    this.set({ state: 'signed_out', ...(reason ? { reason } : {}) });
  }

  private async forgetStored(msg: string, fields: Record<string, unknown> = {}): Promise<void> {
    await this.o.secrets
      .delete(this.key)
      .catch((err: unknown) => this.log.warn('could not delete the stored credential', { err }));
    this.log.info(msg, { ...fields, to: this.o.origin });
  }

  /** The stored credential, for logout (to revoke the refresh token too). */
  credential(): StoredCredential | undefined {
    return this.cred;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private set(view: SessionView): void {
    this.state = view;
    this.o.onChange(this.view());
  }
}

function movedReason(from: string, to: string): string {
  return `This zone's address changed from ${from} to ${to}, so its saved sign-in was forgotten. Sign in again.`;
}

function signedOut(reason?: string): AgentError {
  return new AgentError({
    status: 401,
    code: AGENT_CODES.signedOut,
    message: reason ?? 'You are signed out of this zone. Sign in to continue.',
  });
}
