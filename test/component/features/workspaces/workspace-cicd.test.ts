/**
 * A workspace's CI/CD through the real store and a mounted tab: a move's reply puts its status in
 * place at once and the history is read again; an empty reply is not taken for a status (it is
 * read instead); enable binds a deploy server only when one is given; refusals that ask
 * something of the person are put in words.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { deployNow, enableCicd, explainDeploy, explainEnable, useCicdStatus, useDeployments } =
  await import('../../../../src-renderer/features/workspaces/cicd/workspace-cicd');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

const w = { zone: 'eu-1', id: 'ws1' };
let status: Record<string, unknown> = {};
let moveReply: unknown = undefined;
let view!: { status: ReturnType<typeof useCicdStatus>; history: ReturnType<typeof useDeployments> };

enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
  status = { enabled: true, app_status: 'running (abc1234)', last_deployed_sha: 'abc1234' };
  scripted.answer = (c: ScriptedCall) => {
    if (c.op === 'workspaces.cicd.get') return status;
    if (c.op === 'workspaces.cicd.deployments') return [{ id: 'd1', status: 'succeeded' }];
    return moveReply;
  };
  mount(
    defineComponent({
      setup() {
        view = { status: useCicdStatus(() => w), history: useDeployments(() => w) };
        return () => h('p');
      },
    }),
  );
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

const reads = (op: string) => scripted.calls.filter((c) => c.op === op).length;

describe('workspace CI/CD', () => {
  it('a deploy’s reply shows at once, and the history is read again', async () => {
    moveReply = { cicd: { enabled: true, app_status: 'deploying', last_deployed_sha: 'abc1234' } };
    const statusReads = reads('workspaces.cicd.get');
    const historyReads = reads('workspaces.cicd.deployments');
    const shown = await deployNow(w);
    expect(shown.appStatus).toBe('deploying');
    expect(view.status.state.data?.appStatus).toBe('deploying');
    await flushPromises();
    expect(reads('workspaces.cicd.deployments')).toBe(historyReads + 1);
    expect(reads('workspaces.cicd.get')).toBe(statusReads);
  });

  it('an empty reply is not taken for a status: the status is read instead', async () => {
    moveReply = {};
    status = { enabled: true, app_status: 'deploying' };
    const statusReads = reads('workspaces.cicd.get');
    await deployNow(w);
    await flushPromises();
    expect(reads('workspaces.cicd.get')).toBe(statusReads + 1);
    expect(view.status.state.data?.appStatus).toBe('deploying');
  });

  it('enable binds a deploy server only when one is given', async () => {
    moveReply = { enabled: true };
    await enableCicd(w);
    await enableCicd(w, 'ds-7');
    const bodies = scripted.calls.filter((c) => c.op === 'workspaces.cicd.enable').map((c) => c.opts.body);
    expect(bodies).toEqual([{}, { deploy_server_id: 'ds-7' }]);
  });

  it('says what a refused enable or deploy asks of the person', () => {
    const e = (code: string, status = 422) => ({ status, code, message: 'zone words' });
    expect(explainEnable(e('deploy_server_required')).message).toBe(
      'No deploy server is bound to this workspace yet: choose one to deploy to.',
    );
    expect(explainEnable(e('workspace_not_ready')).message).toMatch(/^The workspace is not ready yet/);
    expect(explainEnable(e('other')).message).toBe('zone words');
    expect(explainDeploy(e('conflict', 409)).message).toBe(
      'The zone cannot deploy this workspace now: zone words. It needs to be ready, with a deploy server bound.',
    );
    expect(explainDeploy(e('conflict', 500)).message).toBe('zone words');
  });
});
