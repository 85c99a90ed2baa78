/**
 * Runs the local sandbox zone inside the agent, on a free loopback port, and keeps its zones in
 * the registry. The sandbox is loaded only when asked for, so a normal launch never pays for it.
 */
import type { SandboxMail } from '../contract/commands';
import { AGENT_CODES, AgentError } from '../contract/errors';
import type { ZoneRegistry } from './zones/zone-registry';
import { loopbackJson } from './http/loopback-json';
import { listOf } from '../contract/tolerant';
import type { Logger } from './log';

interface RunningSandbox {
  zones: { id: string; baseUrl: string }[];
  close(): Promise<void>;
}

const SANDBOX_COLORS = ['#16a34a', '#7c3aed', '#ea580c', '#0891b2'];

export class SandboxRunner {
  private sandbox: RunningSandbox | undefined;
  private starting: Promise<string[]> | undefined;
  private seen = new Set<string>();
  private poll: NodeJS.Timeout | undefined;
  /** The mail poll runs every second: a failure is logged once, not once a second. */
  private mailFailing = false;

  constructor(
    private readonly registry: ZoneRegistry,
    private readonly onMail: (mail: SandboxMail) => void,
    private readonly dataDir?: string,
    private readonly log?: Logger,
  ) {}

  running(): boolean {
    return this.sandbox !== undefined;
  }

  /** Starts once; returns the registry ids of the sandbox zones. */
  start(): Promise<string[]> {
    this.starting ??= this.doStart().catch((err: unknown) => {
      this.starting = undefined;
      throw new AgentError({ status: 0, code: 'sandbox_failed', message: `The local sandbox could not start: ${(err as Error).message}` });
    });
    return this.starting;
  }

  private async doStart(): Promise<string[]> {
    const { startSandbox } = await import('../sandbox/server');
    // ZONEDECK_SANDBOX_SCALE seeds N containers per zone (benchmarks: a 20,000-row list).
    const scale = Number(process.env.ZONEDECK_SANDBOX_SCALE) || undefined;
    const sb = await startSandbox({ port: 0, ...(this.dataDir ? { dataDir: this.dataDir } : {}), ...(scale ? { scale } : {}) });
    this.sandbox = { zones: sb.zones.map((z) => ({ id: z.id, baseUrl: z.baseUrl })), close: () => sb.close() };
    const ids: string[] = [];
    this.sandbox.zones.forEach((z, i) => {
      const existing = this.registry.list().find((r) => r.sandbox && r.name === z.id);
      const rec = existing
        ? this.registry.update(existing.id, { baseUrl: z.baseUrl })
        : this.registry.add({ name: z.id, baseUrl: z.baseUrl, color: SANDBOX_COLORS[i % SANDBOX_COLORS.length]!, sandbox: true });
      ids.push(rec.id);
    });
    this.log?.info('local sandbox started', { zones: ids });
    this.poll = setInterval(() => void this.pollMail(), 1000);
    this.poll.unref();
    return ids;
  }

  /** Every sandbox zone keeps its own outbox; the mailbox shows them together, newest first. */
  async mail(to?: string): Promise<SandboxMail[]> {
    const zones = this.sandbox?.zones;
    if (!zones?.length) throw new AgentError({ status: 0, code: AGENT_CODES.unknownZone, message: 'The local sandbox is not running.' });
    const lists = await Promise.all(zones.map((z) => this.zoneMail(z, to)));
    return lists.flat().sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  }

  private async zoneMail(zone: { id: string; baseUrl: string }, to?: string): Promise<SandboxMail[]> {
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
    await this.sandbox?.close();
    this.sandbox = undefined;
    this.starting = undefined;
  }
}
