/**
 * A workspace's CI/CD: its status and deployment history (polled while the tab is open), deploy
 * now, enable and disable, build logs and the runtime log. Mutations put the reply's status in
 * place at once, then read the history and the workspace again.
 */
import type { AgentErrorData } from '@contract/errors';
import { agent } from '../../../agent';
import { resources, useResource, type ResourceView } from '../../../data';
import { defineRecordResource, recordResourceChanged } from '../../../composables/zone-records';
import { deploymentsOf, logLines, toCicdStatus, type CicdStatus, type Deployment } from '../../../shapes/cicd-record';
import { workspaceChanged, type WorkspaceRef } from '../workspaces';
import { reportSighting } from '../../../data/sightings';

const statusResource = defineRecordResource<CicdStatus>({
  name: 'workspaces.cicd',
  poll: 10_000,
  fetch: async (w, { signal }) =>
    toCicdStatus(await agent.call(w.zone, 'workspaces.cicd.get', { signal, params: { id: w.id } })),
});

const historyResource = defineRecordResource<Deployment[]>({
  name: 'workspaces.cicd.deployments',
  poll: 10_000,
  fetch: async (w, { signal }) => {
    const list = deploymentsOf(
      await agent.call(w.zone, 'workspaces.cicd.deployments', { signal, params: { id: w.id } }),
    );
    // What the history says of each deployment, for notifications: no read of its own.
    reportDeployments(w, list);
    return list;
  },
});

/** Tells listeners (notifications) what a read of a deployment history held. */
export function reportDeployments(w: WorkspaceRef, list: Deployment[], workspaceName?: string): void {
  reportSighting({
    kind: 'deployments',
    zone: w.zone,
    workspaceId: w.id,
    ...(workspaceName ? { workspaceName } : {}),
    deployments: list
      .filter((d) => d.id ?? d.commit)
      .map((d) => ({
        key: d.id ?? `${d.commit}/${d.app ?? ''}`,
        status: d.status,
        ...(d.commit ? { commit: d.commit } : {}),
        ...(d.app ? { app: d.app } : {}),
      })),
  });
}

export function useCicdStatus(ref: () => WorkspaceRef | null): ResourceView<CicdStatus> {
  return useResource(statusResource, ref);
}

export function useDeployments(ref: () => WorkspaceRef | null): ResourceView<Deployment[]> {
  return useResource(historyResource, ref);
}

/** The reply's status shown at once; the history and the workspace record read again. */
function settled(ref: WorkspaceRef, reply: unknown): CicdStatus {
  const status = toCicdStatus(reply);
  // A reply without the fields (an empty 200) is not taken for a status: read it instead.
  if (status.appStatus !== undefined || status.enabled !== undefined || status.lastDeployed !== undefined)
    resources.update(statusResource, ref, () => status);
  else recordResourceChanged(statusResource, ref);
  recordResourceChanged(historyResource, ref);
  workspaceChanged(ref);
  return status;
}

export async function deployNow(ref: WorkspaceRef): Promise<CicdStatus> {
  return settled(ref, await agent.call(ref.zone, 'workspaces.cicd.deploy', { params: { id: ref.id } }));
}

export async function disableCicd(ref: WorkspaceRef): Promise<CicdStatus> {
  return settled(ref, await agent.call(ref.zone, 'workspaces.cicd.disable', { params: { id: ref.id } }));
}

/** Enable (or retry); `deployServer` binds one when none is bound yet. */
export async function enableCicd(ref: WorkspaceRef, deployServer?: string): Promise<CicdStatus> {
  const body = deployServer ? { deploy_server_id: deployServer } : {};
  return settled(ref, await agent.call(ref.zone, 'workspaces.cicd.enable', { params: { id: ref.id }, body }));
}

/** Enable's refusals that ask something of the person, in words. */
export function explainEnable(err: AgentErrorData): AgentErrorData {
  if (err.code === 'deploy_server_required')
    return { ...err, message: 'No deploy server is bound to this workspace yet: choose one to deploy to.' };
  if (err.code === 'unknown_deploy_server')
    return { ...err, message: 'The zone does not know that deploy server: check its id and try again.' };
  if (err.code === 'workspace_not_ready')
    return { ...err, message: 'The workspace is not ready yet: CI/CD can be enabled once it is.' };
  return err;
}

export function explainDeploy(err: AgentErrorData): AgentErrorData {
  if (err.status === 409)
    return {
      ...err,
      message: `The zone cannot deploy this workspace now: ${err.message}. It needs to be ready, with a deploy server bound.`,
    };
  return err;
}

/** One deployment's build log, or the latest one's when `deployment` is left out. */
export async function readBuildLog(ref: WorkspaceRef, deployment?: string): Promise<string[]> {
  const reply = deployment
    ? await agent.call(ref.zone, 'workspaces.cicd.deploymentLog', { params: { id: ref.id, deployment } })
    : await agent.call(ref.zone, 'workspaces.cicd.latestLog', { params: { id: ref.id } });
  return logLines(reply);
}

export type RuntimeApp = 'backend' | 'storefront';

/** The running app's last `lines` lines (1..1000; the zone refuses anything else). */
export async function readRuntimeLog(ref: WorkspaceRef, app: RuntimeApp, lines: number): Promise<string[]> {
  return logLines(
    await agent.call(ref.zone, 'workspaces.cicd.runtimeLog', { params: { id: ref.id }, query: { app, lines } }),
  );
}
