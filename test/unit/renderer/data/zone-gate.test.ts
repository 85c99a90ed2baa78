/**
 * Zone-scoped state outside the resource cache (a workflow draft, skill editor tabs, CMS runs and
 * history, consoles, recent disks) registers with the zone gate: it goes when the person signs
 * out, when someone else signs in, and when the zone is removed; a session that ended by itself
 * keeps it for the same person's next sign-in. Another zone's state is never touched.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionView } from '../../../../src-main/contract/commands';

class MemoryStorage {
  private readonly m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  keys() {
    return [...this.m.keys()];
  }
}
const storage = new MemoryStorage();
vi.stubGlobal('localStorage', storage);

vi.mock('../../../../src-renderer/agent', () => ({
  agent: {
    invoke: vi.fn(async () => null),
    call: vi.fn(async () => ({ exit_code: 0, output: 'ok' })),
    send: vi.fn(async () => ({ status: 200, data: null })),
    onEvent: () => () => undefined,
  },
}));

const { forgetZone, noteSession, onZoneReset } = await import('../../../../src-renderer/data/zone-gate');
const { useWorkflowDraftStore } = await import('../../../../src-renderer/features/workflows/editor/workflow-draft');
const { useSkillTabsStore } = await import('../../../../src-renderer/features/workflows/skills/skill-tabs');
const { useWorkspaceCmsStore } = await import('../../../../src-renderer/features/workspaces/cms/workspace-cms');
const { useConsolesStore } = await import('../../../../src-renderer/state/consoles');
const { useDisksStore } = await import('../../../../src-renderer/features/storage/disks');

const user = (email: string): SessionView => ({ state: 'signed_in', kind: 'user', email });
const signedOut = (reason?: string): SessionView => ({ state: 'signed_out', ...(reason ? { reason } : {}) });

/** Some of everything in zones eu-1 and us-1, as one person would leave it. */
async function fill() {
  const drafts = useWorkflowDraftStore();
  const skills = useSkillTabsStore();
  const cms = useWorkspaceCmsStore();
  const consoles = useConsolesStore();
  const disks = useDisksStore();
  for (const zone of ['eu-1', 'us-1']) {
    drafts.syncFromZone({ zone, id: 'wf' }, { id: 'wf', draft: { nodes: [] } });
    drafts.setText({ zone, id: 'wf' }, '{"nodes": ["typed"]}');
    await skills.open({ zone, id: 'sk' }, 'SKILL.md');
    await cms.run({ zone, id: 'ws' }, 'line', [{ line: 1, source: 'plugin list', args: ['plugin', 'list'] }]);
    consoles.open({ pane: 'p1', zone, kind: 'containers', id: 'c1', name: 'web-1' });
    disks.remember(zone, 'disk-1', 'data');
  }
  return {
    /** What of each kind is held for `zone`. */
    held(zone: string) {
      return {
        draft: !!drafts.draft({ zone, id: 'wf' }),
        skillTabs: skills.tabsOf({ zone, id: 'sk' }).tabs.length,
        cmsRuns: cms.session({ zone, id: 'ws' }).runs.length,
        cmsHistory: storage.keys().filter((k) => k.startsWith(`zd.cms-history.${zone}.`)).length,
        consoles: consoles.tabs.filter((t) => t.zone === zone).length,
        disks: disks.of(zone).length,
      };
    },
  };
}
const all = { draft: true, skillTabs: 1, cmsRuns: 1, cmsHistory: 1, consoles: 1, disks: 1 };
const none = { draft: false, skillTabs: 0, cmsRuns: 0, cmsHistory: 0, consoles: 0, disks: 0 };

let n = 0;
describe('zone-scoped state and the zone gate', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    // Each test uses its own zone ids' sessions: the gate's memory is the module's.
    n++;
  });

  it('is cleared for the zone the person signs out of, and only that zone', async () => {
    noteSession('eu-1', user(`dev${n}@example.com`));
    noteSession('us-1', user(`dev${n}@example.com`));
    const s = await fill();
    expect(s.held('eu-1')).toEqual(all);
    noteSession('eu-1', signedOut());
    expect(s.held('eu-1')).toEqual(none);
    expect(s.held('us-1')).toEqual(all);
    forgetZone('us-1');
    expect(s.held('us-1')).toEqual(none);
  });

  it('is cleared when another identity signs in, kept through a session that ended by itself for the same one', async () => {
    noteSession('eu-1', user(`dev${n}@example.com`));
    noteSession('us-1', user(`dev${n}@example.com`));
    const s = await fill();
    // The session ran out (a refusal to renew, said with a reason): nothing is cleared yet…
    noteSession('eu-1', signedOut('Your session ended.'));
    noteSession('us-1', signedOut('Your session ended.'));
    expect(s.held('eu-1')).toEqual(all);
    // …the same person signs in again and finds their unsaved text…
    noteSession('eu-1', user(`dev${n}@example.com`));
    expect(s.held('eu-1')).toEqual(all);
    // …someone else signing in finds nothing of it.
    noteSession('us-1', user(`other${n}@example.com`));
    expect(s.held('us-1')).toEqual(none);
    // A machine client is another identity too.
    noteSession('eu-1', { state: 'signed_in', kind: 'machine', clientId: 'zdc_1' });
    expect(s.held('eu-1')).toEqual(none);
  });

  it('keeps everything through a token refresh, and a registration can be taken back', async () => {
    noteSession('eu-1', user(`dev${n}@example.com`));
    noteSession('us-1', user(`dev${n}@example.com`));
    const s = await fill();
    noteSession('eu-1', { state: 'refreshing', kind: 'user', email: `dev${n}@example.com` });
    expect(s.held('eu-1')).toEqual(all);
    const cleared: string[] = [];
    const off = onZoneReset((zone) => cleared.push(zone));
    noteSession('eu-1', signedOut());
    off();
    noteSession('us-1', signedOut());
    expect(cleared).toEqual(['eu-1']);
  });
});
