/**
 * A cluster's version and worker count for a comparison, read by the clusters' own shapes
 * (infra-lists' cluster-fields.ts): in any zone's words, as the lists show them.
 */
import type { Raw } from '@contract/tolerant';
import { clusterVersionIn, clusterWorkersIn } from '../infra-lists';

export function clusterFacts(raw: Raw): { version?: string; nodes?: number } {
  const v = clusterVersionIn(raw);
  const nodes = clusterWorkersIn(raw);
  return { ...(v ? { version: v } : {}), ...(nodes !== undefined ? { nodes } : {}) };
}
