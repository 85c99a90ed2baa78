/**
 * A cluster's version and worker count, which the clusters list, the all-zones list, the cluster's
 * own screen and a comparison show. The spec leaves the cluster payload "not shown": each field is
 * read under its usual names, in any letter case, at the top or inside the nested record a style
 * keeps its fields in (shapes/words.ts).
 */
import { isRecord, textOf } from '@contract/tolerant';
import { field, valueIn } from '../../../shapes/words';
import type { InfraRow } from '../infra';

export const CLUSTER_VERSION = field(
  'cluster.version',
  'version',
  'kubernetes_version',
  'k8s_version',
  'current_version',
);
export const CLUSTER_WORKERS = field(
  'cluster.workers',
  'workers',
  'worker_count',
  'workers_count',
  'node_count',
  'nodes',
);
/** What a workers record (`{count: 3}`) holds its count under. */
const COUNT = field('workers.count', 'count', 'desired', 'replicas');

/** Each name of the workers field on its own: the first that holds a count wins, as names are tried in order. */
const EACH_WORKERS = CLUSTER_WORKERS.names.map((n) => field(CLUSTER_WORKERS.role, n));

/** A whole number of at least 0 from a number or digits; undefined otherwise. */
function countOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function clusterVersionIn(raw: unknown): string | undefined {
  return textOf(valueIn(raw, CLUSTER_VERSION));
}

/**
 * The worker count: a count, a list of workers, or a record holding the count. A list under
 * `nodes` is not counted: it may hold the control plane too.
 */
export function clusterWorkersIn(raw: unknown): number | undefined {
  if (!isRecord(raw)) return undefined;
  for (const f of EACH_WORKERS) {
    const v = valueIn(raw, f);
    if (v === undefined) continue;
    const n =
      Array.isArray(v) && f.names[0] !== 'nodes' ? v.length : isRecord(v) ? countOf(valueIn(v, COUNT)) : countOf(v);
    if (n !== undefined) return n;
  }
  return undefined;
}

/** The row's version, as the list shows it. */
export const clusterVersionOf = (r: InfraRow): string | undefined => clusterVersionIn(r.raw);
/** The row's worker count, as the list shows it. */
export const clusterWorkersOf = (r: InfraRow): number | undefined => clusterWorkersIn(r.raw);
