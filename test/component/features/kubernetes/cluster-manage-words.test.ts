/**
 * A cluster's Upgrade and Manage sections read its row through the cluster shapes: the version,
 * the upgrade under way and the worker count show the same for the standard snake_case record and
 * for one said in camelCase inside `spec` (a Kubernetes-style zone); scaling sends the standard
 * body with the field's role, so a zone that names it otherwise can teach the agent its name.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ref } from 'vue';
import type { InfraRow } from '../../../../src-renderer/features/infra-lists';
import type { InfraScreenState } from '../../../../src-renderer/features/infra-lists/views';
import { scripted, scriptedAgentModule } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const ClusterManage = (await import('../../../../src-renderer/features/kubernetes/ClusterManage.vue')).default;

enableAutoUnmount(afterEach);
beforeEach(() => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  scripted.answer = () => ({});
});

const STANDARD = {
  id: 'c1',
  name: 'demo',
  status: 'upgrading',
  version: '1.29.8',
  workers: 3,
  upgrade: { from_version: '1.29.8', to_version: '1.30.4', nodes_upgraded: 1, nodes_total: 4, progress_percent: 25 },
};
const K8S_STYLE = {
  kind: 'KubernetesCluster',
  metadata: { name: 'demo', uid: 'c1' },
  spec: {
    version: '1.29.8',
    workerCount: 3,
    upgrade: { fromVersion: '1.29.8', toVersion: '1.30.4', nodesUpgraded: 1, nodesTotal: 4, progressPercent: 25 },
  },
  status: { phase: 'Upgrading' },
};

function row(raw: Record<string, unknown>, state: string): InfraRow {
  return { key: 'c1', id: 'c1', name: 'demo', state, createdAt: undefined, raw };
}

function manage(raw: Record<string, unknown>, state: string) {
  const screen = {
    busy: ref<string | null>(null),
    run: async (_label: string, fn: () => Promise<unknown>) => {
      await fn();
      return true;
    },
    remove: vi.fn(),
  } as unknown as InfraScreenState;
  return mount(ClusterManage, {
    props: { zone: zone('eu-1'), row: row(raw, state), versions: ['1.29.8', '1.30.4'], screen },
  });
}

describe.each([
  ['standard', STANDARD],
  ['Kubernetes-style', K8S_STYLE],
])('a %s cluster record', (_style, raw) => {
  it('shows the upgrade under way, its progress and the worker count', async () => {
    const w = manage(raw, 'upgrading');
    await flushPromises();
    expect(w.text()).toContain('Upgrading 1.29.8 → 1.30.4: 1 of 4 nodes');
    expect(w.find('[aria-label="Upgrade progress"]').attributes('aria-valuenow')).toBe('25');
    expect((w.find('input[aria-label="Workers"]').element as HTMLInputElement).value).toBe('3');
  });

  it('shows the version it runs and scales with the standard body and its role', async () => {
    const settled = { ...raw } as Record<string, unknown>;
    delete settled.upgrade;
    if ('spec' in settled) settled.spec = { version: '1.30.4', workerCount: 3 };
    else settled.version = '1.30.4';
    const w = manage(settled, 'running');
    await flushPromises();
    expect(w.text()).toContain('Now 1.30.4: the newest version eu-1 offers.');
    const input = w.find('input[aria-label="Workers"]');
    await input.setValue('5');
    await input.trigger('blur');
    await w
      .findAll('form')
      .find((f) => f.find('input[aria-label="Workers"]').exists())!
      .trigger('submit');
    await flushPromises();
    const call = scripted.calls.find((c) => c.op === 'kubernetes.update');
    expect(call?.opts).toMatchObject({
      params: { id: 'c1' },
      body: { workers: 5 },
      words: { body: { workers: { role: 'cluster.workers' } } },
    });
  });
});
