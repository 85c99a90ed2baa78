/**
 * Published versions and runs of a workflow, read tolerantly: the spec names them but leaves the
 * fields "not shown", so a version's number may sit under version/number/id (or be a bare
 * number in the list) and a run's state under status/state.
 */
import { draftSpecOf } from './workflow';
import { idOf, isRecord, listOf, pick, stateOf, timeOf, type Raw } from '../../../lib/tolerant';

export interface VersionRow {
  number: number;
  createdAt: Date | undefined;
  /** The frozen spec when the list carries it (the sandbox's does). */
  spec: unknown;
  raw: Raw;
}

function whole(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^v?\d+$/i.test(v.trim())) return Number(v.trim().replace(/^v/i, ''));
  return undefined;
}

export function toVersionRow(item: unknown): VersionRow | undefined {
  const n = whole(item);
  if (n !== undefined) return { number: n, createdAt: undefined, spec: undefined, raw: {} };
  if (!isRecord(item)) return undefined;
  const num = whole(item.version) ?? whole(item.number) ?? whole(item.version_number) ?? whole(item.id);
  if (num === undefined) return undefined;
  return {
    number: num,
    createdAt: timeOf(item, 'created_at', 'createdAt', 'published_at', 'publishedAt'),
    spec: draftSpecOf(item),
    raw: item,
  };
}

/** The versions of a list reply ({items}, {versions}, a bare array of records or numbers), newest first. */
export function versionRowsOf(reply: unknown): VersionRow[] {
  const items: unknown[] = Array.isArray(reply)
    ? reply
    : isRecord(reply) && Array.isArray(reply.versions)
      ? reply.versions
      : isRecord(reply) && Array.isArray(reply.items)
        ? reply.items
        : listOf(reply);
  const seen = new Map<number, VersionRow>();
  for (const it of items) {
    const row = toVersionRow(it);
    if (row && !seen.has(row.number)) seen.set(row.number, row);
  }
  return [...seen.values()].sort((a, b) => b.number - a.number);
}

export interface RunRow {
  id: string;
  status: string;
  version: string | undefined;
  createdAt: Date | undefined;
}

const IN_FLIGHT = /^(queued|pending|running|starting|waiting.*|paused|parked|in_progress|blocked)$/i;

export function isInFlight(status: string): boolean {
  return IN_FLIGHT.test(status);
}

/** The runs still in flight among a runs reply ({items}, {runs}, a bare array). */
export function inFlightRunsOf(reply: unknown): RunRow[] {
  const items = isRecord(reply) && Array.isArray(reply.runs) ? reply.runs.filter(isRecord) : listOf(reply);
  return items.flatMap((r) => {
    const id = idOf(r) ?? pick(r, 'run_id', 'runId');
    const status = stateOf(r);
    if (!id || !status || !isInFlight(status)) return [];
    return [{ id, status, version: pick(r, 'version'), createdAt: timeOf(r, 'created_at', 'createdAt', 'started_at') }];
  });
}

/** How many runs a 409's body says are in flight (a count, or the length of a list). */
export function inFlightCountOf(details: unknown): number | undefined {
  if (!isRecord(details)) return undefined;
  const v = details.in_flight ?? details.runs_in_flight ?? details.count;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return Array.isArray(v) ? v.length : undefined;
}

/** Run ids a 409's body names ({in_flight: [ids | runs] | count, runs: […]}), when it names any. */
export function inFlightIdsOf(details: unknown): string[] {
  if (!isRecord(details)) return [];
  const list = [details.in_flight, details.runs, details.run_ids].find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).flatMap((x) => {
    if (typeof x === 'string' && x) return [x];
    if (isRecord(x)) {
      const id = idOf(x) ?? pick(x, 'run_id');
      return id ? [id] : [];
    }
    return [];
  });
}
