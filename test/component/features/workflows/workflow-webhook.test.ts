/**
 * Rotating a workflow's webhook secret: the plaintext goes to the caller only (found at the top of
 * the reply or one envelope down); a reply without one is an error in words; either way the
 * workflow is read again, and the secret is in no resource the page holds.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { rotateWebhookSecret } = await import('../../../../src-renderer/features/workflows/production/webhook-secret');
const { useWorkflow } = await import('../../../../src-renderer/features/workflows/workflows');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

const w = { zone: 'eu-1', id: 'wf1' };
let rotated: unknown;
let view!: ReturnType<typeof useWorkflow>;

enableAutoUnmount(afterEach);
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
  scripted.answer = (c: ScriptedCall) =>
    c.op === 'workflows.get' ? { id: 'wf1', webhook: { enabled: true, secret_set: true } } : rotated;
  mount(
    defineComponent({
      setup() {
        view = useWorkflow(() => w);
        return () => h('p');
      },
    }),
  );
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

const gets = () => scripted.calls.filter((c) => c.op === 'workflows.get').length;

describe('webhook secret', () => {
  it('hands the new plaintext to the caller only, and reads the workflow again', async () => {
    rotated = { webhook: { signing_secret: 'whsec_123' } };
    expect(await rotateWebhookSecret(w)).toBe('whsec_123');
    await flushPromises();
    expect(gets()).toBe(2);
    expect(JSON.stringify(view.state.data)).not.toContain('whsec_123');
  });

  it('a reply without the plaintext is an error in words, and the workflow is read again', async () => {
    rotated = { ok: true };
    await expect(rotateWebhookSecret(w)).rejects.toThrow('The zone rotated the secret but sent no plaintext back.');
    await flushPromises();
    expect(gets()).toBe(2);
  });
});
