/**
 * Published versions and runs of a workflow, read tolerantly: the spec names them but leaves the
 * fields "not shown", so a version's number may sit under version/number/id (or be a bare
 * number in the list) and a run's state under status/state.
 */
import { draftSpecOf } from './workflow';
import { recordView } from './record-view';
import { kindReader } from '@contract/dictionary/kind-reader';
import { versionNumber, versionNumberKey } from '@contract/dictionary/version-number';
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

/** The number under the names zones give it; `byValue` is the key the list's values say holds it. */
function numberOf(v: Raw, byValue?: string): number | undefined {
  const named = whole(v.version) ?? whole(v.number) ?? whole(v.version_number) ?? whole(v.id) ?? whole(v.name);
  return named ?? (byValue === undefined ? undefined : versionNumber(v[byValue]));
}

/** How a zone's versions are read where no name of ours holds their number: by value, over the records read together. */
interface ByValue {
  key: string | undefined;
  created: (v: Raw) => Date | undefined;
}

function byValueOver(views: readonly Raw[]): ByValue {
  return { key: versionNumberKey(views), created: kindReader(undefined, views, 'version').created };
}

/**
 * One version, read with `by` (made from the list it came in; else from itself alone): a zone
 * that names the number its own way has it read by value (version-number.ts), and its creation
 * time by the zone's dictionary's inference.
 */
export function toVersionRow(item: unknown, by?: ByValue): VersionRow | undefined {
  const n = whole(item);
  if (n !== undefined) return { number: n, createdAt: undefined, spec: undefined, raw: {} };
  if (!isRecord(item)) return undefined;
  // Its fields wherever the style nests them (a Kubernetes `spec` holding version and spec).
  const v = recordView(item);
  const named = numberOf(v);
  const read = named === undefined ? (by ?? byValueOver([v])) : undefined;
  const num = named ?? numberOf(v, read?.key);
  if (num === undefined) return undefined;
  return {
    number: num,
    createdAt:
      timeOf(v, 'created_at', 'createdAt', 'published_at', 'publishedAt', 'creationTimestamp') ?? read?.created(v),
    spec: draftSpecOf(v),
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
  // Read by value only where no record says its number under a name of ours.
  const views = items.filter(isRecord).map((r) => recordView(r));
  const by = views.some((v) => numberOf(v) !== undefined)
    ? { key: undefined, created: () => undefined }
    : byValueOver(views);
  const seen = new Map<number, VersionRow>();
  for (const it of items) {
    const row = toVersionRow(it, by);
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
