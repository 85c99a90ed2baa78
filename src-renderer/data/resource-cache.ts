/**
 * Holds every resource the renderer has read, keyed by zone: one read in flight per key, watchers
 * counted so only watched resources poll, invalidation after mutations, and a zone's data dropped
 * when it signs out. A read that is superseded (an invalidation or refresh while it runs: what it
 * reads may predate the change; or its zone dropped) is aborted through its fetcher's signal, and
 * a new one starts at once; a read that itself superseded one is not aborted again but followed
 * by one more when it ends, so invalidations faster than a slow zone answers cannot starve a
 * resource. Views reach it through stores (use-resource.ts); nothing else keeps data.
 */
import { shallowReactive } from 'vue';
import { AgentError } from '@contract/errors';
import { toErrorData } from '../lib/errors';
import { keyMatches, keyText, type KeyFilter, type ResourceKey } from './resource-key';
import { blankState, type ResourceState } from './resource-state';
import { keyOf, pollInterval, type ResourceDef } from './resource-def';
import { PollScheduler, documentGate, type PollGate } from './poll-scheduler';

type Mode = 'mount' | 'refresh' | 'poll';

interface Entry {
  readonly key: ResourceKey;
  readonly def: ResourceDef<unknown, unknown>;
  readonly args: unknown;
  readonly state: ResourceState<unknown>;
  memo: Record<string, unknown>;
  watchers: number;
  inflight: Promise<void> | null;
  /** Aborts the read in flight (its fetcher's signal). */
  abort: AbortController | null;
  /** The read in flight replaced an aborted one: the next request waits for it (`again`). */
  superseding: boolean;
  /** A read was asked for while a superseding read ran: run once more when it ends. */
  again: boolean;
  nextPoll: number | null;
  /** Bumped when the entry is dropped, so a late reply is not shown to the next person. */
  generation: number;
  lastUsed: number;
  /** Reads that ended, successful or not: `until` looks only at reads it saw begin. */
  reads: number;
  readonly settled: Set<() => void>;
}

export interface CacheOptions {
  gate?: PollGate;
  /** Whether a zone may be read now (signed in); reads for other zones wait. */
  zoneActive?: (zone: string) => boolean;
  now?: () => number;
  /** How many unwatched resources are kept for a quick return to their screen. */
  keepUnwatched?: number;
}

