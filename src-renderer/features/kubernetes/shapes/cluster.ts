/**
 * A cluster's fields beyond id, name and state (the zone's dictionary reads those) and beyond the
 * version and worker count the lists show (infra-lists' cluster-fields.ts): the rolling upgrade
 * under way, the installable versions, and the bodies of create, update and upgrade. The spec
 * leaves these payloads "not shown": each field is read under its usual names, in any letter case,
 * at the top or inside the nested record a style keeps its fields in (shapes/words.ts).
 */
import { isRecord, textOf } from '@contract/tolerant';
import { field, valueIn, worded, type Worded } from '../../../shapes/words';
import { CLUSTER_VERSION, CLUSTER_WORKERS } from '../../infra-lists';

const UPGRADE = field('cluster.upgrade', 'upgrade', 'current_upgrade', 'upgrade_status');
const FROM = field('upgrade.from', 'from_version', 'from', 'source_version');
const TO = field('upgrade.to', 'to_version', 'to', 'target_version');
const DONE = field('upgrade.done', 'nodes_upgraded', 'upgraded_nodes', 'nodes_done');
const TOTAL = field('upgrade.total', 'nodes_total', 'total_nodes', 'node_count');
const PERCENT = field('upgrade.percent', 'progress_percent', 'percent_complete', 'percent');
const NAME = field('cluster.name', 'name', 'display_name');
/** An installable version's own number: never `name`, which a style may fill with a path or `v1.30.4`. */
const OFFERED = field('version.version', 'version', 'kubernetes_version', 'k8s_version');
const DEFAULT = field('version.default', 'default', 'is_default');

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A rolling upgrade under way, each part as far as the zone says it. */
export interface ClusterUpgrade {
  from: string | undefined;
  to: string | undefined;
  nodesDone: number | undefined;
  nodesTotal: number | undefined;
  percent: number | undefined;
}

/** The upgrade under way, or undefined when the record holds none (absent, null, or not a record). */
export function upgradeOf(raw: unknown): ClusterUpgrade | undefined {
  const u = valueIn(raw, UPGRADE);
  if (!isRecord(u)) return undefined;
  return {
    from: textOf(valueIn(u, FROM)),
    to: textOf(valueIn(u, TO)),
    nodesDone: num(valueIn(u, DONE)),
    nodesTotal: num(valueIn(u, TOTAL)),
    percent: num(valueIn(u, PERCENT)),
  };
}

export interface ClusterVersion {
  version: string;
  default: boolean;
}

/** One entry of the installable versions, or undefined when it names no version. */
export function offeredVersionOf(rec: unknown): ClusterVersion | undefined {
  if (!isRecord(rec)) return undefined;
  // A bare `{name: "1.30.4"}` at the top is the version too (read so before shapes).
  const version = textOf(valueIn(rec, OFFERED)) ?? textOf(rec.name);
  return version ? { version, default: valueIn(rec, DEFAULT) === true } : undefined;
}

/*
 * Bodies are written under the default names, each with its role and other names so the agent can
 * try the one a refusal names and remember it: a zone's cluster replies may name a field otherwise
 * than its requests do (the sandbox's variant replies `worker_count` and reads `workers`).
 */

export function createClusterBody(b: { name: string; version?: string; workers?: number }): Worded {
  return worded([
    [NAME, b.name],
    [CLUSTER_VERSION, b.version],
    [CLUSTER_WORKERS, b.workers],
  ]);
}

export function updateClusterBody(b: { name?: string; workers?: number }): Worded {
  return worded([
    [NAME, b.name],
    [CLUSTER_WORKERS, b.workers],
  ]);
}

export function upgradeClusterBody(version: string): Worded {
  return worded([[CLUSTER_VERSION, version]]);
}
