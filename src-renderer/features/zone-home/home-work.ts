/**
 * What waits in a zone: runs in flight or parked at an approval gate (the newest runs of each
 * deployed workflow, through the runs tab's own history resource), and workspaces whose newest
 * CI/CD deployment failed (through the CI/CD tab's own history). At most WATCHED of each are
 * watched: the home page is a glance, and the areas hold the rest.
 */
import { computed, type ComputedRef } from 'vue';
import { classify } from '@contract/state-vocabulary';
import type { ResourceView } from '../../data';
import { runSighting, useRunHistory, type RunSummary, type WorkflowSummary } from '../workflows';
import { useDeployments, type Deployment, type WorkspaceSummary } from '../workspaces';
import { usePerRecord } from './per-record';

export const WATCHED = 8;

export interface WaitingRun {
  workflowId: string;
  workflowName: string;
  runId: string;
  status: string | undefined;
  gate: boolean;
  gateMessage?: string;
}

export interface FailedDeploy {
  workspaceId: string;
  workspaceName: string;
  deployment: Deployment;
}

export function useHomeRuns(
  zone: () => string,
  workflows: ResourceView<WorkflowSummary[]>,
): { runs: ComputedRef<WaitingRun[]>; watched: ComputedRef<number> } {
  // A workflow the record says is not deployed has no runner: none of its runs can be in flight.
  const deployed = computed(() =>
    (workflows.state.data ?? []).filter((w) => w.id && w.deployment.state !== 'undeployed').slice(0, WATCHED),
  );
  const histories = usePerRecord(
    () => deployed.value.map((w) => w.id!),
    (id) => useRunHistory(() => ({ zone: zone(), id })),
  );
  const runs = computed(() =>
    deployed.value.flatMap((w) =>
      (histories.get(w.id!)?.rows ?? []).flatMap((r: RunSummary): WaitingRun[] => {
        const seen = runSighting(r.raw);
        if (!seen || (!seen.gate && classify(seen.status, 'run') !== 'progress')) return [];
        return [
          {
            workflowId: w.id!,
            workflowName: w.name,
            runId: seen.id,
            status: seen.status,
            gate: seen.gate,
            ...(seen.gateMessage ? { gateMessage: seen.gateMessage } : {}),
          },
        ];
      }),
    ),
  );
  return { runs, watched: computed(() => deployed.value.length) };
}

export function useFailedDeploys(
  zone: () => string,
  workspaces: ResourceView<WorkspaceSummary[]>,
): ComputedRef<FailedDeploy[]> {
  // CI/CD positively off has no deployments; one that does not say is read (a guess never hides a failure).
  const withCicd = computed(() =>
    (workspaces.state.data ?? []).filter((w) => w.id && w.cicdEnabled !== false).slice(0, WATCHED),
  );
  const histories = usePerRecord(
    () => withCicd.value.map((w) => w.id!),
    (id) => useDeployments(() => ({ zone: zone(), id })),
  );
  return computed(() =>
    withCicd.value.flatMap((w): FailedDeploy[] => {
      const newest = histories.get(w.id!)?.state.data?.[0];
      if (!newest || classify(newest.status, 'resource') !== 'failed') return [];
      return [{ workspaceId: w.id!, workspaceName: w.name, deployment: newest }];
    }),
  );
}
