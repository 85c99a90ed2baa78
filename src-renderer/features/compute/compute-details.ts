/**
 * What the details pane of one container or microVM reads, as resources: the record itself (polled
 * fast only while it is on its way to a new state), its activity feed, attachments, config vars,
 * metrics and (containers) its output. One definition per kind, so keys carry the operation id.
 */
import { isSettled, type ComputeKind } from './compute-kinds';
import { isRecord, listOf, type Raw } from '../../lib/tolerant';
import { DEFAULT_SHAPE, readVars, type VarsRead } from './shapes/config-vars';
import { agent } from '../../agent';
import { defineResource, useResource, type KeyFilter, type ResourceDef, type ResourceView } from '../../data';
import { computeListKey, putInstance } from './compute';

/** One instance in one zone. */
export interface InstanceArgs {
  zone: string;
  id: string;
}

const SETTLE_POLL_MS = 400;

function byKind<T>(
  make: (kind: ComputeKind) => ResourceDef<T, InstanceArgs>,
): Record<ComputeKind, ResourceDef<T, InstanceArgs>> {
  return { containers: make('containers'), microvms: make('microvms') };
}

const scoped = { zone: (a: InstanceArgs) => a.zone, parts: (a: InstanceArgs) => [a.id] };

/**
 * The record: every read also puts it into the list, so the row and the details pane show the
 * state it reached. Polled every 400 ms while it is not settled (its state short of the desired one).
 */
export const INSTANCE = byKind((kind) =>
  defineResource<Raw, InstanceArgs>({
    name: `${kind}.get`,
    ...scoped,
    async fetch(a, { signal }) {
      const rec = await agent.call(a.zone, `${kind}.get`, { signal, params: { id: a.id } });
      if (!isRecord(rec)) return {};
      putInstance(kind, a.zone, rec);
      return rec;
    },
    poll: (rec) => (rec && isSettled(rec) ? null : SETTLE_POLL_MS),
  }),
);

const ACTIVITY = byKind((kind) =>
  defineResource<Raw[], InstanceArgs>({
    name: `${kind}.activity`,
    ...scoped,
    poll: 4000,
    fetch: async (a, { signal }) =>
      listOf(await agent.call(a.zone, `${kind}.activity`, { signal, params: { id: a.id }, query: { limit: 100 } })),
  }),
);

const ATTACHMENTS = byKind((kind) =>
  defineResource<Raw[], InstanceArgs>({
    name: `${kind}.attachments.list`,
    ...scoped,
    fetch: async (a, { signal }) =>
      listOf(await agent.call(a.zone, `${kind}.attachments.list`, { signal, params: { id: a.id } })),
  }),
);

/** The vars with the shape the zone answered in (a save writes that shape back); none read: empty, default shape. */
export async function readConfigVars(kind: ComputeKind, a: InstanceArgs, signal?: AbortSignal): Promise<VarsRead> {
  const reply = await agent.call(a.zone, `${kind}.configVars.get`, {
    params: { id: a.id },
    ...(signal ? { signal } : {}),
  });
  const read = readVars(reply);
  return read ? { ...read, fromZone: true } : { vars: {}, shape: DEFAULT_SHAPE };
}

const CONFIG_VARS = byKind((kind) =>
  defineResource<VarsRead, InstanceArgs>({
    name: `${kind}.configVars.get`,
    ...scoped,
    fetch: (a, { signal }) => readConfigVars(kind, a, signal),
  }),
);

const METRICS = byKind((kind) =>
  defineResource<unknown, InstanceArgs>({
    name: `${kind}.metrics`,
    ...scoped,
    poll: 15_000,
    fetch: (a, { signal }) => agent.call(a.zone, `${kind}.metrics`, { signal, params: { id: a.id } }),
  }),
);

/**
 * A container's last 1000 lines of output, as the host sends them, blank lines included (LogsTab
 * appends what follows the overlap with the previous tail); only the newline ending the text is dropped.
 */
const LOGS = defineResource<string[], InstanceArgs>({
  name: 'containers.logs',
  ...scoped,
  poll: 2000,
  async fetch(a, { signal }) {
    const text = String(
      (await agent.call(a.zone, 'containers.logs', { signal, params: { id: a.id }, query: { tail: 1000 } })) ?? '',
    );
    return text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  },
});

type Args = () => InstanceArgs | null;

export const useInstanceActivity = (kind: ComputeKind, args: Args): ResourceView<Raw[]> =>
  useResource(ACTIVITY[kind], args);
export const useInstanceAttachments = (kind: ComputeKind, args: Args): ResourceView<Raw[]> =>
  useResource(ATTACHMENTS[kind], args);
export const useInstanceConfigVars = (kind: ComputeKind, args: Args): ResourceView<VarsRead> =>
  useResource(CONFIG_VARS[kind], args);
export const useInstanceMetrics = (kind: ComputeKind, args: Args): ResourceView<unknown> =>
  useResource(METRICS[kind], args);
export const useContainerLogs = (args: Args): ResourceView<string[]> => useResource(LOGS, args);

/**
 * What an action on an instance may have changed: the list, the record, its activity, attachments
 * and metrics. Config vars are left out: re-reading them would reset an edit in progress, and
 * only their own save changes them.
 */
export function instanceKeys(kind: ComputeKind, a: InstanceArgs): KeyFilter[] {
  const one = (def: { name: string }): KeyFilter => ({ zone: a.zone, name: def.name, parts: [a.id] });
  return [
    computeListKey(kind, a.zone),
    one(INSTANCE[kind]),
    one(ACTIVITY[kind]),
    one(ATTACHMENTS[kind]),
    one(METRICS[kind]),
  ];
}

/** The filter for an instance's config vars (re-read after their own save). */
export function configVarsKey(kind: ComputeKind, a: InstanceArgs): KeyFilter {
  return { zone: a.zone, name: CONFIG_VARS[kind].name, parts: [a.id] };
}

/** The filter for an instance's attachments (re-read after attach and detach). */
export function attachmentsKey(kind: ComputeKind, a: InstanceArgs): KeyFilter {
  return { zone: a.zone, name: ATTACHMENTS[kind].name, parts: [a.id] };
}
