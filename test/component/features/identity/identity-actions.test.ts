/**
 * Changes to the signed-in account through the real stores and a mounted security card: each one
 * that changes the security record reads it again, also after the zone refused (it may have
 * acted); a verification mail for an address already verified says so and re-reads; recovery
 * codes are taken only where the zone puts them.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { AgentError } from '@contract/errors';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { confirmTotp, newRecoveryCodes, removeDevice, sendVerifyEmail } =
  await import('../../../../src-renderer/features/identity/identity-actions');
const { useSecurity } = await import('../../../../src-renderer/features/identity/identity');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

let securityReads = 0;
let removeResult: unknown = { forgotThisBrowser: false };

enableAutoUnmount(afterEach);
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  securityReads = 0;
  scripted.command = (command) => {
    if (command === 'zones.list') return [zone('eu-1')];
    if (command === 'identity.security') return { totp_enabled: false, devices: [], n: ++securityReads };
    if (command === 'identity.devices.remove') {
      if (removeResult instanceof Error) throw removeResult;
      return removeResult;
    }
    return [];
  };
  await useZonesStore().load();
  mount(
    defineComponent({
      setup() {
        useSecurity(() => 'eu-1');
        return () => h('p');
      },
    }),
  );
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

describe('account changes', () => {
  it('a change reads the security record again, also when the zone refused it', async () => {
    removeResult = { forgotThisBrowser: true };
    expect(await removeDevice('eu-1', 'dev-1')).toBe(true);
    await flushPromises();
    expect(securityReads).toBe(2);
    removeResult = new AgentError({ status: 404, code: 'not_found', message: 'No such browser.' });
    await expect(removeDevice('eu-1', 'dev-1')).rejects.toThrow('No such browser.');
    await flushPromises();
    expect(securityReads).toBe(3);
  });

  it('a verification mail for an address already verified says so and re-reads; otherwise nothing changed', async () => {
    scripted.answer = () => ({ email_verified: true });
    expect(await sendVerifyEmail('eu-1')).toBe(true);
    await flushPromises();
    expect(securityReads).toBe(2);
    scripted.answer = () => ({ mail_sent: true });
    expect(await sendVerifyEmail('eu-1')).toBe(false);
    await flushPromises();
    expect(securityReads).toBe(2);
  });

  it('takes recovery codes only where the zone puts them', async () => {
    scripted.answer = (c: ScriptedCall) =>
      c.op === 'auth.totp.confirm' ? { recovery_codes: ['a-1', 'b-2'] } : { codes: ['x'] };
    expect(await confirmTotp('eu-1', '123456')).toEqual(['a-1', 'b-2']);
    expect(await newRecoveryCodes('eu-1', 'pw')).toEqual([]);
    scripted.answer = () => ({ recovery_codes: ['c-3', 7, null] });
    expect(await newRecoveryCodes('eu-1', 'pw')).toEqual(['c-3']);
  });
});
