/**
 * Deploy servers, which the API does not list: the ones the zone's workspaces name in their
 * records, plus those only their CI/CD status names (asked of at most 25 workspaces, never of one
 * known to have CI/CD off, one that fails skipped), each once and sorted; a restart names the
 * thing restarted under its kind's own path parameter.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { restartOnDeployServer, useKnownDeployServers } =
  await import('../../../../src-renderer/features/applications/deploy-servers');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

enableAutoUnmount(afterEach);
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
});
afterEach(() => resources.dropZone('eu-1'));

describe('deploy servers', () => {
  it('gathers the servers the workspaces name, in their records or their CI/CD status, each once, sorted', async () => {
    const workspaces: Raw[] = [
      { id: 'w1', deploy_server_id: 'ds-b' },
      { id: 'w2', cicd_enabled: false },
      { id: 'w3' },
      { id: 'w4' },
      { id: 'w5', deploy_server_id: 'ds-b' },
      ...Array.from({ length: 30 }, (_, i) => ({ id: `x${i}` })),
    ];
    scripted.answer = (c: ScriptedCall) => {
      if (c.op === 'workspaces.list') return workspaces;
      const id = c.opts.params!.id!;
      if (id === 'w3') return { deploy_server_id: 'ds-a' };
      if (id === 'w4') throw new Error('not ready');
      return { deploy_server_id: id.startsWith('x') ? 'ds-c' : undefined };
    };
    let view!: ReturnType<typeof useKnownDeployServers>;
    mount(
      defineComponent({
        setup() {
          view = useKnownDeployServers(() => 'eu-1');
          return () => h('p');
        },
      }),
    );
    await flushPromises();
    expect(view.state.data).toEqual(['ds-a', 'ds-b', 'ds-c']);
    const asked = scripted.calls.filter((c) => c.op === 'workspaces.cicd.get').map((c) => c.opts.params!.id);
    expect(asked).not.toContain('w2');
    expect(asked).not.toContain('w1');
    expect(asked).toHaveLength(25);
  });

  it('restarts under each kind’s own path parameter', async () => {
    scripted.answer = () => undefined;
    await restartOnDeployServer('eu-1', 'applications', 'ds-a', 'storefront');
    await restartOnDeployServer('eu-1', 'databases', 'ds-a', 'orders');
    expect(scripted.calls.map((c) => [c.op, c.opts.params])).toEqual([
      ['deployServers.applications.restart', { id: 'ds-a', app: 'storefront' }],
      ['deployServers.databases.restart', { id: 'ds-a', db: 'orders' }],
    ]);
  });
});
