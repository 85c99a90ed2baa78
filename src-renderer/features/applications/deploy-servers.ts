/**
 * Deploy servers: the API lists none and nothing on them, so the person names both. This offers
 * the servers bound to the zone's workspaces (the only ones the API reveals: in the list's records or
 * their CI/CD status) and runs a restart.
 */
import type { PathParams } from '@contract/operations';
import { agent } from '../../agent';
import { defineResource, useResource, type ResourceView } from '../../data';
import { idOf, listOf, pick } from '../../lib/tolerant';
import { toCicdStatus } from '../../shapes/cicd-record';

export type DeployKind = 'applications' | 'databases' | 'services';

/** Each kind's path parameter for the thing restarted. */
const PARAM: Record<DeployKind, string> = { applications: 'app', databases: 'db', services: 'svc' };

/** How many workspaces are asked for their server when the list does not say it. */
const ASK_AT_MOST = 25;

const knownResource = defineResource<string[], string>({
  name: 'deployServers.known',
  zone: (zone) => zone,
  fetch: async (zone, { signal }) => {
    const items = listOf(await agent.call(zone, 'workspaces.list', { signal }).catch(() => []));
    const found = items.flatMap((w) => {
      const s = pick(w, 'deploy_server_id');
      return s ? [s] : [];
    });
    // A zone may keep the server in the workspace's CI/CD status only: ask those not known to have CI/CD off.
    const silent = items.filter((w) => !pick(w, 'deploy_server_id') && w.cicd_enabled !== false);
    const asked = await Promise.all(
      silent
        .flatMap((w) => idOf(w) ?? [])
        .slice(0, ASK_AT_MOST)
        .map((id) =>
          agent.call(zone, 'workspaces.cicd.get', { signal, params: { id } }).then(
            (c) => toCicdStatus(c).deployServer,
            () => undefined, // one that fails is skipped
          ),
        ),
    );
    return [...new Set([...found, ...asked.filter((s): s is string => !!s)])].sort();
  },
});

/** Deploy server ids used by the zone's workspaces. */
export function useKnownDeployServers(zone: () => string | null): ResourceView<string[]> {
  return useResource(knownResource, zone);
}

export async function restartOnDeployServer(
  zone: string,
  kind: DeployKind,
  server: string,
  name: string,
): Promise<void> {
  // PARAM pairs each kind with its path parameter's name, which TypeScript cannot follow through [PARAM[kind]].
  const params = { id: server, [PARAM[kind]]: name } as PathParams<`deployServers.${DeployKind}.restart`>;
  await agent.call(zone, `deployServers.${kind}.restart`, { params });
}
