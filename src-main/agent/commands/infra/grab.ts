/**
 * The palette's index: clusters and VPN gateways (to grab a file), workflows, skills and workspaces (to open)
 * of every signed-in zone, listed in parallel and read together (each kind's ties broken by the others).
 * A zone that fails is reported beside the others rather than failing the whole search.
 */
import type { GrabIndex, GrabItem, GrabKind } from '../../../contract/commands-infra';
import { findRoute } from '../../../contract/routes';
import { listOf, pick } from '../../../contract/tolerant';
import type { RecordKind } from '../../../contract/dictionary/record-kinds';
import { namedRecords } from '../../../contract/dictionary/find-named';
import type { KindReader } from '../../../contract/dictionary/kind-reader';
import { zoneReaders } from '../../zones/zone-readers';
import type { AgentContext } from '../../context';
import type { ZoneRuntime } from '../../zone-runtimes';
import { command, empty } from '../define';
import { mark } from '../../marks';

/** Each kind the palette finds, its list and its kind in the zone's dictionary. */
const SOURCES: { kind: GrabKind; routeId: string; record: RecordKind }[] = [
  { kind: 'cluster', routeId: 'kubernetes.list', record: 'cluster' },
  { kind: 'vpn-gateway', routeId: 'vpnGateways.list', record: 'vpn_gateway' },
  { kind: 'workflow', routeId: 'workflows.list', record: 'workflow' },
  { kind: 'skill', routeId: 'skills.list', record: 'skill' },
  { kind: 'workspace', routeId: 'workspaces.list', record: 'workspace' },
];

type Source = (typeof SOURCES)[number];

async function listOfSource(rt: ZoneRuntime, source: Source): Promise<unknown[]> {
  const res = await rt.session.send(rt.client, { route: findRoute(source.routeId)!, timeoutMs: 10_000 });
  return listOf(res.data);
}

function itemsOf(rt: ZoneRuntime, source: Source, reader: KindReader, records: readonly unknown[]): GrabItem[] {
  const { kind } = source;
  return namedRecords(reader, records).map(({ id, name, record: raw }) => {
    const status = reader.state(raw);
    const template = kind === 'workspace' ? pick(raw, 'template', 'kind', 'type')?.toLowerCase() : undefined;
    return {
      zone: rt.record.id,
      zoneName: rt.record.name,
      kind,
      id,
      name,
      ...(status ? { status } : {}),
      ...(template ? { template } : {}),
    };
  });
}

/**
 * One zone's kinds: every list read first, then each read with the habits of the others (a lone
 * VPN gateway's id or a workspace's name ties alone, and must not depend on which list came back
 * first). What the readers inferred is kept in the zone's dictionary. A list that fails is left
 * out, its reason returned.
 */
export async function readZoneKinds(ctx: AgentContext, rt: ZoneRuntime) {
  const got = await Promise.allSettled(SOURCES.map((s) => listOfSource(rt, s)));
  const read = SOURCES.flatMap((source, i) => {
    const r = got[i]!;
    return r.status === 'fulfilled' ? [{ source, kind: source.record, records: r.value }] : [];
  });
  const readers = zoneReaders(ctx.registry, rt.record.id, read);
  const failed = got.find((r) => r.status === 'rejected');
  const reason: unknown = failed?.reason;
  const failure = failed ? (reason instanceof Error ? reason.message : String(reason)) : undefined;
  return { read, readers, failure };
}

/** One zone's line of the index; a list that fails fails the zone's line, not the others' items. */
async function listZone(ctx: AgentContext, rt: ZoneRuntime, out: GrabIndex): Promise<void> {
  const { read, readers, failure } = await readZoneKinds(ctx, rt);
  read.forEach(({ source, records }, i) => out.items.push(...itemsOf(rt, source, readers[i]!, records)));
  if (failure !== undefined) out.failures.push({ zone: rt.record.id, zoneName: rt.record.name, message: failure });
}

export async function grabIndex(ctx: AgentContext): Promise<GrabIndex> {
  const zones = ctx.zones.all().filter((rt) => rt.session.view().state !== 'signed_out');
  const out: GrabIndex = { items: [], failures: [] };
  await Promise.all(zones.map((rt) => listZone(ctx, rt, out)));
  out.items.sort(
    (a, b) => a.name.localeCompare(b.name) || a.zoneName.localeCompare(b.zoneName) || a.kind.localeCompare(b.kind),
  );
  return out;
}

export const grabIndexCommand = command<'grab.index'>(empty, async (_input, ctx) => {
  // The palette is open, or about to be: its grab merges a kubeconfig with the yaml package
  // (~110 kB, loaded on first use). Loaded and run once now, it is not compiled between the
  // download and the write; run once the index has gone, it does not hold the index back.
  const merging = import('../../files/kubeconfig-merge');
  merging.catch(() => undefined);
  mark('grab.index.asked');
  const index = await grabIndex(ctx);
  mark('grab.index.answered');
  setTimeout(() => void merging.then((m) => m.warmUpMerge()).catch(() => undefined), 0);
  return index;
});
