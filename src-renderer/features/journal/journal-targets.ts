/**
 * Where a journal entry leads and how its filters read, kept pure for tests: the operation's first
 * word (the record kind the agent wrote) names the screen that shows the target; a run, a webhook
 * delivery or an account change has no screen of its own to open.
 */
import type { JournalEntry, JournalQuery } from '@contract/journal';
import type { AreaId } from '../../state/navigation';

export interface EntryTarget {
  area: AreaId;
  section: string;
}

const SCREENS: Record<string, EntryTarget> = {
  workflows: { area: 'workflows', section: 'workflows' },
  skills: { area: 'workflows', section: 'skills' },
  containers: { area: 'compute', section: 'containers' },
  microvms: { area: 'compute', section: 'microvms' },
  kubernetes: { area: 'kubernetes', section: 'clusters' },
  workspaces: { area: 'workspaces', section: 'workspaces' },
  publicIps: { area: 'networking', section: 'public-ips' },
  vpnGateways: { area: 'networking', section: 'vpn-gateways' },
  disks: { area: 'storage', section: 'disks' },
  repos: { area: 'applications', section: 'repositories' },
};

/** The kinds a person filters by, in words; the agent's kind word is the key. */
export const KIND_WORDS: Record<string, string> = {
  workflows: 'Workflows',
  skills: 'Skills',
  containers: 'Containers',
  microvms: 'MicroVMs',
  kubernetes: 'Clusters',
  workspaces: 'Workspaces',
  publicIps: 'Public IPs',
  vpnGateways: 'VPN gateways',
  disks: 'Disks',
  repos: 'Repositories',
  workflowRuns: 'Workflow runs',
  apiClients: 'API clients',
  auth: 'Account',
  rollouts: 'Rollouts',
};

/** The screen that shows the entry's target, when there is one and the entry names its id. */
export function entryTarget(e: JournalEntry): (EntryTarget & { id: string }) | undefined {
  const screen = SCREENS[e.kind];
  return screen && e.targetId ? { ...screen, id: e.targetId } : undefined;
}

export type TimeWindow = 'any' | 'hour' | 'day' | 'week';

const WINDOW_MS: Record<Exclude<TimeWindow, 'any'>, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

export interface JournalFilters {
  zone: string | null;
  kind: string | null;
  outcome: 'ok' | 'failed' | null;
  time: TimeWindow;
}

/** The agent's query for the filters chosen (`now` passed in so a test holds the clock). */
export function journalQuery(f: JournalFilters, now: number, limit = 500): JournalQuery {
  return {
    ...(f.zone ? { zone: f.zone } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.outcome ? { outcome: f.outcome } : {}),
    ...(f.time !== 'any' ? { since: new Date(now - WINDOW_MS[f.time]).toISOString() } : {}),
    limit,
  };
}

/** "workflows.update" → "update"; "skills.files.put" → "files put": the verb after the kind. */
export function operationWords(e: JournalEntry): string {
  return e.op.split('.').slice(1).join(' ') || e.op;
}

/** The outcome in words: the status and the zone's code when it failed. */
export function outcomeWords(e: JournalEntry): string {
  if (e.outcome === 'ok') return 'Done';
  const status = e.status ? `${e.status}` : 'not reached';
  return e.code ? `Failed · ${status} ${e.code}` : `Failed · ${status}`;
}
