/**
 * The zone gate: who a zone is signed in as decides whether it is read and whose data is shown.
 * A user is their address, a machine its API client; a change of either forgets what the zone's
 * resources held; a zone forgotten (removed) is read no more.
 */
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../src-renderer/data/resource-def';
import { resources } from '../../../src-renderer/data/resources';
import { forgetZone, installZoneGate, noteSession, whoOf } from '../../../src-renderer/data/zone-gate';

// As main.ts does: nothing wires itself on import.
installZoneGate();

describe('the zone gate', () => {
  it('names an identity by the user’s address or the machine’s client, and nobody when signed out', () => {
    expect(whoOf({ state: 'signed_in', kind: 'user', email: 'a@example.com' })).toBe('user:a@example.com');
    expect(whoOf({ state: 'signed_in', kind: 'machine', clientId: 'ci' })).toBe('machine:ci');
    expect(whoOf({ state: 'signed_out', kind: 'user', email: 'a@example.com' })).toBe('');
  });

  it('forgets the data when the machine client changes, keeps it while the same one refreshes, and stops reading a removed zone', async () => {
    let reads = 0;
    const def = defineResource<string, string>({ name: 'thing', zone: (z) => z, fetch: async () => `read ${++reads}` });
    const stop = resources.watch(def, 'z1');
    await flushPromises();
    expect(reads).toBe(0);
    noteSession('z1', { state: 'signed_in', kind: 'machine', clientId: 'ci-1' });
    await flushPromises();
    expect(resources.state(def, 'z1').data).toBe('read 1');

    noteSession('z1', { state: 'refreshing', kind: 'machine', clientId: 'ci-1' });
    noteSession('z1', { state: 'signed_in', kind: 'machine', clientId: 'ci-1' });
    await flushPromises();
    expect(resources.state(def, 'z1').data).toBe('read 1');

    noteSession('z1', { state: 'signed_in', kind: 'machine', clientId: 'ci-2' });
    expect(resources.state(def, 'z1').data === 'read 1').toBe(false);
    await flushPromises();
    expect(resources.state(def, 'z1').data).toBe('read 2');

    forgetZone('z1');
    expect(resources.state(def, 'z1').data).toBeUndefined();
    resources.invalidate({ zone: 'z1' });
    await flushPromises();
    expect(reads).toBe(2);
    stop();
  });
});
