/**
 * Registered repositories, through the real store and a mounted list: registering says whether
 * the zone had the repository already (judged from a list read just before, by id or by name in
 * any case), and the list is read again after a register or a remove, a refused one too.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { AgentError } from '@contract/errors';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { registerRepo, removeRepo, useRepos } =
  await import('../../../../src-renderer/features/applications/repos/repos');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

let repos: Raw[] = [];
let refuse: AgentError | null = null;
let view!: ReturnType<typeof useRepos>;

enableAutoUnmount(afterEach);
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  refuse = null;
  repos = [{ id: 'r1', full_name: 'Acme/Shop' }];
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
  scripted.answer = (c: ScriptedCall) => {
    if (c.op === 'repos.list') return repos;
    if (refuse) throw refuse;
    if (c.op === 'repos.create') {
      const name = (c.opts.body as { full_name: string }).full_name;
      const known = repos.find((r) => String(r.full_name).toLowerCase() === name.toLowerCase());
      if (known) return known;
      const made = { id: `r${repos.length + 1}`, full_name: name };
      repos = [...repos, made];
      return made;
    }
    return undefined;
  };
  mount(
    defineComponent({
      setup() {
        view = useRepos(() => 'eu-1');
        return () => h('p');
      },
    }),
  );
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

const names = () => (view.state.data ?? []).map((r) => r.fullName);

describe('repositories', () => {
  it('a new repository is registered and listed; one the zone had already is said to be so, whatever its case', async () => {
    const added = await registerRepo('eu-1', 'acme/api');
    expect(added.already).toBe(false);
    await flushPromises();
    expect(names()).toEqual(['Acme/Shop', 'acme/api']);
    const again = await registerRepo('eu-1', 'acme/shop');
    expect(again).toMatchObject({ already: true, repo: { id: 'r1' } });
    // A zone that answers without the id: judged by the name, in any case.
    const answer = scripted.answer;
    scripted.answer = (c) => (c.op === 'repos.create' ? { full_name: 'ACME/SHOP' } : answer(c));
    expect((await registerRepo('eu-1', 'ACME/SHOP')).already).toBe(true);
  });

  it('the list is read again after a refused register and after a remove', async () => {
    refuse = new AgentError({ status: 422, code: 'invalid', message: 'No such repository on the connector.' });
    const before = scripted.calls.filter((c) => c.op === 'repos.list').length;
    await expect(registerRepo('eu-1', 'acme/nope')).rejects.toThrow('No such repository on the connector.');
    await flushPromises();
    // One read to judge "already", one after.
    expect(scripted.calls.filter((c) => c.op === 'repos.list').length).toBe(before + 2);
    refuse = null;
    repos = [];
    await removeRepo('eu-1', 'r1');
    await flushPromises();
    expect(names()).toEqual([]);
  });
});
