/**
 * Every zone's health tracker in one place, and the one `zones.health` event: a change of
 * reachability goes out at once, latency and other small changes at most once a second, so a
 * window polling many lists does not get an event per call.
 */
import type { ZoneHealth } from '../../contract/commands';
import { findRoute } from '../../contract/routes';
import type { ZoneClient } from '../http/zone-client';
import { ZoneHealthTracker } from './zone-health';

/** Coalescing window for changes that are not a change of reachability. */
export const HEALTH_EVENT_MS = 1_000;
/** A probe waits this long at most: a zone that is down should not hold a probe for the 30 s of a call. */
const PROBE_TIMEOUT_MS = 5_000;

export class HealthBoard {
  private readonly trackers = new Map<string, ZoneHealthTracker>();
  private readonly changed = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly emit: (changed: ZoneHealth[]) => void) {}

  /** A tracker for a new zone client; the client reports every call's outcome to it. */
  track(zone: string, client: () => ZoneClient): ZoneHealthTracker {
    this.trackers.get(zone)?.dispose();
    const tracker = new ZoneHealthTracker(zone, {
      probe: () => probe(client()),
      onChange: (urgent) => this.note(zone, urgent),
    });
    this.trackers.set(zone, tracker);
    return tracker;
  }

  forget(zone: string, tracker: ZoneHealthTracker): void {
    tracker.dispose();
    if (this.trackers.get(zone) === tracker) this.trackers.delete(zone);
    this.changed.delete(zone);
  }

  all(): ZoneHealth[] {
    return [...this.trackers.values()].map((t) => t.view());
  }

  dispose(): void {
    for (const t of this.trackers.values()) t.dispose();
    this.trackers.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private note(zone: string, urgent: boolean): void {
    this.changed.add(zone);
    if (urgent) return this.flush();
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), HEALTH_EVENT_MS);
      this.timer.unref?.();
    }
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const views = [...this.changed].flatMap((z) => this.trackers.get(z)?.view() ?? []);
    this.changed.clear();
    if (views.length) this.emit(views);
  }
}

/**
 * The spec has no health route: a small read that needs no body does. Sent without a token —
 * any answer (a 401 too) proves the zone is there; only 502/503/504 or no answer say it is not.
 */
async function probe(client: ZoneClient): Promise<void> {
  try {
    // Through `request` (undici's core), not fetch: a probe must not load fetch (undici-core.ts).
    // Its body is not wanted: stopped, it says so with an 'error' event, which needs a listener
    // (without one, a zone that answers the probe with a 2xx threw in the agent's process).
    const res = await client.download({ route: findRoute('kubernetes.versions')!, timeoutMs: PROBE_TIMEOUT_MS });
    res.body.once('error', () => undefined);
    res.body.destroy();
  } catch {
    // The outcome reached the tracker through the client.
  }
}
