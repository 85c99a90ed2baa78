/**
 * A zone's home page (features/zone-home) through the real stores and the areas' own resources:
 * loading (skeletons, nothing claimed yet), filled (health and session, counts per area as links,
 * limits as meters with the use the lists show, a run at its gate, a failed deployment, this
 * machine's changes) and error (a list or the limits refused: said in words, the rest still shown).
 * Each list is read once, however many parts of the page show it.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone, signedIn } from '../../support/zones';
import { up } from '../../support/zone-health';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { useUiStore } = await import('../../../../src-renderer/state/ui');
const { resources } = await import('../../../../src-renderer/data');
const { noteHealth } = await import('../../../../src-renderer/data/zone-health');
const ZoneHomeView = (await import('../../../../src-renderer/features/zone-home/ZoneHomeView.vue')).default;
const { freshPinia, mountApp } = await import('../../support/mount-app');

const UNTIL = Date.now() + 3_600_000;
const EU1 = zone('eu-1', { ...signedIn('dev@example.com'), until: UNTIL });
const LIMITS = {
  tenant_id: 't1',
  max_cpu_cores: 16,
  max_ram_gib: 64,
  max_storage_gib: 2048,
  max_vpcs: 5,
  max_vms_per_vpc: 10,
  max_llm_tokens_month: 5_000_000,
  updated_at: '2026-01-01T00:00:00Z',
};
const LISTS: Record<string, unknown[]> = {
  'containers.list': [
    { id: 'c1', name: 'web-1', status: 'running', cpu: 2, memory_mib: 2048 },
    { id: 'c2', name: 'web-2', status: 'running', cpu: 1.5, memory_mib: 1024 },
  ],
  'microvms.list': [{ id: 'm1', name: 'vm-1', status: 'running', vcpus: 4, memory_mib: 4096 }],
  'kubernetes.list': [{ id: 'k1', name: 'prod', status: 'running' }],
  'publicIps.list': [],
  'vpnGateways.list': [],
};

/** Answers per operation; `refuse` names operations the zone refuses. */
let refuse = new Set<string>();
let hold = false;
const never = new Promise<never>(() => {});
function answer(c: ScriptedCall): unknown {
  if (hold) return never;
  if (refuse.has(c.op)) throw Object.assign(new Error('You may not read this.'), { status: 403, code: 'forbidden' });
  if (c.op === 'limits.get') return LIMITS;
  if (c.op === 'workflows.list') return [{ id: 'wf1', name: 'triage', deployed_version: 2 }];
  if (c.op === 'workflows.runs')
    return [{ id: 'r1', status: 'running', steps: [{ node_id: 'review', status: 'waiting_approval' }] }];
  if (c.op === 'workspaces.list') return [{ id: 'ws1', name: 'shop', status: 'running' }];
  if (c.op === 'workspaces.cicd.deployments')
    return [{ id: 'd1', status: 'failed', commit: 'abcdef123', started_at: '2026-01-01T00:00:00Z' }];
  return undefined;
}
const polls: string[] = [];

let pinia: Pinia;
enableAutoUnmount(afterEach);
beforeEach(async () => {
  pinia = freshPinia();
  refuse = new Set();
  hold = false;
  polls.length = 0;
  scripted.calls.length = 0;
  scripted.answer = answer;
  scripted.command = (command, input) => {
    if (command === 'zones.list') return [EU1];
    if (command === 'journal.list')
      return {
        entries: [
          {
            at: new Date().toISOString(),
            zone: 'eu-1',
            zoneName: 'eu-1',
            op: 'containers.stop',
            method: 'POST',
            kind: 'containers',
            targetId: 'c1',
            targetName: 'web-1',
            outcome: 'ok',
            status: 200,
            via: 'app',
          },
        ],
        more: false,
      };
    if (command === 'list.poll') {
      const op = (input as { operationId: string }).operationId;
      polls.push(op);
      if (hold) return never;
      if (refuse.has(op)) throw Object.assign(new Error('The zone refused the list.'), { status: 403 });
      return { version: 'v1', items: LISTS[op] ?? [] };
    }
    return null;
  };
  await useZonesStore().load();
  noteHealth([up('eu-1')]);
});
afterEach(() => resources.dropZone('eu-1'));

async function home() {
  const w = mountApp(pinia, ZoneHomeView, { zone: EU1 });
  for (let i = 0; i < 6; i++) await flushPromises();
  return w;
}
const region = (w: Awaited<ReturnType<typeof home>>, name: string) => w.find(`section[aria-labelledby="${name}"]`);

