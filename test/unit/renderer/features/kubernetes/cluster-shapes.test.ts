/**
 * A cluster's fields read through its shapes in any zone's words: the standard snake_case record,
 * and the same record as the sandbox's Kubernetes, Google-AIP and AWS styles say it (camelCase,
 * PascalCase, nested in `spec`); the bodies under the default names, each with its role.
 */
import { describe, expect, it } from 'vitest';
import type { SandboxRequest } from '../../../../../src-main/sandbox/core/types';
import { K8S } from '../../../../../src-main/sandbox/dialect/style-k8s';
import { GOOGLE } from '../../../../../src-main/sandbox/dialect/style-google';
import { AWS } from '../../../../../src-main/sandbox/dialect/style-aws';
import { kindOf } from '../../../../../src-main/sandbox/dialect/style-kinds';
import type { Style } from '../../../../../src-main/sandbox/dialect/style-edge';
import { clusterVersionIn, clusterWorkersIn } from '../../../../../src-renderer/features/infra-lists';
import {
  createClusterBody,
  offeredVersionOf,
  updateClusterBody,
  upgradeClusterBody,
  upgradeOf,
} from '../../../../../src-renderer/features/kubernetes/shapes/cluster';
import { clusterNodeOf } from '../../../../../src-renderer/features/kubernetes/shapes/node';
import { clusterProgressText, upgradeProgress } from '../../../../../src-renderer/features/kubernetes/clusters';

/** A cluster as the sandbox's standard dialect answers it, mid-upgrade. */
const STANDARD = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  name: 'demo',
  version: '1.29.8',
  workers: 3,
  status: 'upgrading',
  created_at: '2025-01-01T00:00:00.000Z',
  upgrade: { from_version: '1.29.8', to_version: '1.30.4', nodes_upgraded: 1, nodes_total: 4, progress_percent: 25 },
};
const NODE = { name: 'demo-worker-1', role: 'worker', status: 'ready', version: '1.30.4' };
const OFFERED = { version: '1.30.4', default: true };

const req = {
  routeId: 'kubernetes.get',
  query: new URLSearchParams(),
  headers: {},
  zone: { id: 'eu-1' },
} as unknown as SandboxRequest;
const said = (style: Style, routeId: string, rec: Record<string, unknown>) =>
  style.record(kindOf(routeId)!, rec, routeId, { ...req, routeId });

const STYLES: [string, (routeId: string, rec: Record<string, unknown>) => unknown][] = [
  ['standard', (_r, rec) => rec],
  ['k8s', (r, rec) => said(K8S, r, rec)],
  ['google', (r, rec) => said(GOOGLE, r, rec)],
  ['aws', (r, rec) => said(AWS, r, rec)],
];

describe.each(STYLES)('a cluster said in the %s style', (_style, say) => {
  const cluster = say('kubernetes.get', STANDARD);

  it('reads its version and worker count', () => {
    expect(clusterVersionIn(cluster)).toBe('1.29.8');
    expect(clusterWorkersIn(cluster)).toBe(3);
  });

  it('reads the upgrade under way, and its progress', () => {
    expect(upgradeOf(cluster)).toEqual({ from: '1.29.8', to: '1.30.4', nodesDone: 1, nodesTotal: 4, percent: 25 });
    expect(upgradeProgress(cluster as Record<string, unknown>)).toBe(0.25);
    expect(clusterProgressText(cluster as Record<string, unknown>)).toBe('1 of 4 nodes upgraded');
  });

  it('reads a node and an installable version', () => {
    expect(clusterNodeOf(say('kubernetes.nodes', NODE))).toEqual({
      name: 'demo-worker-1',
      role: 'worker',
      state: expect.stringMatching(/^ready$/i),
      version: '1.30.4',
    });
    expect(offeredVersionOf(say('kubernetes.versions', OFFERED))).toEqual({ version: '1.30.4', default: true });
  });
});

describe('a cluster in the words of other zones', () => {
  it('reads worker counts under each usual name, as a count, a list or a record', () => {
    const cases: [Record<string, unknown>, number | undefined][] = [
      [{ workers: 3 }, 3],
      [{ worker_count: 4 }, 4],
      [{ workerCount: 4 }, 4],
      [{ spec: { nodeCount: 5 } }, 5],
      [{ workers: '6' }, 6],
      [{ workers: [{ name: 'w1' }, { name: 'w2' }] }, 2],
      [{ workers: { count: 7 } }, 7],
      [{ Workers: { Replicas: 2 } }, 2],
      [{ nodes: 2 }, 2],
      // A list of nodes may hold the control plane too: not a worker count.
      [{ nodes: [{}, {}, {}] }, undefined],
      // A name that holds no count gives way to the next that does.
      [{ workers: 'many', worker_count: 2 }, 2],
      [{}, undefined],
      [{ workers: -1 }, undefined],
      [{ workers: 2.5 }, undefined],
    ];
    for (const [raw, n] of cases) expect(clusterWorkersIn(raw), JSON.stringify(raw)).toBe(n);
  });

  it('has no upgrade when the record holds none, or null', () => {
    expect(upgradeOf({ version: '1.30' })).toBeUndefined();
    expect(upgradeOf({ upgrade: null })).toBeUndefined();
    expect(clusterProgressText({ version: '1.30' }, 'running')).toBe('Running 1.30');
  });

  it('reads a bare `{name}` version, and a node whose role is its `kind`', () => {
    expect(offeredVersionOf({ name: '1.31.0' })).toEqual({ version: '1.31.0', default: false });
    expect(offeredVersionOf({ isDefault: true })).toBeUndefined();
    expect(clusterNodeOf({ name: 'n1', kind: 'control-plane', state: 'Ready', kubeletVersion: 'v1.30' })).toEqual({
      name: 'n1',
      role: 'control-plane',
      state: 'Ready',
      version: 'v1.30',
    });
  });
});

describe('cluster bodies', () => {
  it('are the standard names, each with its role and other names for a refusal to rename', () => {
    const create = createClusterBody({ name: 'demo', version: '1.30.4', workers: 2 });
    expect(create.values).toEqual({ name: 'demo', version: '1.30.4', workers: 2 });
    expect(create.words.workers).toMatchObject({
      role: 'cluster.workers',
      alts: expect.arrayContaining(['worker_count']),
    });
    expect(createClusterBody({ name: 'demo', workers: 2 }).values).toEqual({ name: 'demo', workers: 2 });
    expect(updateClusterBody({ workers: 5 }).values).toEqual({ workers: 5 });
    expect(upgradeClusterBody('1.30.4').values).toEqual({ version: '1.30.4' });
  });
});
