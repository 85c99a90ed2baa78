/**
 * The Limits screen mounted as the app shows it: a card per ceiling with its value once read,
 * skeletons and no values while the zone has said nothing, and the zone's refusal with Retry.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, refused, scriptZone } = await import('../../support/screen-zone');
const LimitsView = (await import('../../../../src-renderer/features/limits/LimitsView.vue')).default;

enableAutoUnmount(afterEach);

const LIMITS = {
  tenant_id: 't-42',
  updated_at: '2026-01-01T00:00:00Z',
  max_cpu_cores: 48,
  max_ram_gib: 192,
  max_storage_gib: 2048,
  max_vpcs: 3,
  max_vms_per_vpc: 16,
  max_llm_tokens_month: 1_000_000,
};

describe('the Limits screen', () => {
  it('shows each ceiling the zone set, and the tenant', async () => {
    scriptZone({ reads: { 'limits.get': LIMITS } });
    const w = await mountScreen(LimitsView);
    expect(w.find('h2, h1').text()).toContain('Limits');
    const card = (label: string) => w.find(`[role="list"][aria-label="Resource limits"] [aria-label="${label}"]`);
    expect(card('CPU').text()).toContain('48');
    expect(card('CPU').text()).toContain('cores');
    expect(card('Memory').text()).toContain('192');
    expect(card('VPCs').text()).toContain('3');
    expect(w.text()).toContain('t-42');
    expect(w.text()).toContain('ceilings set for your tenant in Frankfurt');
    expect(w.find('[role="alert"]').exists()).toBe(false);
  });

  it('while the zone has said nothing: the cards, with no value claimed', async () => {
    scriptZone({ reads: { 'limits.get': new Promise(() => undefined) } });
    const w = await mountScreen(LimitsView);
    expect(w.findAll('[role="listitem"]').length).toBeGreaterThan(0);
    expect(w.find('.value').exists()).toBe(false);
    expect(w.text()).not.toContain('Tenant');
  });

  it('says the zone’s refusal and offers Retry', async () => {
    scriptZone({ reads: { 'limits.get': refused('The limits service is down.') } });
    const w = await mountScreen(LimitsView);
    const alert = w.find('[role="alert"]');
    expect(alert.text()).toContain('Couldn’t load the limits');
    expect(alert.find('button').text()).toBe('Retry');
  });
});
