/**
 * What a person does to a container or microVM, as calls to the zone: lifecycle actions, create,
 * update, delete, attachments, config vars and the log archive. Each one puts what the zone
 * returned into the list at once and says which resources it changed, so no screen reloads by hand.
 */
import type { OperationId } from '@contract/operations';
import type { DownloadProgress, LogArchiveSaved } from '@contract/commands-compute';
import { agent } from '../agent';
import { resources } from '../data';
import { isSettled, type ComputeKind, type LifecycleAction } from '../lib/compute-kinds';
import { isRecord, stateOf, type Raw } from '../lib/tolerant';
import { computeListKey, putInstance, removeInstance } from './compute';
import { INSTANCE, attachmentsKey, configVarsKey, instanceKeys, type InstanceArgs } from './compute-details';

const SETTLE_LIMIT_MS = 120_000;

const invalidateAll = (keys: readonly Parameters<typeof resources.invalidate>[0][]) =>
  keys.forEach((k) => resources.invalidate(k));

/** Asks for a lifecycle action; the record the zone returns shows in the list at once. */
export async function runLifecycle(kind: ComputeKind, a: InstanceArgs, action: LifecycleAction): Promise<void> {
  // KINDS offers each kind only the actions it has, so the pair names a real operation.
  const rec = await agent.call(
    a.zone,
    `${kind}.${action}` as Extract<`${ComputeKind}.${LifecycleAction}`, OperationId>,
    { params: { id: a.id } },
  );
  if (isRecord(rec)) putInstance(kind, a.zone, rec);
}

/**
 * Resolves with the record once its state has settled (see isSettled: status|state reached the desired one), reading it
 * every 400 ms meanwhile; each read shows in the list and is passed to `onState`. Afterwards the
 * instance's list, activity, attachments and metrics are read again.
 */
export async function settleInstance(
  kind: ComputeKind,
  a: InstanceArgs,
  onState: (state: string) => void,
): Promise<Raw> {
  try {
    return await resources.until(
      INSTANCE[kind],
      a,
      (rec) => {
        onState(stateOf(rec) ?? '');
        return isSettled(rec);
      },
      SETTLE_LIMIT_MS,
    );
  } finally {
    invalidateAll(instanceKeys(kind, a));
  }
}

export async function deleteInstance(kind: ComputeKind, a: InstanceArgs): Promise<void> {
  await agent.call(a.zone, `${kind}.delete`, { params: { id: a.id } });
  removeInstance(kind, a.zone, a.id);
}

/** Create (no id) or update; the record the zone returned, or null when it returned none. */
export async function saveInstance(kind: ComputeKind, zone: string, body: Raw, id?: string): Promise<Raw | null> {
  const rec = await (id
    ? agent.call(zone, `${kind}.update`, { params: { id }, body })
    : agent.call(zone, `${kind}.create`, { body }));
  if (!isRecord(rec)) {
    resources.invalidate(computeListKey(kind, zone));
    return null;
  }
  putInstance(kind, zone, rec);
  return rec;
}

/** The device operations of the attachments tab, shared by containers and microVMs. */
export type DeviceOp =
  | 'attachments.attachDatabase'
  | 'attachments.detachDatabase'
  | 'disks.attach'
  | 'disks.detach'
  | 'nics.attach'
  | 'nics.detach';

/** Attaches or detaches a device; then the attachments and the list (disks and NICs live on the record) are read again. */
export async function deviceCall(
  kind: ComputeKind,
  a: InstanceArgs,
  op: DeviceOp,
  params: Record<string, string>,
  body?: unknown,
): Promise<void> {
  try {
    await agent.call(a.zone, `${kind}.${op}`, { params: { id: a.id, ...params }, ...(body ? { body } : {}) });
  } finally {
    invalidateAll([attachmentsKey(kind, a), computeListKey(kind, a.zone)]);
  }
}

/**
 * Replaces the whole config var map; true when the zone applied it to the running instance. Read
 * again only after success: after a failure the editor keeps what the person typed.
 */
export async function replaceConfigVars(
  kind: ComputeKind,
  a: InstanceArgs,
  vars: Record<string, string>,
): Promise<boolean> {
  const res = await agent.call(a.zone, `${kind}.configVars.replace`, {
    params: { id: a.id },
    body: { config_vars: vars },
  });
  resources.invalidate(configVarsKey(kind, a));
  return isRecord(res) && res.applied_live === true;
}

/** Has the agent stream a container's complete log into a new file; null when a folder picker was cancelled. */
export async function saveLogArchive(
  a: InstanceArgs,
  dir: string,
  onProgress: (p: DownloadProgress) => void,
  /** Lifts the agent's size cap for this one download, after the person agreed to a larger file. */
  maxBytes?: number,
): Promise<LogArchiveSaved | null> {
  const progressId = `log-${Date.now()}`;
  const off = agent.onEvent('download.progress', (p) => {
    if (p.progressId === progressId) onProgress(p);
  });
  try {
    return await agent.invoke('compute.saveLogArchive', {
      zone: a.zone,
      kind: 'container',
      id: a.id,
      progressId,
      ...(dir ? { dir } : {}),
      pick: !!agent.desktop,
      ...(maxBytes ? { maxBytes } : {}),
    });
  } finally {
    off();
  }
}
