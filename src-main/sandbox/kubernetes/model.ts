/**
 * Cluster records and their lazily computed lifecycle. Provisioning ends after 30 s of sandbox
 * clock or ~300 ms real; a rolling upgrade moves one node per 20 s of clock or ~300 ms real,
 * control plane first. Nothing runs in the background: refresh() settles state on every read.
 */
import type { World } from '../core/types';
import { startNow, stepsSince, type Started } from '../kit/clock';

export const VERSIONS = ['1.29.8', '1.30.4', '1.31.2'] as const;
export const DEFAULT_VERSION = '1.31.2';

export interface Upgrade {
  from_version: string;
  to_version: string;
  started: Started;
}

export interface Cluster {
  id: string;
  name: string;
  version: string;
  workers: number;
  status: 'provisioning' | 'running' | 'upgrading';
  created_at: string;
  token: string;
  ca_pem: string;
  started: Started;
  upgrade: Upgrade | null;
}

/** Compare dotted versions numerically. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function nodeCount(c: Cluster): number {
  return c.workers + 1;
}

/** How many nodes the running upgrade has finished (0 when none). */
export function upgradedNodes(world: World, c: Cluster): number {
  return c.upgrade ? Math.min(nodeCount(c), stepsSince(world, c.upgrade.started, 20, 300)) : 0;
}

export function refresh(world: World, c: Cluster): Cluster {
  if (c.status === 'provisioning' && stepsSince(world, c.started, 30, 300) >= 1) c.status = 'running';
  if (c.upgrade && upgradedNodes(world, c) >= nodeCount(c)) {
    c.version = c.upgrade.to_version;
    c.upgrade = null;
    c.status = 'running';
  }
  return c;
}

export function startUpgrade(world: World, c: Cluster, to: string): void {
  c.upgrade = { from_version: c.version, to_version: to, started: startNow(world) };
  c.status = 'upgrading';
}

export function clusterView(world: World, c: Cluster): Record<string, unknown> {
  refresh(world, c);
  const done = upgradedNodes(world, c);
  return {
    id: c.id,
    name: c.name,
    version: c.version,
    workers: c.workers,
    status: c.status,
    created_at: c.created_at,
    upgrade: c.upgrade
      ? {
          from_version: c.upgrade.from_version,
          to_version: c.upgrade.to_version,
          nodes_upgraded: done,
          nodes_total: nodeCount(c),
          progress_percent: Math.round((done / nodeCount(c)) * 100),
        }
      : null,
  };
}

export function nodesView(world: World, c: Cluster): Record<string, unknown>[] {
  refresh(world, c);
  const done = upgradedNodes(world, c);
  return Array.from({ length: nodeCount(c) }, (_, i) => {
    const upgraded = c.upgrade !== null && i < done;
    const status = c.status === 'provisioning' ? 'provisioning' : c.upgrade && i === done ? 'upgrading' : 'ready';
    return {
      name: i === 0 ? `${c.name}-control-plane-1` : `${c.name}-worker-${i}`,
      role: i === 0 ? 'control-plane' : 'worker',
      status,
      version: upgraded ? c.upgrade!.to_version : c.version,
    };
  });
}
