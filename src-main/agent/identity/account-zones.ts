/**
 * Which zones in the app belong to one account: signed in with the same email to the same cloud.
 * "Same cloud" is the parent domain the remembered-browser cookie is scoped to (the zone's host
 * without its first label), so eu-1.example.com and us-1.example.com go together.
 */
import type { AgentContext } from '../context';
import type { ZoneRuntime } from '../zone-runtimes';

export function cloudOf(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.toLowerCase();
  const labels = host.split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : host;
}

/** The zones (including `zone` itself) whose user session is the same account as `zone`'s. */
export function accountZones(ctx: AgentContext, zone: string): ZoneRuntime[] {
  const me = ctx.zones.get(zone);
  const email = me.session.view().email?.toLowerCase();
  const cloud = cloudOf(me.record.baseUrl);
  if (!email) return [me];
  return ctx.zones.all().filter((rt) => {
    const v = rt.session.view();
    return (
      rt === me ||
      (v.state !== 'signed_out' &&
        v.kind !== 'machine' &&
        v.email?.toLowerCase() === email &&
        cloudOf(rt.record.baseUrl) === cloud)
    );
  });
}

/** Zones in the app connected as the API client `clientId`. */
export function clientZones(ctx: AgentContext, clientId: string): ZoneRuntime[] {
  return ctx.zones
    .all()
    .filter((rt) => rt.session.view().state !== 'signed_out' && rt.session.credential()?.client_id === clientId);
}

/** Signs the zones out here (their tokens are already dead at the zone) and says why. */
export async function signOutLocally(zones: ZoneRuntime[], reason: string): Promise<string[]> {
  await Promise.all(zones.map((rt) => rt.session.signOut(reason)));
  return zones.map((rt) => rt.record.id);
}
