/**
 * Captured container output without storing it: a running container writes one line per clock
 * second, and every line is recomputed from its number (text from a hash, time from the run
 * segment it belongs to). The host keeps the last HOST_LINES lines; older ones are "archived".
 */
import type { Instance, LogState } from '../model';

export const LINE_MS = 1000;
export const HOST_LINES = 1000;

/** The log state, derived on first touch from the record (seeds: backlog, then a run since statusSince). */
export function ensureLog(inst: Instance): LogState {
  if (!inst.log) {
    const running = inst.status === 'running';
    inst.log = {
      base: inst.backlog,
      openAt: running ? inst.statusSince : null,
      segments: [[1, inst.createdAt - inst.backlog * LINE_MS]],
    };
    if (running) inst.log.segments.push([inst.backlog + 1, inst.statusSince]);
  }
  return inst.log;
}

/** Lines captured so far: the first line of a run is written the moment it starts. */
export function lineCount(inst: Instance, now: number): number {
  const log = ensureLog(inst);
  if (log.openAt === null) return log.base;
  return log.base + Math.floor(Math.max(0, now - log.openAt) / LINE_MS) + 1;
}

/** Call before the status is written: closes or opens the current run. */
export function logOnStatus(inst: Instance, from: string, to: string, now: number): void {
  if (inst.kind !== 'container') return;
  const log = ensureLog(inst);
  if (from === 'running' && to !== 'running') {
    log.base = lineCount(inst, now);
    log.openAt = null;
  } else if (to === 'running' && from !== 'running') {
    log.openAt = now;
    log.segments.push([log.base + 1, now]);
  }
}

export function lineTime(log: LogState, n: number): number {
  for (let i = log.segments.length - 1; i >= 0; i--) {
    const [first, at] = log.segments[i]!;
    if (first <= n) return at + (n - first) * LINE_MS;
  }
  return log.segments[0]![1];
}

const MESSAGES: readonly ((h: number) => string)[] = [
  (h) => `GET /api/items/${h % 997} 200 ${(h % 90) + 3}ms`,
  (h) => `POST /api/orders 201 ${(h % 200) + 10}ms`,
  () => 'GET /healthz 200 1ms',
  (h) => `worker: job ${h % 100000} done in ${(h % 900) + 50}ms`,
  (h) => `cache: hit ratio 0.${(h % 90) + 10}`,
];

// toISOString dominated archive generation; lines are a second apart, so the minute is reused.
let cachedMinute = NaN;
let cachedPrefix = '';

function isoFast(ms: number): string {
  const minute = Math.floor(ms / 60_000);
  if (minute !== cachedMinute) {
    cachedMinute = minute;
    cachedPrefix = new Date(minute * 60_000).toISOString().slice(0, 17); // YYYY-MM-DDTHH:MM:
  }
  const rest = ms - minute * 60_000;
  const sec = Math.floor(rest / 1000);
  const milli = rest % 1000;
  return `${cachedPrefix}${sec < 10 ? '0' : ''}${sec}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

function hash(seed: number, n: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n, 0xc2b2ae35);
  h ^= h >>> 15;
  return Math.imul(h, 0x27d4eb2d) >>> 0;
}

/** One line, numbered so order and completeness can be checked: `<iso> <stream> <n> <message>`. */
export function lineText(inst: Instance, log: LogState, n: number): string {
  const h = hash(inst.seed, n);
  const stderr = h % 13 === 0;
  const msg = stderr ? `warn: slow query took ${(h % 2000) + 500}ms` : MESSAGES[h % MESSAGES.length]!(h >>> 4);
  return `${isoFast(lineTime(log, n))} ${stderr ? 'stderr' : 'stdout'} ${String(n).padStart(7, '0')} ${msg}`;
}

/** First line number whose time is at or after `since`, searching [lo, hi] (time grows with n). */
export function firstLineSince(log: LogState, since: number, lo: number, hi: number): number {
  let a = lo;
  let b = hi + 1;
  while (a < b) {
    const mid = Math.floor((a + b) / 2);
    if (lineTime(log, mid) >= since) b = mid;
    else a = mid + 1;
  }
  return a;
}
