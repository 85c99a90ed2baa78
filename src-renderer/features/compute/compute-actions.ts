/**
 * What a person does to a container or microVM, as calls to the zone: lifecycle actions, create,
 * update, delete, attachments, config vars and the log archive. Each one puts what the zone
 * returned into the list at once and says which resources it changed, so no screen reloads by hand.
 */
import type { OperationId } from '@contract/operations';
import type { DownloadProgress, LogArchiveSaved } from '@contract/commands-compute';
import { agent } from '../../agent';
import { resources } from '../../data';
import { AgentError } from '@contract/errors';
import type { ComputeKind, LifecycleAction } from './compute-kinds';
import { settleStep } from './compute-settle';
import type { Worded } from '../../shapes/words';
import { isRecord, stateOf, type Raw } from '../../lib/tolerant';
import { computeListKey, putInstance, removeInstance } from './compute';
import {
  appliedLive,
  DEFAULT_SHAPE,
  readVars,
  varsDiffer,
  varsWords,
  writeVars,
  type VarsShape,
} from './shapes/config-vars';
import {
  INSTANCE,
  attachmentsKey,
  configVarsKey,
  instanceKeys,
  readConfigVars,
  type InstanceArgs,
} from './compute-details';

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

const READ_EVERY_MS = 400;

export interface Settled {
  record: Raw;
  /** What the task says when it ends without the record reaching a settled state. */
  note?: string;
}

/**
 * Follows the record after an action (or a save) until `settleStep` says the task may end: read
 * every 400 ms, each read shown in the list and passed to `onState`. `before` is the state before
 * the action; `label` the action in words. A zone whose record never moves ends the task calmly
 * with what its record shows; a record that turns to a failed word fails it in those words.
 * Afterwards the instance's list, activity, attachments and metrics are read again.
 */
export async function settleInstance(
  kind: ComputeKind,
  a: InstanceArgs,
  onState: (state: string) => void,
  before?: string,
  label = 'the change',
): Promise<Settled> {
  const def = INSTANCE[kind];
  const stop = resources.watch(def, a);
  const t0 = Date.now();
  try {
    for (;;) {
      await new Promise((r) => setTimeout(r, READ_EVERY_MS));
      await resources.refresh(def, a);
      const st = resources.state(def, a);
      if (st.error) throw new AgentError(st.error);
      const rec = st.data ?? {};
      onState(stateOf(rec) ?? '');
      const step = settleStep(rec, before, Date.now() - t0, label);
      if (!step.done) continue;
      if (step.failed) throw new Error(step.note);
      return step.note ? { record: rec, note: step.note } : { record: rec };
    }
  } finally {
    stop();
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

/**
 * Attaches or detaches a device, the body in the zone's words (shapes/container.ts); then the
 * attachments and the list (disks and NICs live on the record) are read again.
 */
export async function deviceCall(
  kind: ComputeKind,
  a: InstanceArgs,
  op: DeviceOp,
  params: Record<string, string>,
  body?: Worded,
): Promise<void> {
  try {
    await agent.call(a.zone, `${kind}.${op}`, {
      params: { id: a.id, ...params },
      ...(body ? { body: body.values, words: { body: body.words } } : {}),
    });
  } finally {
    invalidateAll([attachmentsKey(kind, a), computeListKey(kind, a.zone)]);
  }
}

export interface VarsSaved {
  /** The zone applied them to the running instance (undefined: it did not say). */
  live: boolean | undefined;
  /** Keys the zone kept otherwise than sent; empty when it kept exactly what was sent. */
  differ: string[];
  /** What the zone says it holds now. */
  kept: Record<string, string>;
}

/**
 * Replaces the whole config var map, written in the shape the zone's GET answered, then compares
 * what the zone kept (the reply when it carries the vars in that shape, else a read-back) with
 * what was sent. Only an exact match refreshes the shown vars: otherwise the editor keeps what
 * the person typed and the caller says what the zone kept.
 */
export async function replaceConfigVars(
  kind: ComputeKind,
  a: InstanceArgs,
  vars: Record<string, string>,
  shape: VarsShape = DEFAULT_SHAPE,
  fromZone = false,
): Promise<VarsSaved> {
  const words = varsWords(shape, fromZone);
  const reply = await agent.call(a.zone, `${kind}.configVars.replace`, {
    params: { id: a.id },
    body: writeVars(vars, shape),
    ...(words ? { words } : {}),
  });
  const own = readVars(reply);
  // A bare map reply cannot be told from a status record ({ok: true}): then read back.
  const kept = own && own.shape.under !== undefined ? own.vars : (await readConfigVars(kind, a)).vars;
  const differ = varsDiffer(vars, kept);
  if (differ.length === 0) resources.invalidate(configVarsKey(kind, a));
  return { live: appliedLive(reply), differ, kept };
}

/**
 * Has the agent stream a container's complete log into a new file; null when a folder picker was
 * cancelled. Aborting `signal` stops the transfer in the agent and removes the partial file (the
 * call then fails with `cancelled`).
 */
export async function saveLogArchive(
  a: InstanceArgs,
  dir: string,
  onProgress: (p: DownloadProgress) => void,
  /** Lifts the agent's size cap for this one download, after the person agreed to a larger file. */
  maxBytes?: number,
  signal?: AbortSignal,
): Promise<LogArchiveSaved | null> {
  const progressId = `log-${Date.now()}`;
  const off = agent.onEvent('download.progress', (p) => {
    if (p.progressId === progressId) onProgress(p);
  });
  try {
    return await agent.invoke(
      'compute.saveLogArchive',
      {
        zone: a.zone,
        kind: 'container',
        id: a.id,
        progressId,
        ...(dir ? { dir } : {}),
        pick: !!agent.desktop,
        ...(maxBytes ? { maxBytes } : {}),
      },
      signal ? { signal } : {},
    );
  } finally {
    off();
  }
}
