/** The zone health tracker: when a zone is called down and back, the probe's backoff, and the coalesced event. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_CODES, AgentError } from '../../../src-main/contract/errors';
import type { ZoneHealth } from '../../../src-main/contract/commands';
import { PROBE_BACKOFF_MS, ZoneHealthTracker, isUnreachable } from '../../../src-main/agent/zones/zone-health';
import { HEALTH_EVENT_MS, HealthBoard } from '../../../src-main/agent/zones/health-board';

const refused = () => new AgentError({ status: 0, code: AGENT_CODES.network, message: 'Nothing is listening.' });
const unavailable = () => new AgentError({ status: 503, code: 'injected_fault', message: 'Down for now.' });
const notFound = () => new AgentError({ status: 404, code: 'not_found', message: 'No such thing.' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** A tracker whose probe fails (or succeeds) as `answer` says, recording its own outcome as the client would. */
function setup(answer: () => AgentError | null = () => unavailable()) {
  const probes: number[] = [];
  const changes: boolean[] = [];
  const t: ZoneHealthTracker = new ZoneHealthTracker('eu-1', {
    probe: async () => {
      probes.push(Date.now());
      const err = answer();
      t.record(err ? { ms: 5, error: err } : { ms: 7 });
    },
    onChange: (urgent) => changes.push(urgent),
  });
  return { t, probes, changes };
}

describe('ZoneHealthTracker', () => {
  it('is reachable after an answer, with the median latency of recent calls', () => {
    const { t, changes } = setup();
    expect(t.view().state).toBe('unknown');
    for (const ms of [10, 50, 20]) t.record({ ms });
    expect(t.view()).toMatchObject({ state: 'reachable', latencyMs: 20, lastError: null, downSince: null });
    expect(changes).toEqual([true, false, false]);
  });

  it('counts a refusal (4xx) as the zone answering, but keeps its words as the last error', () => {
    const { t } = setup();
    t.record({ ms: 4, error: notFound() });
    expect(t.view()).toMatchObject({ state: 'reachable', lastError: 'No such thing.' });
    expect(isUnreachable(notFound())).toBe(false);
    expect(isUnreachable(unavailable())).toBe(true);
    expect(isUnreachable(new AgentError({ status: 0, code: AGENT_CODES.cancelled, message: 'x' }))).toBe(false);
  });

  it('one failure is not an outage: the probe a second later decides', async () => {
    const { t, probes, changes } = setup();
    t.record({ ms: 3 });
    t.record({ ms: 3, error: refused() });
    expect(t.view().state).toBe('reachable');
    expect(changes.at(-1)).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(probes).toHaveLength(1);
    expect(t.view()).toMatchObject({ state: 'unreachable', lastError: 'Down for now.' });
    expect(t.view().downSince).toBe(Date.parse('2026-11-23T12:00:00Z'));
    expect(changes.at(-1)).toBe(true);
  });

  it('one blip failing every call in flight at once is not an outage; its health check decides', async () => {
    let down = false;
    const { t, probes } = setup(() => (down ? unavailable() : null));
    t.record({ ms: 3 });
    for (let i = 0; i < 5; i++) t.record({ ms: 3, error: refused() }); // one reset, five calls on it
    expect(t.view().state).toBe('reachable');
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(probes).toHaveLength(1);
    expect(t.view().state).toBe('reachable'); // the check was answered: nothing is held
    down = true;
    t.record({ ms: 3, error: refused() });
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(t.view().state).toBe('unreachable'); // the check failed: now it is an outage
  });

  it('calls alone make an outage only when they keep failing for a while', async () => {
    const { t } = setup();
    t.record({ ms: 3 });
    t.record({ ms: 3, error: refused() });
    await vi.advanceTimersByTimeAsync(500);
    t.record({ ms: 3, error: refused() });
    t.record({ ms: 3, error: refused() });
    expect(t.view().state).toBe('reachable'); // three failures within half a second
    await vi.advanceTimersByTimeAsync(1_600); // the probe (at 1 s) fails: down either way
    expect(t.view().state).toBe('unreachable');
  });

  it('probes with exponential backoff up to 30 s while the zone stays down', async () => {
    const { t, probes } = setup();
    const start = Date.now();
    t.record({ ms: 1, error: refused() });
    await vi.advanceTimersByTimeAsync(120_000);
    const gaps = probes.map((at, i) => at - (i ? probes[i - 1]! : start));
    expect(gaps.slice(0, 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(t.view().nextProbeAt).toBeGreaterThan(Date.now());
  });

  it('declares the zone back by itself when a probe is answered, and stops probing', async () => {
    let down = true;
    const { t, probes, changes } = setup(() => (down ? unavailable() : null));
    t.record({ ms: 1, error: refused() });
    await vi.advanceTimersByTimeAsync(3_000); // probes at 1 s and 3 s
    expect(t.view().state).toBe('unreachable');
    down = false;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(t.view()).toMatchObject({ state: 'reachable', downSince: null, nextProbeAt: null });
    expect(changes.at(-1)).toBe(true);
    const n = probes.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toHaveLength(n);
  });

  it('a call that succeeds meanwhile ends the outage too, and the backoff starts over next time', async () => {
    const { t, probes } = setup();
    t.record({ ms: 1, error: refused() });
    await vi.advanceTimersByTimeAsync(3_000);
    t.record({ ms: 9 });
    expect(t.view().state).toBe('reachable');
    const before = probes.length;
    t.record({ ms: 1, error: refused() });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probes).toHaveLength(before + 1);
  });

  it('a probe answered with a refusal (it carries no token) brings the zone back without an error to show', async () => {
    let down = true;
    const { t } = setup(() => (down ? unavailable() : notFound()));
    t.record({ ms: 1, error: refused() });
    await vi.advanceTimersByTimeAsync(1_000);
    down = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.view()).toMatchObject({ state: 'reachable', lastError: 'Down for now.' });
  });

  it('stops probing once disposed', async () => {
    const { t, probes } = setup();
    t.record({ ms: 1, error: refused() });
    t.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toHaveLength(0);
  });
});

describe('HealthBoard', () => {
  it('reports a change of reachability at once and coalesces the rest to one event a second', async () => {
    const events: ZoneHealth[][] = [];
    const board = new HealthBoard((c) => events.push(c));
    const eu = board.track('eu-1', () => null as never);
    const us = board.track('us-1', () => null as never);
    eu.record({ ms: 5 });
    expect(events).toHaveLength(1); // unknown → reachable: at once
    for (let i = 0; i < 50; i++) eu.record({ ms: 5 + i });
    us.record({ ms: 8 });
    expect(events).toHaveLength(2); // us-1 became reachable: at once, and carries eu-1's pending change
    expect(events[1]!.map((h) => h.zone).sort()).toEqual(['eu-1', 'us-1']);
    for (let i = 0; i < 50; i++) us.record({ ms: 9 });
    await vi.advanceTimersByTimeAsync(HEALTH_EVENT_MS);
    expect(events).toHaveLength(3);
    expect(events[2]!.map((h) => h.zone)).toEqual(['us-1']);
    await vi.advanceTimersByTimeAsync(10 * HEALTH_EVENT_MS);
    expect(events).toHaveLength(3);
    expect(board.all().map((h) => h.state)).toEqual(['reachable', 'reachable']);
    board.dispose();
  });
});
