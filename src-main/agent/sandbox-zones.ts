/**
 * The local sandbox as the agent sees it: zones to keep in the registry and a mailbox to relay.
 * The host creates the sandbox and injects it (AgentOptions.sandbox); the agent never loads it.
 */
import type { SandboxMail } from '../contract/commands';
import { AGENT_CODES, AgentError } from '../contract/errors';
import { listOf } from '../contract/tolerant';
import type { Logger } from './log';
import type { SandboxPort, SandboxZone } from './agent-types';
import { loopbackJson } from './http/loopback-json';
import type { ZoneRegistry } from './zones/zone-registry';

export class SandboxZones {
  private zones: readonly SandboxZone[] | undefined;
  private starting: Promise<string[]> | undefined;
  private seen = new Set<string>();
  private poll: NodeJS.Timeout | undefined;
  /** The mail poll runs every second: a failure is logged once, not once a second. */
  private mailFailing = false;

  constructor(
    private readonly registry: ZoneRegistry,
    private readonly onMail: (mail: SandboxMail) => void,
    private readonly port: SandboxPort | undefined,
    private readonly log?: Logger,
  ) {}

  running(): boolean {
    return this.zones !== undefined;
  }

  /** Starts once; returns the registry ids of the sandbox zones. */
  start(): Promise<string[]> {
    const port = this.port;
    if (!port) return Promise.reject(unavailable());
    this.starting ??= this.doStart(port).catch((err: unknown) => {
      this.starting = undefined;
      throw new AgentError({
        status: 0,
        code: AGENT_CODES.sandboxFailed,
        message: `The local sandbox could not start: ${(err as Error).message}`,
      });
    });
    return this.starting;
  }

  private async doStart(port: SandboxPort): Promise<string[]> {
    const zones = await port.start();
    this.zones = zones;
    // A zone from an earlier launch keeps its id and colour; only its address moves.
    const ids = zones.map((z) => {
      const existing = this.registry.list().find((r) => r.sandbox && r.name === z.id);
      const rec = existing
        ? this.registry.update(existing.id, { baseUrl: z.baseUrl })
        : this.registry.add({ name: z.id, baseUrl: z.baseUrl, sandbox: true });
      return rec.id;
    });
    this.log?.info('local sandbox started', { zones: ids });
    this.poll = setInterval(() => void this.pollMail(), 1000);
    this.poll.unref();
    return ids;
  }

  /** Every sandbox zone keeps its own outbox; the mailbox shows them together, newest first. */
  async mail(to?: string): Promise<SandboxMail[]> {
    if (!this.port) throw unavailable();
    const zones = this.zones;
    if (!zones?.length)
      throw new AgentError({ status: 0, code: AGENT_CODES.unknownZone, message: 'The local sandbox is not running.' });
    const lists = await Promise.all(zones.map((z) => this.zoneMail(z, to)));
    return lists.flat().sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  }

  private async zoneMail(zone: SandboxZone, to?: string): Promise<SandboxMail[]> {
    const url = new URL('/_sandbox/mail', zone.baseUrl);
    if (to) url.searchParams.set('to', to);
    const body = await loopbackJson(url);
    return (listOf(body) as unknown as SandboxMail[]).map((m) => ({
      id: `${zone.id}:${String(m.id)}`,
      zone: zone.id,
      to: String(m.to),
      subject: String(m.subject ?? ''),
      body: String(m.body ?? ''),
      ...(m.code ? { code: String(m.code) } : {}),
      sent_at: String(m.sent_at ?? ''),
    }));
  }

  private async pollMail(): Promise<void> {
    const mails = await this.mail().then(
      (m) => ((this.mailFailing = false), m),
      (err: unknown) => {
        if (!this.mailFailing) this.log?.debug('sandbox mail poll failed', { err });
        this.mailFailing = true;
        return [];
      },
    );
    for (const m of [...mails].reverse()) {
      if (this.seen.has(m.id)) continue;
      this.seen.add(m.id);
      this.onMail(m);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.poll);
    const wasRunning = this.zones !== undefined || this.starting !== undefined;
    this.zones = undefined;
    this.starting = undefined;
    if (wasRunning) await this.port?.stop();
  }
}

function unavailable(): AgentError {
  return new AgentError({
    status: 0,
    code: AGENT_CODES.sandboxUnavailable,
    message: 'This Zonedeck was started without the local sandbox.',
  });
}
