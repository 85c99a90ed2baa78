/**
 * The live side of each registered zone: its HTTP client and its session. Created when a zone
 * appears, rebuilt when its address or CA changes, closed when it goes. A new origin starts
 * signed out: what was stored for the old one is forgotten before anything is sent.
 */
import type { SessionView, ZoneHealth, ZoneView } from '../contract/commands';
import { AGENT_CODES, AgentError } from '../contract/errors';
import { findRoute } from '../contract/routes';
import { ZoneClient } from './http/zone-client';
import type { SecretStore } from './secrets/secret-store';
import type { StoredCredential } from './session/zone-session';
import { ZoneSession } from './session/zone-session';
import { type TokenBody, isTokenBody } from './session/tokens';
import type { ZoneRecord } from './zones/zone-registry';
import { type Logger, silentLogger } from './log';
import { HealthBoard } from './zones/health-board';
import type { ZoneHealthTracker } from './zones/zone-health';
import type { ChangeJournal } from './journal/change-journal';

export interface ZoneRuntime {
  record: ZoneRecord;
  client: ZoneClient;
  session: ZoneSession;
  /** Lines about this zone carry its id. */
  log: Logger;
  /** How the zone has been answering; fed by `client`. */
  health: ZoneHealthTracker;
}

export class ZoneRuntimes {
  private readonly map = new Map<string, ZoneRuntime>();
  /** Every zone's health; the agent relays its changes as the `zones.health` event. */
  readonly health: HealthBoard;

  constructor(
    private readonly secrets: SecretStore,
    private readonly onSession: (zone: string, session: SessionView) => void,
    private readonly log: Logger = silentLogger,
    onHealth: (changed: ZoneHealth[]) => void = () => {},
    private readonly journal?: ChangeJournal,
  ) {
    this.health = new HealthBoard(onHealth);
  }

  /** Brings the runtimes in line with the registry; returns the ones that are new. */
  sync(records: readonly ZoneRecord[]): ZoneRuntime[] {
    const fresh: ZoneRuntime[] = [];
    const ids = new Set(records.map((r) => r.id));
    for (const [id, rt] of this.map) {
      if (!ids.has(id)) this.drop(id, rt);
    }
    for (const record of records) {
      const rt = this.map.get(record.id);
      if (rt && rt.record.baseUrl === record.baseUrl && rt.record.caFile === record.caFile) {
        rt.record = record;
        continue;
      }
      const movedFrom = rt && originOf(rt.record.baseUrl) !== originOf(record.baseUrl) ? rt.record.baseUrl : undefined;
      if (rt) this.drop(record.id, rt);
      const created = this.create(record, movedFrom && originOf(movedFrom));
      this.map.set(record.id, created);
      fresh.push(created);
    }
    return fresh;
  }

  get(zone: string): ZoneRuntime {
    const rt = this.map.get(zone);
    if (!rt)
      throw new AgentError({
        status: 0,
        code: AGENT_CODES.unknownZone,
        message: `There is no zone “${zone}”. It may have been removed.`,
      });
    return rt;
  }

  view(record: ZoneRecord): ZoneView {
    const session = this.map.get(record.id)?.session.view() ?? { state: 'signed_out' as const };
    return { ...record, caFile: record.caFile, session };
  }

  all(): ZoneRuntime[] {
    return [...this.map.values()];
  }

  async closeAll(): Promise<void> {
    for (const [id, rt] of this.map) this.drop(id, rt);
    this.health.dispose();
  }

  private create(record: ZoneRecord, movedFrom?: string): ZoneRuntime {
    const log = this.log.child('zone', { zone: record.id });
    const health = this.health.track(record.id, () => client);
    const client = new ZoneClient(
      { baseUrl: record.baseUrl, ...(record.caFile ? { caFile: record.caFile } : {}) },
      log,
      (outcome) => health.record(outcome),
    );
    const session = new ZoneSession({
      zoneId: record.id,
      client,
      secrets: this.secrets,
      log: log.child('session'),
      renew: (cred) => renewTokens(client, cred),
      origin: originOf(record.baseUrl),
      ...(movedFrom ? { movedFrom } : {}),
      onChange: (view) => this.onSession(record.id, view),
      onSent: (req, outcome) => {
        // The zone's name and the user as they are now: a later rename does not rewrite history.
        const now = this.map.get(record.id)?.record ?? record;
        const who = session.view();
        const user = who.email ?? who.clientId;
        const zone = { id: now.id, name: now.name, ...(user ? { user } : {}) };
        this.journal?.record({ ...zone, ...(now.dictionary ? { dictionary: now.dictionary } : {}) }, req, outcome);
      },
    });
    return { record, client, session, log, health };
  }

  private drop(id: string, rt: ZoneRuntime): void {
    rt.session.dispose();
    this.health.forget(id, rt.health);
    void rt.client.close().catch((err: unknown) => this.log.debug('closing a zone client failed', { zone: id, err }));
    this.map.delete(id);
  }
}

/** scheme://host:port: what a credential, like a browser's, is bound to. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** Users renew with the refresh token; machines ask the token endpoint again. */
async function renewTokens(client: ZoneClient, cred: StoredCredential): Promise<TokenBody> {
  const res =
    cred.kind === 'machine'
      ? await client.send({
          route: findRoute('oauth.token')!,
          body: { grant_type: 'client_credentials', client_id: cred.client_id, client_secret: cred.client_secret },
        })
      : await client.send({ route: findRoute('auth.token')!, body: { refresh_token: cred.refresh_token } });
  if (!isTokenBody(res.data)) {
    throw new AgentError({
      status: res.status,
      code: 'bad_token_reply',
      message: 'The zone answered the renewal without a token.',
    });
  }
  return res.data;
}
