/**
 * All zones › Rollouts: a paused rollout drawn as stages of zone cards with the zone's reason,
 * Resume and a card's Approve sent to the agent's engine, and a `rollout.changed` event redrawing
 * the board without a reload.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rollout } from '@contract/commands-rollouts';
import { emitEvent, scripted, scriptedAgentModule } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const RolloutsView = (await import('../../../../src-renderer/features/rollouts/RolloutsView.vue')).default;
const { freshPinia, mountApp } = await import('../../support/mount-app');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');

enableAutoUnmount(afterEach);

const at = '2026-12-02T04:00:00.000Z';
const target = (zone: string, stage: number, more: Partial<Rollout['targets'][number]>) => ({
  zone,
  zoneName: zone,
  stage,
  step: 'publish' as const,
  status: 'waiting' as const,
  updatedAt: at,
  ...more,
});
const PAUSED: Rollout = {
  id: 'r0000001-aaaa',
  createdAt: at,
  updatedAt: at,
  workflowName: 'triage',
  spec: {},
  plan: {
    source: { zone: 'src', workflowId: 'w1', version: 2 },
    stages: [
      { zones: ['eu-1'], canaryWeight: 20, suiteMustPass: true, approval: false },
      { zones: ['us-1', 'us-2'], canaryWeight: null, suiteMustPass: true, approval: true },
    ],
  },
  status: 'paused',
  reason: 'The eval suite against v2 did not pass in us-2: output lacks "zebra"',
  stage: 1,
  targets: [
    target('eu-1', 0, { step: 'done', status: 'done', version: 2 }),
    target('us-1', 1, { step: 'approval', status: 'awaiting_approval', version: 3 }),
    target('us-2', 1, { step: 'suite', status: 'paused', version: 2, reason: 'output lacks "zebra"' }),
  ],
};

let pinia: Pinia;
beforeEach(() => {
  pinia = freshPinia();
  scripted.commands = [];
  scripted.command = (command, input) => {
    if (command === 'rollout.list') return [PAUSED];
    if (command === 'rollout.resume') return { ...PAUSED, status: 'running', reason: undefined };
    if (command === 'rollout.approve') return PAUSED;
    return (input as { id?: string }).id ? PAUSED : [];
  };
});

function mountView() {
  return mountApp(pinia, RolloutsView);
}

describe('the Rollouts screen', () => {
  it('draws stages as columns of zone cards, with the zone’s reason where it paused', async () => {
    const w = mountView();
    await flushPromises();
    const columns = w.findAll('section.column');
    expect(columns.map((c) => c.find('h3').text())).toEqual(['Stage 1', 'Stage 2']);
    expect(columns[0]!.text()).toContain('canary at 20 %, suite must pass');
    expect(columns[1]!.text()).toContain('straight deploy, suite must pass, approval');
    const cards = w.findAll('article.card');
    expect(cards.map((c) => c.attributes('aria-label'))).toEqual(['eu-1', 'us-1', 'us-2']);
    expect(cards[2]!.text()).toContain('Running the eval suite · v2');
    expect(cards[2]!.text()).toContain('output lacks "zebra"');
    expect(w.find('.reason').text()).toBe(PAUSED.reason);
  });

  it('sends Resume and a card’s Approve to the engine, and redraws on rollout.changed', async () => {
    const w = mountView();
    await flushPromises();
    const resume = w.findAll('button').find((b) => b.text() === 'Resume')!;
    await resume.trigger('click');
    await flushPromises();
    expect(scripted.commands.at(-1)).toEqual({ command: 'rollout.resume', input: { id: PAUSED.id } });

    emitEvent('rollout.changed', PAUSED);
    await flushPromises();
    const approve = w
      .findAll('article.card')[1]!
      .findAll('button')
      .find((b) => b.text() === 'Approve')!;
    await approve.trigger('click');
    await flushPromises();
    expect(scripted.commands.at(-1)).toEqual({ command: 'rollout.approve', input: { id: PAUSED.id, zone: 'us-1' } });

    emitEvent('rollout.changed', { ...PAUSED, status: 'finished', reason: undefined });
    await flushPromises();
    expect(w.find('.bar').text()).toContain('Finished');
    expect(w.findAll('button').some((b) => b.text() === 'Resume')).toBe(false);
  });

  it('starts one from the form: source, workflow, stages in words, a preview, the protected zone typed', async () => {
    scripted.command = (command, input) => {
      if (command === 'zones.list') return [zone('src'), zone('us-1', undefined, { protected: true })];
      if (command === 'rollout.list') return [];
      if (command === 'rollout.plan')
        return {
          workflowName: 'triage',
          version: 2,
          protectedZones: ['us-1'],
          targets: [
            {
              zone: 'us-1',
              zoneName: 'us-1',
              stage: 0,
              exists: true,
              runningVersion: 1,
              spec: 'differs',
              protected: true,
            },
          ],
        };
      if (command === 'rollout.start') return { ...PAUSED, id: 'r0000002-bbbb', status: 'running' };
      return input;
    };
    scripted.answer = (c) =>
      c.op === 'workflows.list' ? { items: [{ id: 'w1', name: 'triage', latest_version: 2 }] } : {};
    await useZonesStore().load();
    const w = mountView();
    await flushPromises();
    await w
      .findAll('button')
      .find((b) => b.text() === 'New rollout…')!
      .trigger('click');
    await w.find('select[aria-label="Source zone"]').setValue('src');
    await flushPromises();
    await w.find('select[aria-label="Workflow"]').setValue('w1');
    await flushPromises();
    expect((w.find('input[aria-label="Version"]').element as HTMLInputElement).value).toBe('2');
    await w.find('textarea[aria-label="Stages"]').setValue('us-1:canary=101');
    await w.find('form').trigger('submit');
    await flushPromises();
    expect(w.find('[role="alert"]').text()).toMatch(/canary= takes a percent from 1 to 100/);

    await w.find('textarea[aria-label="Stages"]').setValue('us-1:canary=20,suite,approve');
    await w.find('form').trigger('submit');
    await flushPromises();
    expect(w.find('.preview').text()).toContain('us-1: runs v1, spec differs');
    await w.find('input[aria-label="Protected zones\' names"]').setValue('us-1');
    await w
      .findAll('button')
      .find((b) => b.text() === 'Start')!
      .trigger('click');
    await flushPromises();
    const start = scripted.commands.find((c) => c.command === 'rollout.start')!;
    expect(start.input).toEqual({
      source: { zone: 'src', workflowId: 'w1', version: 2 },
      stages: [{ zones: ['us-1'], canaryWeight: 20, suiteMustPass: true, approval: true }],
      confirmProtected: ['us-1'],
    });
    expect(w.find('form[aria-label="New rollout"]').exists()).toBe(false);
  });
});
