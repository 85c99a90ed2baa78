/**
 * Runs followed for notifications while they are in flight, through the same live stream the run
 * view opens (`workflowRuns.stream`, shared with it through run-stream.ts when both follow a run): any event, whatever its name, re-reads the record
 * (debounced, one read in flight, as the view does), and that read reports the run
 * (data/sightings.ts) like every other. Nothing is polled, so a run started here or seen in a
 * history keeps being told about with the window hidden or on another screen. A run is followed
 * from a sighting that shows it in flight until a sighting says it is over (an unknown word does
 * not), its stream gives up, or the zone's switches go off; at most MAX_FOLLOWED at once.
 */
import type { StreamHandle } from '../../../agent';
import { openRunStream } from './run-stream';
import type { Sighting } from '../../../data/sightings';
import { classify } from '@contract/state-vocabulary';
import { Rereader } from './run-reread';
import { rereadRun, type RunRef } from './workflow-runs';

export const MAX_FOLLOWED = 16;
const REREAD_MS = 200;
const REOPEN_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

interface Followed {
  run: RunRef;
  handle: StreamHandle | null;
  rereader: Rereader;
  lastId: string | undefined;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  stopped: boolean;
}

export interface RunFollower {
  /** A sighting of runs: in flight and wanted, followed; positively over, let go. */
  seen(s: Sighting): void;
  /** Runs followed now, as `zone/id`. */
  following(): string[];
  stop(): void;
}

/** `wanted(zone)`: whether a run of that zone is worth following now (a switch for runs is on). */
export function followRuns(wanted: (zone: string) => boolean): RunFollower {
  const followed = new Map<string, Followed>();

  function letGo(key: string): void {
    const f = followed.get(key);
    if (!f) return;
    followed.delete(key);
    f.stopped = true;
    if (f.timer) clearTimeout(f.timer);
    f.rereader.stop();
    f.handle?.close();
    f.handle = null;
  }

  function open(key: string, f: Followed): void {
    f.timer = null;
    if (f.stopped) return;
    if (!wanted(f.run.zone)) return letGo(key);
    // The run view's stream when it has one open (run-stream.ts): never a second one for the same run.
    openRunStream(f.run, f.lastId, {
      onEvent: (e) => {
        // The agent's own word on the connection is not news of the run.
        if (e.type === 'state' && e.id === undefined) return;
        if (e.id !== undefined) f.lastId = e.id;
        f.attempt = 0;
        f.rereader.poke();
      },
      onEnd: () => void ended(key, f),
    })
      .then((h) => {
        if (f.stopped) h.close();
        else f.handle = h;
      })
      .catch(() => void ended(key, f));
  }

  /** The stream ended: the record is read once more (its sighting lets a finished run go); else reopened, a few times. */
  async function ended(key: string, f: Followed): Promise<void> {
    f.handle = null;
    if (f.stopped) return;
    await f.rereader.now();
    if (f.stopped) return;
    const delay = REOPEN_MS[f.attempt++];
    if (delay === undefined) return letGo(key);
    f.timer = setTimeout(() => open(key, f), delay);
  }

  return {
    seen(s) {
      if (s.kind !== 'runs') return;
      for (const r of s.runs) {
        const key = `${s.zone}/${r.id}`;
        const c = classify(r.status, 'run');
        // Over, or no longer wanted (the zone's run switches went off): let go.
        if (c === 'settled' || c === 'failed' || !wanted(s.zone)) {
          letGo(key);
          continue;
        }
        if ((c !== 'progress' && !r.gate) || followed.has(key)) continue;
        if (followed.size >= MAX_FOLLOWED) continue;
        const run = { zone: s.zone, id: r.id };
        const f: Followed = {
          run,
          handle: null,
          rereader: new Rereader(() => rereadRun(run), REREAD_MS),
          lastId: undefined,
          attempt: 0,
          timer: null,
          stopped: false,
        };
        followed.set(key, f);
        open(key, f);
      }
    },
    following: () => [...followed.keys()],
    stop() {
      for (const key of [...followed.keys()]) letGo(key);
    },
  };
}
