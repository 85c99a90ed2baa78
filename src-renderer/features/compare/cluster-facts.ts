/**
 * A cluster's version and worker count for a comparison. Clusters have no shapes module yet (see
 * test/unit/lint/zone-field-names.test.ts): the count is the contract's reader, the version's names
 * are gathered here in shapes' own form.
 */
import { workerCountOf, type Raw } from '@contract/tolerant';
import { field, valueIn } from '../../shapes/words';

const VERSION = field('cluster.version', 'version', 'kubernetes_version', 'k8s_version');

export function clusterFacts(raw: Raw): { version?: string; nodes?: number } {
  const v = valueIn(raw, VERSION);
  const nodes = workerCountOf(raw);
  return { ...(typeof v === 'string' && v ? { version: v } : {}), ...(nodes !== undefined ? { nodes } : {}) };
}
