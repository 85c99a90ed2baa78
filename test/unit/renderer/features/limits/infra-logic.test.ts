/** Pure parts of the infra screens: palette grab entries, limit cards, refusals, upgrade progress. */
import { describe, expect, it } from 'vitest';
import { filterPalette, grabItems } from '../../../../../src-renderer/shell/palette-entries';
import { LIMIT_CARDS } from '../../../../../src-renderer/features/limits/limit-cards';
import { runningVmOf, computeArea } from '../../../../../src-renderer/features/storage/disk-actions';
import { upgradeProgress } from '../../../../../src-renderer/features/kubernetes/clusters';
import { AgentError } from '../../../../../src-main/contract/errors';
import { registerNavigation } from '../../../../../src-renderer/shell/areas';

registerNavigation();

describe('quick grab entries', () => {
  const items = grabItems([
    { zone: 'eu-1', zoneName: 'eu-1', kind: 'cluster', id: 'c1', name: 'demo', status: 'running' },
    { zone: 'us-1', zoneName: 'us-1', kind: 'cluster', id: 'c2', name: 'demo' },
    { zone: 'eu-1', zoneName: 'eu-1', kind: 'vpn-gateway', id: 'g1', name: 'office' },
  ]);
  it('finds a cluster by name across zones and narrows by zone', () => {
    expect(filterPalette(items, 'demo').map((i) => i.id)).toEqual(['grab:eu-1:cluster:c1', 'grab:us-1:cluster:c2']);
    expect(filterPalette(items, 'demo us').map((i) => i.id)).toEqual(['grab:us-1:cluster:c2']);
  });
  it('says what Enter does', () => {
    expect(items[2]).toMatchObject({
      label: 'office · eu-1',
      hint: 'VPN gateway · save profile',
      action: { kind: 'grab', what: 'vpn-gateway', id: 'g1' },
    });
  });
  it('opens workflows and skills in their screens instead of writing a file', () => {
    const [wf, skill] = grabItems([
      { zone: 'us-1', zoneName: 'us-1', kind: 'workflow', id: 'w1', name: 'triage' },
      { zone: 'eu-1', zoneName: 'eu-1', kind: 'skill', id: 's1', name: 'summarize' },
    ]);
    expect(wf).toMatchObject({
      hint: 'Workflow · open',
      action: { kind: 'open', zone: 'us-1', area: 'workflows', section: 'workflows', id: 'w1' },
    });
    expect(skill).toMatchObject({
      hint: 'Skill · open',
      action: { kind: 'open', area: 'workflows', section: 'skills' },
    });
    expect(filterPalette([...items, wf!, skill!], 'tri').map((i) => i.label)).toEqual(['triage · us-1']);
  });
});

describe('limit cards', () => {
  const get = (k: string) => LIMIT_CARDS.find((c) => c.key === k)!;
  it('give every numeric field of the record a unit', () => {
    expect(LIMIT_CARDS.map((c) => c.key).sort()).toEqual([
      'max_cpu_cores',
      'max_llm_tokens_month',
      'max_ram_gib',
      'max_storage_gib',
      'max_vms_per_vpc',
      'max_vpcs',
    ]);
    expect(`${get('max_storage_gib').format(2048)} ${get('max_storage_gib').unit(2048)}`).toBe('2 TiB');
    expect(`${get('max_storage_gib').format(500)} ${get('max_storage_gib').unit(500)}`).toBe('500 GiB');
    expect(get('max_cpu_cores').unit(1)).toBe('core');
    expect(get('max_llm_tokens_month').format(5_000_000)).toMatch(/^5\s?M$/);
  });
});

describe('a refused migrate', () => {
  it('names the running VM from the 409 body', () => {
    const e = new AgentError({
      status: 409,
      code: 'disk_attached_to_running_vm',
      message: 'm',
      details: { instance_id: 'vm1', instance_kind: 'microvm' },
    });
    expect(runningVmOf(e)).toEqual({ id: 'vm1', kind: 'microvm' });
    expect(computeArea('container')).toBe('containers');
  });
  it('is not confused with other errors', () => {
    expect(runningVmOf(new AgentError({ status: 409, code: 'device_busy', message: 'm' }))).toBeNull();
    expect(runningVmOf(new AgentError({ status: 422, code: 'unknown_host', message: 'm' }))).toBeNull();
  });
});

describe('upgrade progress', () => {
  it('reads percent, else nodes, else nothing', () => {
    expect(upgradeProgress({ upgrade: { progress_percent: 50 } })).toBe(0.5);
    expect(upgradeProgress({ upgrade: { nodes_upgraded: 1, nodes_total: 4 } })).toBe(0.25);
    expect(upgradeProgress({ upgrade: null })).toBeUndefined();
  });
});
