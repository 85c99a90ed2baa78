/**
 * The tenant's registered repositories: the list (polled slowly: others register too), register by
 * full name (the zone validates it through the source-hosting connector; registering twice is
 * harmless and answered with the same record) and remove (sessions already using it keep working).
 */
import { agent } from '../../../agent';
import { useResource, type ResourceView } from '../../../data';
import { defineZoneResource, zoneResourceChanged } from '../../../composables/zone-records';
import { listOf, recordOf } from '../../../lib/tolerant';
import { toRepoRow, type RepoRow } from '../shapes/repo-record';

const reposResource = defineZoneResource<RepoRow[]>({
  name: 'repos.list',
  poll: 15_000,
  fetch: async (zone, { signal }) => listOf(await agent.call(zone, 'repos.list', { signal })).map(toRepoRow),
});

export function useRepos(zone: () => string | null): ResourceView<RepoRow[]> {
  return useResource(reposResource, zone);
}

export function reposChanged(zone: string): void {
  zoneResourceChanged(reposResource, zone);
}

export interface Registered {
  repo: RepoRow;
  /** True when the zone already had it (the same record came back). */
  already: boolean;
}

/** Registers `fullName`; whether it was there before is judged from a fresh list, as the reply's status is not ours to see. */
export async function registerRepo(zone: string, fullName: string): Promise<Registered> {
  const before = listOf(await agent.call(zone, 'repos.list').catch(() => [])).map(toRepoRow);
  try {
    const repo = toRepoRow(recordOf(await agent.call(zone, 'repos.create', { body: { full_name: fullName } })), 0);
    const same = (r: RepoRow) =>
      (repo.id !== undefined && r.id === repo.id) || r.fullName.toLowerCase() === fullName.toLowerCase();
    return { repo, already: before.some(same) };
  } finally {
    reposChanged(zone);
  }
}

export async function removeRepo(zone: string, id: string): Promise<void> {
  try {
    await agent.call(zone, 'repos.delete', { params: { id } });
  } finally {
    reposChanged(zone);
  }
}