describe('a zone’s home page', () => {
  it('while loading: skeletons in place of counts and limits, nothing claimed', async () => {
    hold = true;
    const w = await home();
    expect(w.find('[role="region"]').attributes('aria-label')).toBe('Overview of eu-1');
    expect(region(w, 'home-counts').findAll('.n-skeleton').length).toBeGreaterThan(0);
    expect(region(w, 'home-counts').text()).not.toMatch(/\d/);
    // A skeleton says nothing to a screen reader: the name does.
    expect(region(w, 'home-counts').find('.title').text()).toBe('Containers, reading');
    expect(region(w, 'home-limits').findAll('.n-skeleton').length).toBe(6);
    expect(region(w, 'home-work').text()).toContain('Reading runs and deployments…');
  });

  it('filled: health and session, counts as links, limits as meters, a run at its gate, a failed deploy, the changes', async () => {
    const w = await home();
    const status = region(w, 'home-status');
    expect(status.find('[data-test="health"]').text()).toBe('reachable · 12 ms');
    expect(status.find('[data-test="who"]').text()).toBe('dev@example.com');
    expect(status.text()).toMatch(/token good until .*in (59 min|1 h), renewed/);

    const counts = region(w, 'home-counts').findAll('button');
    // Each named by what it shows (the e2e test reads the name a browser gives it).
    expect(counts.map((b) => [b.find('.num').text(), b.find('.title').text()])).toEqual([
      ['2', 'Containers'],
      ['1', 'MicroVMs'],
      ['1', 'Clusters'],
      ['0', 'Public IPs'],
      ['0', 'VPN gateways'],
      ['1', 'Workflows'],
      ['1', 'Workspaces'],
    ]);
    expect(counts.every((b) => b.attributes('aria-label') === undefined)).toBe(true);
    await counts[2]!.trigger('click');
    expect(useUiStore().place).toEqual({ area: 'kubernetes', section: 'clusters' });

    const meters = region(w, 'home-limits').findAll('[role="meter"]');
    const cpu = meters.find((m) => m.attributes('aria-label') === 'CPU in use')!;
    expect(cpu.attributes('aria-valuetext')).toBe('7.5 of 16 cores');
    const ram = meters.find((m) => m.attributes('aria-label') === 'Memory in use')!;
    expect(ram.attributes('aria-valuetext')).toBe('7 of 64 GiB');
    expect(meters.find((m) => m.attributes('aria-label') === 'VPCs in use')!.attributes('aria-valuetext')).toBe(
      'use not reported; limit 5 VPCs',
    );

    const work = region(w, 'home-work').text();
    expect(work).toContain('At a gate');
    expect(work).toContain('Run r1 of triage');
    expect(work).toContain('Deploy failed');
    expect(work).toContain('shop at abcdef1');

    expect(region(w, 'home-changes').text()).toContain('web-1');
    // Each list read once, though the counts, the limits' use and the work all show them.
    expect(polls.filter((p) => p === 'containers.list')).toHaveLength(1);
    expect(scripted.calls.filter((c) => c.op === 'workflows.list')).toHaveLength(1);
  });

  it('a kind read without a name is said, with Choose fields… beside it', async () => {
    // Records with no text a person would call them by: nothing reads as their name.
    const had = LISTS['microvms.list'];
    LISTS['microvms.list'] = [
      { id: 'm1', status: 'running', vcpus: 4, memory_mib: 4096 },
      { id: 'm2', status: 'stopped', vcpus: 2, memory_mib: 2048 },
    ];
    try {
      const w = await home();
      const reads = region(w, 'home-reads');
      expect(reads.text()).toMatch(/microVMs have no field Zonedeck reads as their name/i);
      expect(reads.findAll('button').some((b) => b.text() === 'Choose fields…')).toBe(true);
    } finally {
      LISTS['microvms.list'] = had!;
    }
  });

  it('errors: a refused list and refused limits are said in words; the rest still shows', async () => {
    refuse = new Set(['kubernetes.list', 'limits.get']);
    const w = await home();
    const clusters = region(w, 'home-counts')
      .findAll('button')
      .find((b) => b.find('.title').text() === 'Clusters')!;
    expect(clusters.find('.err').text()).toBe('could not be read: The zone refused the list.');
    expect(region(w, 'home-limits').text()).toContain('You may not read this tenant’s limits.');
    expect(region(w, 'home-counts').text()).toContain('Containers');
    expect(region(w, 'home-work').text()).toContain('At a gate');
  });
});
