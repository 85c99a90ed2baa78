/**
 * The palette's index: clusters and VPN gateways (to grab a file), workflows, skills and workspaces (to open)
 * of every signed-in zone, listed in parallel.
 * A zone that fails is reported beside the others rather than failing the whole search.
 */
import type { GrabIndex, GrabItem, GrabKind } from '../../../contract/commands-infra';
import { findRoute } from '../../../contract/routes';
import { idOf, listOf, nameOf, pick, stateOf } from '../../../contract/tolerant';
import type { AgentContext } from '../../context';
import type { ZoneRuntime } from '../../zone-runtimes';
import { command, empty } from '../define';

const SOURCES: { kind: GrabKind; routeId: string }[] = [
  { kind: 'cluster', routeId: 'kubernetes.list' },
  { kind: 'vpn-gateway', routeId: 'vpnGateways.list' },
  { kind: 'workflow', routeId: 'workflows.list' },
  { kind: 'skill', routeId: 'skills.list' },
  { kind: 'workspace', routeId: 'workspaces.list' },
];

async function listZone(rt: ZoneRuntime, kind: GrabKind, routeId: string): Promise<GrabItem[]> {
  const res = await rt.session.send(rt.client, { route: findRoute(routeId)!, timeoutMs: 10_000 });
  return listOf(res.data).flatMap((raw) => {
    const id = idOf(raw);
    if (!id) return [];
    const status = stateOf(raw);
    const template = kind === 'workspace' ? pick(raw, 'template', 'kind', 'type')?.toLowerCase() : undefined;
    return [
      {
        zone: rt.record.id,
        zoneName: rt.record.name,
        kind,
        id,
        name: nameOf(raw) ?? id,
        ...(status ? { status } : {}),
        ...(template ? { template } : {}),
      },
    ];
  });
}

export async function grabIndex(ctx: AgentContext): Promise<GrabIndex> {
  const zones = ctx.zones.all().filter((rt) => rt.session.view().state !== 'signed_out');
  const out: GrabIndex = { items: [], failures: [] };
  await Promise.all(
    zones.flatMap((rt) =>
      SOURCES.map(async ({ kind, routeId }) => {
        try {
          out.items.push(...(await listZone(rt, kind, routeId)));
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          if (!out.failures.some((f) => f.zone === rt.record.id))
            out.failures.push({ zone: rt.record.id, zoneName: rt.record.name, message });
        }
      }),
    ),
  );
  out.items.sort(
    (a, b) => a.name.localeCompare(b.name) || a.zoneName.localeCompare(b.zoneName) || a.kind.localeCompare(b.kind),
  );
  return out;
}

export const grabIndexCommand = command<'grab.index'>(empty, async (_input, ctx) => grabIndex(ctx));