export class ResourceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly scheduler: PollScheduler;
  private zoneActive: (zone: string) => boolean;
  /** A zone that is not answering is not polled; the agent probes it and says when it is back. */
  private zoneDown: (zone: string) => boolean = () => false;
  private readonly now: () => number;
  private readonly keepUnwatched: number;

  constructor(opts: CacheOptions = {}) {
    this.now = opts.now ?? (() => Date.now());
    this.zoneActive = opts.zoneActive ?? (() => true);
    this.keepUnwatched = opts.keepUnwatched ?? 64;
    this.scheduler = new PollScheduler(() => this.pollables(), opts.gate ?? documentGate(), this.now);
  }

  /** Set who may be read; call `zonesChanged` when the answer changes for some zone. */
  setZoneGate(fn: (zone: string) => boolean): void {
    this.zoneActive = fn;
    this.zonesChanged();
  }

  setZoneDown(fn: (zone: string) => boolean): void {
    this.zoneDown = fn;
  }

  /** A zone answers again: everything of it a screen watches is read now (and polls again). */
  zoneBack(zone: string): void {
    for (const e of this.entries.values()) {
      if (e.key.zone === zone && e.watchers > 0 && this.zoneActive(zone)) void this.read(e, 'poll');
    }
    this.scheduler.kick();
  }

  /** A zone signed in (or out): watched resources waiting for it are read now. */
  zonesChanged(): void {
    for (const e of this.entries.values()) {
      if (e.watchers > 0 && (e.state.status === 'idle' || e.state.stale) && !e.inflight && this.zoneActive(e.key.zone))
        void this.read(e, 'mount');
    }
    this.scheduler.kick();
  }

  state<T, A>(def: ResourceDef<T, A>, args: A): ResourceState<T> {
    return this.entry(def, args).state as ResourceState<T>;
  }

  /** Starts watching: reads now (quietly over data already shown) and polls while watched. */
  watch<T, A>(def: ResourceDef<T, A>, args: A): () => void {
    const e = this.entry(def, args);
    e.watchers++;
    if (e.watchers === 1 && this.zoneActive(e.key.zone)) void this.read(e, 'mount');
    let done = false;
    return () => {
      if (done) return;
      done = true;
      e.watchers--;
      e.lastUsed = this.now();
      if (e.watchers === 0) this.trim();
    };
  }

  /** Reads now, showing a refresh indicator over data already shown. */
  refresh<T, A>(def: ResourceDef<T, A>, args: A): Promise<void> {
    return this.read(this.entry(def, args), 'refresh');
  }

  /** Marks matching resources out of date and reads the watched ones again. */
  invalidate(filter: KeyFilter): void {
    for (const e of this.entries.values()) {
      if (!keyMatches(e.key, filter)) continue;
      e.state.stale = true;
      if (e.watchers > 0 && this.zoneActive(e.key.zone)) void this.read(e, 'poll');
    }
  }

  /** Changes the shown value in place (a record an action returned), before the next read. */
  update<T, A>(
    def: ResourceDef<T, A>,
    args: A,
    fn: (data: T | undefined, memo: Record<string, unknown>) => T | undefined,
  ): void {
    const e = this.entry(def, args);
    const next = fn(e.state.data as T | undefined, e.memo);
    if (next === undefined) return;
    e.state.data = next;
    if (e.state.status !== 'ready') e.state.status = 'ready';
    e.state.error = null;
  }

  /**
   * Resolves with the value once `done` holds for it, reading at the resource's own poll
   * interval meanwhile (the caller's resource picks that interval from the value).
   */
  until<T, A>(def: ResourceDef<T, A>, args: A, done: (data: T) => boolean, timeoutMs: number): Promise<T> {
    const e = this.entry(def, args);
    // A value read before this call (the state before an action) proves nothing: wait for a read
    // that starts from now. A read already in flight may predate the action, so it does not count.
    const after = e.reads + (e.inflight ? 1 : 0);
    const stop = this.watch(def, args);
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        if (e.reads <= after) return;
        if (e.state.error) return finish(() => reject(new AgentError(e.state.error!)));
        if (done(e.state.data as T)) finish(() => resolve(e.state.data as T));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error('The zone did not finish in time; the list keeps showing its state.'))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        e.settled.delete(check);
        stop();
        settle();
      };
      e.settled.add(check);
      if (e.reads < after || !e.inflight) void this.read(e, 'poll');
    });
  }

  /** Forgets a zone's data (signed out, signed in as someone else, or removed). */
  dropZone(zone: string): void {
    for (const [k, e] of this.entries) {
      if (e.key.zone !== zone) continue;
      e.generation++;
      e.memo = {};
      e.abort?.abort();
      e.abort = null;
      e.inflight = null;
      e.superseding = false;
      e.again = false;
      Object.assign(e.state, blankState());
      if (e.watchers === 0) this.entries.delete(k);
    }
  }

  private entry<T, A>(def: ResourceDef<T, A>, args: A): Entry {
    const key = keyOf(def, args);
    const text = keyText(key);
    let e = this.entries.get(text);
    if (!e) {
      e = {
        key,
        def: def as ResourceDef<unknown, unknown>,
        args,
        state: shallowReactive(blankState()),
        memo: {},
        watchers: 0,
        inflight: null,
        abort: null,
        superseding: false,
        again: false,
        nextPoll: null,
        generation: 0,
        lastUsed: this.now(),
        reads: 0,
        settled: new Set(),
      };
      this.entries.set(text, e);
    }
    return e;
  }

  private read(e: Entry, mode: Mode): Promise<void> {
    let superseding = false;
    if (e.inflight) {
      if (mode === 'mount') return e.inflight;
      if (e.superseding) {
        e.again = true;
        return e.inflight;
      }
      // Superseded: it may read what was there before the change that asks for this read. Its
      // reply is ignored (a new generation) and its scratch space left to it (a copy of the memo).
      e.abort?.abort();
      e.generation++;
      e.memo = { ...e.memo };
      superseding = true;
    }
    e.superseding = superseding;
    const gen = e.generation;
    const s = e.state;
    if (s.data === undefined) s.status = 'loading';
    else if (mode === 'refresh') s.refreshing = true;
    const abort = new AbortController();
    e.abort = abort;
    const run = (async () => {
      try {
        const data = await e.def.fetch(e.args, { previous: s.data, memo: e.memo, signal: abort.signal });
        if (gen !== e.generation) return;
        s.data = data;
        s.status = 'ready';
        s.error = null;
        s.stale = false;
        s.updatedAt = this.now();
      } catch (err) {
        if (gen !== e.generation) return;
        s.error = toErrorData(err);
        if (s.data === undefined) s.status = 'error';
        else s.stale = true;
      } finally {
        if (gen === e.generation) {
          e.reads++;
          s.refreshing = false;
          e.inflight = null;
          e.abort = null;
          e.superseding = false;
          const every = pollInterval(e.def, s.data);
          e.nextPoll = every === null ? null : this.now() + every;
        }
      }
      if (gen !== e.generation) return;
      for (const fn of [...e.settled]) fn();
      if (e.again) {
        e.again = false;
        void this.read(e, 'poll');
      } else this.scheduler.kick();
    })();
    e.inflight = run;
    return run;
  }

  private *pollables() {
    for (const e of this.entries.values()) {
      if (e.watchers === 0) continue;
      yield {
        dueAt: () => e.nextPoll,
        ready: () => !e.inflight && this.zoneActive(e.key.zone) && !this.zoneDown(e.key.zone),
        poll: () => void this.read(e, 'poll'),
      };
    }
  }

  /** Keeps the most recently used unwatched resources, so going back to a screen shows data at once. */
  private trim(): void {
    const idle = [...this.entries].filter(([, e]) => e.watchers === 0 && !e.inflight);
    if (idle.length <= this.keepUnwatched) return;
    idle.sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [k] of idle.slice(0, idle.length - this.keepUnwatched)) this.entries.delete(k);
  }
}
