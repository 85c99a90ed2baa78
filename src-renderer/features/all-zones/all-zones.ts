/**
 * All-zones lists: one kind's list watched in every zone through that kind's own per-zone store
 * (the same resources, polls and row merges the per-zone screens use), merged into one list with
 * a zone column, and each zone's trouble (signed out, refused, unreachable) reported beside it.
 */
import { computed, effectScope, onScopeDispose, shallowReactive, watch, type EffectScope } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import type { ResourceView } from '../../data';
import { zoneMerger, type AllZonesKind, type ZonedRow, type ZoneTag } from './merged-rows';
import { useComputeList } from '../compute';
import { useInfraList } from '../infra-lists';
import { useWorkflows } from '../workflows';
import { useWorkspaces } from '../workspaces';
import { useZonesStore } from '../../state/zones';
import { pollTogether } from '../../lib/list-poll-every';

export type { AllZonesKind };

interface KeyedRow {
  key: string;
}

/** Each kind's per-zone list, as its own store offers it. */
const WATCH: Record<AllZonesKind, (zone: () => string) => ResourceView<KeyedRow[]>> = {
  containers: (zone) => useComputeList('containers', zone),
  microvms: (zone) => useComputeList('microvms', zone),
  clusters: (zone) => useInfraList('clusters', zone),
  workflows: (zone) => useWorkflows(zone),
  workspaces: (zone) => useWorkspaces(zone),
};

/** Why a zone has no (fresh) rows in the list. */
export type ZoneTrouble =
  | { zone: ZoneTag; kind: 'signed-out'; reason?: string }
  | { zone: ZoneTag; kind: 'error'; error: AgentErrorData; stale: boolean };

export interface AllZonesView<R extends KeyedRow> {
  readonly rows: ZonedRow<R>[];
  readonly troubles: ZoneTrouble[];
  /** Some signed-in zone has not answered its first read yet. */
  readonly loading: boolean;
  readonly refreshing: boolean;
  /** How often (ms) the slowest-polled zone's rows are read again (a long list is read less often); null: none polls. */
  readonly every: number | null;
  /** How many zones the list covers (signed in or not). */
  readonly zoneCount: number;
  refresh(zone?: string): Promise<void>;
}

/** The kind's list across every zone, watched while the calling screen lives. */
export function useAllZonesList<R extends KeyedRow>(kind: AllZonesKind): AllZonesView<R> {
  const zones = useZonesStore();
  const views = shallowReactive(new Map<string, { scope: EffectScope; view: ResourceView<R[]> }>());

  watch(
    () => zones.list.map((z) => z.id).join('\n'),
    () => {
      const ids = new Set(zones.list.map((z) => z.id));
      for (const [id, w] of views)
        if (!ids.has(id)) {
          w.scope.stop();
          views.delete(id);
        }
      for (const id of ids) {
        if (views.has(id)) continue;
        const scope = effectScope(true);
        const view = scope.run(() => WATCH[kind](() => id))! as ResourceView<R[]>;
        views.set(id, { scope, view });
      }
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    for (const w of views.values()) w.scope.stop();
    views.clear();
  });

  const tag = (id: string): ZoneTag => {
    const z = zones.byId.get(id);
    return { id, name: z?.name ?? id, color: z?.color ?? 'var(--zd-faint)' };
  };
  const merge = zoneMerger<R>();
  const rows = computed(() =>
    merge(
      zones.list.flatMap((z) => (views.has(z.id) ? [{ zone: tag(z.id), rows: views.get(z.id)!.view.state.data }] : [])),
    ),
  );
  // Every zone's list polls as one list of all the rows shown (lib/list-poll-every).
  const polled = pollTogether();
  watch(
    () => rows.value.length,
    (n) => polled.set(n),
    { immediate: true },
  );
  onScopeDispose(polled.done);
  const troubles = computed<ZoneTrouble[]>(() =>
    zones.list.flatMap((z): ZoneTrouble[] => {
      if (z.session.state === 'signed_out')
        return [{ zone: tag(z.id), kind: 'signed-out', ...(z.session.reason ? { reason: z.session.reason } : {}) }];
      const s = views.get(z.id)?.view.state;
      return s?.error ? [{ zone: tag(z.id), kind: 'error', error: s.error, stale: s.data !== undefined }] : [];
    }),
  );
  const signedIn = () => zones.list.filter((z) => z.session.state !== 'signed_out');
  const loading = computed(() =>
    signedIn().some((z) => {
      const st = views.get(z.id)?.view.state.status;
      return st === 'idle' || st === 'loading';
    }),
  );
  const refreshing = computed(() => [...views.values()].some((w) => w.view.state.refreshing));
  const every = computed(() =>
    [...views.values()].reduce<number | null>((most, w) => {
      const e = w.view.every;
      return e === null ? most : Math.max(most ?? 0, e);
    }, null),
  );

  return {
    get rows() {
      return rows.value;
    },
    get troubles() {
      return troubles.value;
    },
    get loading() {
      return loading.value;
    },
    get refreshing() {
      return refreshing.value;
    },
    get every() {
      return every.value;
    },
    get zoneCount() {
      return zones.list.length;
    },
    async refresh(zone?: string) {
      const ids = zone ? [zone] : signedIn().map((z) => z.id);
      await Promise.all(ids.map((id) => views.get(id)?.view.refresh()));
    },
  };
}
