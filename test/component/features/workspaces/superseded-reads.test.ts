/**
 * A read that a change supersedes is aborted, not only ignored: every store's fetcher hands the
 * resource layer's signal to its agent call, so the agent can drop the zone request (issue #24).
 * Shown with a workspace's record and its CI/CD status, two record resources (not lists).
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useWorkspace, workspaceChanged } = await import('../../../../src-renderer/features/workspaces/workspaces');
const { useCicdStatus } = await import('../../../../src-renderer/features/workspaces/cicd/workspace-cicd');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

const w = { zone: 'eu-1', id: 'ws1' };
/** Calls whose reply is held until the test lets it go, with the signal each was sent with. */
const held: { op: string; signal: AbortSignal | undefined; release: (v: unknown) => void }[] = [];

enableAutoUnmount(afterEach);
beforeEach(async () => {
  setActivePinia(createPinia());
  held.length = 0;
  scripted.calls.length = 0;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
  scripted.answer = (c: ScriptedCall) =>
    new Promise((release) => held.push({ op: c.op, signal: (c.opts as { signal?: AbortSignal }).signal, release }));
});
afterEach(() => resources.dropZone('eu-1'));

describe('superseded reads', () => {
  it('a change to a workspace aborts the read of it in flight and reads it again', async () => {
    mount(defineComponent({ setup: () => (useWorkspace(() => w), () => h('p')) }));
    await flushPromises();
    const first = held.find((c) => c.op === 'workspaces.get')!;
    expect(first.signal).toBeInstanceOf(AbortSignal);
    expect(first.signal!.aborted).toBe(false);
    workspaceChanged(w);
    await flushPromises();
    expect(first.signal!.aborted).toBe(true);
    expect(held.filter((c) => c.op === 'workspaces.get')).toHaveLength(2);
  });

  it('signing out of the zone aborts a CI/CD read in flight', async () => {
    mount(defineComponent({ setup: () => (useCicdStatus(() => w), () => h('p')) }));
    await flushPromises();
    const read = held.find((c) => c.op === 'workspaces.cicd.get')!;
    expect(read.signal!.aborted).toBe(false);
    resources.dropZone('eu-1');
    expect(read.signal!.aborted).toBe(true);
  });
});
