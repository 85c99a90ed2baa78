/**
 * One zone's health as its calls tell it: reachable or not, the latency of recent answers, the
 * last error in words, and — while it does not answer — a cheap probe with exponential backoff
 * that declares it back by itself. Fed by the zone client with every call's outcome.
 */
import type { ZoneHealth } from '../../contract/commands';
import { AGENT_CODES, type AgentError } from '../../contract/errors';

/** Seconds between probes while a zone does not answer: 1, 2, 4, … up to 30. */
export const PROBE_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;
/**
 * When a zone is called unreachable: a failed health check (the probe the first failure sends a
 * second later) says so; calls alone only after this many failures in a row spread over at least
 * FAILURE_SPAN_MS. One blip (a reset connection failing every call in flight on it at once) is not
 * an outage, so it never holds the user's next change back.
 */
export const FAILURES_TO_DOWN = 3;
export const FAILURE_SPAN_MS = 2_000;
const LATENCY_WINDOW = 10;

/** What the zone client reports when a call ends: the time to the answer, or what went wrong. */
export interface CallOutcome {
  ms: number;
  error?: AgentError;
}

/** Failures that say the zone is not answering (as opposed to the zone answering "no"). */
export function isUnreachable(err: AgentError): boolean {
  if (err.status === 0)
    return err.code === AGENT_CODES.network || err.code === AGENT_CODES.timeout || err.code === AGENT_CODES.tls;
  return err.status === 502 || err.status === 503 || err.status === 504;
}

export interface HealthOptions {
  /** Sends one cheap request; its outcome reaches `record` through the zone client. */
  probe: () => Promise<void>;
  /** The view changed; `urgent` when reachability did (report it now, the rest may wait). */
  onChange: (urgent: boolean) => void;
  now?: () => number;
}

export class ZoneHealthTracker {
  private state: ZoneHealth['state'] = 'unknown';
  private readonly latencies: number[] = [];
  private failures = 0;
  private firstFailureAt: number | null = null;
  private lastError: string | null = null;
  private lastErrorAt: number | null = null;
  private lastOkAt: number | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private nextProbeAt: number | null = null;
  private disposed = false;
  /** A probe is out: its refusal (a 401: it carries no token) is an answer, not an error to show. */
  private probing = false;
  private readonly now: () => number;

  constructor(
    readonly zone: string,
    private readonly opts: HealthOptions,
  ) {
    this.now = opts.now ?? (() => Date.now());
  }

  record(outcome: CallOutcome): void {
    if (this.disposed || outcome.error?.code === AGENT_CODES.cancelled) return;
    const err = outcome.error;
    const now = this.now();
    if (err && (isUnreachable(err) || !this.probing)) {
      this.lastError = err.message;
      this.lastErrorAt = now;
    }
    if (err && isUnreachable(err)) return this.failed(now);
    this.latencies.push(outcome.ms);
    if (this.latencies.length > LATENCY_WINDOW) this.latencies.shift();
    this.lastOkAt = now;
    this.failures = 0;
    this.firstFailureAt = null;
    this.attempt = 0;
    this.stopProbe();
    const changed = this.state !== 'reachable';
    this.state = 'reachable';
    this.opts.onChange(changed);
  }

  view(): ZoneHealth {
    const down = this.state === 'unreachable';
    return {
      zone: this.zone,
      state: this.state,
      latencyMs: median(this.latencies),
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      lastOkAt: this.lastOkAt,
      downSince: down ? this.firstFailureAt : null,
      nextProbeAt: down ? this.nextProbeAt : null,
    };
  }

  dispose(): void {
    this.disposed = true;
    this.stopProbe();
  }

  private failed(now: number): void {
    this.failures++;
    this.firstFailureAt ??= now;
    const spread = this.failures >= FAILURES_TO_DOWN && now - this.firstFailureAt >= FAILURE_SPAN_MS;
    const goesDown = (this.probing || spread) && this.state !== 'unreachable';
    if (goesDown) this.state = 'unreachable';
    if (!this.timer) this.scheduleProbe();
    this.opts.onChange(goesDown);
  }

  /** The next probe after the backoff; every failure (a probe's too) comes back here through `failed`. */
  private scheduleProbe(): void {
    const delay = PROBE_BACKOFF_MS[Math.min(this.attempt, PROBE_BACKOFF_MS.length - 1)]!;
    this.attempt++;
    this.nextProbeAt = this.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.nextProbeAt = null;
      this.probing = true;
      void this.opts.probe().finally(() => {
        this.probing = false;
        // A probe whose outcome never reached `record` (it should) must not end the retries.
        if (!this.disposed && this.state !== 'reachable' && this.failures > 0 && !this.timer) this.scheduleProbe();
      });
    }, delay);
    this.timer.unref?.();
  }

  private stopProbe(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextProbeAt = null;
  }
}

function median(xs: readonly number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return Math.round(s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2);
}
