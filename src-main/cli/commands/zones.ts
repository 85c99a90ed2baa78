/** `zonedeck zones`: every zone with its group, who is signed in, and how it has been answering. */
import { withProgress } from '../progress';
import type { ZoneHealth, ZoneView } from '../../contract/commands';
import type { AgentLink } from '../link';
import { type Output, paint, table } from '../output';

function sessionText(z: ZoneView): string {
  if (z.session.state === 'signed_out') return z.session.reason ? `signed out (${z.session.reason})` : 'signed out';
  const who = z.session.kind === 'machine' ? `client ${z.session.clientId ?? '?'}` : (z.session.email ?? 'signed in');
  return z.session.state === 'refreshing' ? `${who} (renewing)` : who;
}

function healthText(h: ZoneHealth | undefined, color: boolean): string {
  if (!h || h.state === 'unknown') return 'unknown';
  if (h.state === 'reachable') return paint(color, 'green', 'up');
  return paint(color, 'red', `down${h.lastError ? `: ${h.lastError}` : ''}`);
}

export async function zonesCommand(link: AgentLink, out: Output): Promise<void> {
  // Renewing each remembered session is what proves who is signed in, and measures the zone.
  await withProgress(out, 'Checking the zones…', link.sessionsRestored());
  const [zones, health] = await Promise.all([link.invoke('zones.list', {}), link.invoke('zones.health', {})]);
  const byZone = new Map(health.map((h) => [h.zone, h]));
  const data = zones.map((z) => {
    const h = byZone.get(z.id);
    return {
      id: z.id,
      name: z.name,
      baseUrl: z.baseUrl,
      group: z.group ?? null,
      protected: z.protected,
      sandbox: z.sandbox,
      session: z.session,
      health: h?.state ?? 'unknown',
      latencyMs: h?.latencyMs ?? null,
      lastError: h?.lastError ?? null,
    };
  });
  if (zones.length === 0) {
    out.result('No zones yet. Add one: zonedeck zones add <name> <url>, or zonedeck zones import <file>.', data);
    return;
  }
  const color = out.color('stdout');
  const rows = zones.map((z) => {
    const h = byZone.get(z.id);
    return [
      z.name,
      z.group ?? '-',
      sessionText(z),
      healthText(h, color),
      h?.latencyMs != null ? `${Math.round(h.latencyMs)} ms` : '-',
      z.baseUrl,
    ];
  });
  out.result(table(['ZONE', 'GROUP', 'SIGNED IN', 'HEALTH', 'LATENCY', 'ADDRESS'], rows), data);
}
