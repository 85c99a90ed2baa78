/**
 * Public IPs and VPN gateways through the real stores and a mounted list: the record a change
 * returns is in the list at once, and the list is read again afterwards — after a failure too;
 * a delete leaves the list at once.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { AgentError } from '@contract/errors';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { createNet, removeNet, attachIp } = await import('../../../../src-renderer/features/networking/net-actions');
const { useInfraList } = await import('../../../../src-renderer/features/infra-lists/infra');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

let ips: Raw[] = [];
let listReads = 0;
let view!: ReturnType<typeof useInfraList>;

enableAutoUnmount(afterEach);
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  ips = [{ id: 'ip1', address: '203.0.113.1', state: 'allocated' }];
  listReads = 0;
  scripted.command = (command) => {
    if (command === 'zones.list') return [zone('eu-1')];
    if (command === 'list.poll') return { version: `v${++listReads}`, items: ips };
    return [];
  };
  await useZonesStore().load();
  mount(
    defineComponent({
      setup() {
        view = useInfraList('publicIps', () => 'eu-1');
        return () => h('p');
      },
    }),
  );
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

const ids = () => (view.state.data ?? []).map((r) => r.id);

describe('network actions', () => {
  it('a created IP is in the list at once, and the list is read again after', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const answer = scripted.command;
    scripted.command = async (command, input) => {
      if (command === 'list.poll') await held;
      return answer(command, input);
    };
    scripted.answer = () => ({ id: 'ip2', address: '203.0.113.2', state: 'allocated' });
    const row = await createNet('eu-1', 'publicIps', { zone: 'eu-1' });
    expect(row.id).toBe('ip2');
    expect(ids()).toEqual(['ip1', 'ip2']);
    ips = [...ips, { id: 'ip2', address: '203.0.113.2', state: 'allocated' }];
    release();
    await flushPromises();
    expect(listReads).toBe(2);
    expect(ids()).toEqual(['ip1', 'ip2']);
  });

  it('a change the zone refuses still reads the list again (it may have acted partly)', async () => {
    scripted.answer = () => {
      throw new AgentError({ status: 409, code: 'conflict', message: 'The NIC already has an address.' });
    };
    await expect(attachIp('eu-1', 'ip1', 'nic-1')).rejects.toThrow('The NIC already has an address.');
    await flushPromises();
    expect(listReads).toBe(2);
    expect(scripted.calls[0]).toMatchObject({
      op: 'publicIps.attach',
      opts: { body: { public_ip_id: 'ip1', nic_id: 'nic-1' } },
    });
  });

  it('a deleted IP leaves the list at once', async () => {
    scripted.answer = () => undefined;
    const row = view.state.data![0]!;
    ips = [];
    await removeNet('eu-1', 'publicIps', row);
    expect(ids()).toEqual([]);
    expect(scripted.calls[0]).toMatchObject({ op: 'publicIps.delete', opts: { params: { id: 'ip1' } } });
  });
});
