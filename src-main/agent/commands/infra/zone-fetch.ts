/**
 * What the infra commands fetch from a zone before writing a file: a cluster's name and its
 * kubeconfig, a gateway's name and its profile. Through the zone's session, so a 401 renews once.
 */
import { AGENT_CODES, AgentError } from '../../../contract/errors';
import { findRoute, type Route } from '../../../contract/routes';
import { isRecord, nameOf } from '../../../contract/tolerant';
import type { AgentContext } from '../../context';
import { fileNameOf } from '../../files/names';
import { downloadTooLarge, SMALL_DOWNLOAD_CAP } from '../../http/download-caps';

export interface Fetched {
  text: string;
  /** The file name the zone suggested in Content-Disposition, if any. */
  fileName?: string;
}

function route(id: string): Route {
  const r = findRoute(id);
  if (!r) throw new Error(`route ${id} missing from the route table`);
  return r;
}

async function get(
  ctx: AgentContext,
  zone: string,
  routeId: string,
  params: Record<string, string>,
  maxBytes?: number,
) {
  const rt = ctx.zones.get(zone);
  return rt.session.send(rt.client, { route: route(routeId), params, ...(maxBytes ? { maxBytes } : {}) });
}

/** The record's name, read tolerantly; `fallback` (the id) when the zone gives none. */
export async function nameById(ctx: AgentContext, zone: string, routeId: string, id: string): Promise<string> {
  const res = await get(ctx, zone, routeId, { id });
  const data = res.data;
  // Some zones wrap a single record ({data: {...}}); read one level down if so.
  const rec = isRecord(data) && isRecord(data.data) ? data.data : data;
  return (isRecord(rec) && nameOf(rec)) || id;
}

/**
 * A download route's body as text; a kubeconfig or a WireGuard profile is a few KiB, so more than
 * `maxBytes` (default 4 MiB, liftable by the caller) is refused as reply_too_large.
 */
export async function download(
  ctx: AgentContext,
  zone: string,
  routeId: string,
  id: string,
  maxBytes = SMALL_DOWNLOAD_CAP,
): Promise<Fetched> {
  const what = routeId === 'vpnGateways.config' ? 'VPN profile' : 'kubeconfig';
  const res = await get(ctx, zone, routeId, { id }, maxBytes).catch((e: unknown) => {
    throw e instanceof AgentError && e.code === AGENT_CODES.replyTooLarge ? downloadTooLarge(what, maxBytes) : e;
  });
  const text = typeof res.data === 'string' ? res.data : res.data == null ? '' : JSON.stringify(res.data);
  if (!text.trim()) {
    throw new AgentError({
      status: res.status,
      code: 'empty_download',
      message: 'The zone sent an empty file. Try again; if it stays empty, the zone may not be ready yet.',
    });
  }
  const fileName = fileNameOf(res.headers.get('content-disposition'));
  return fileName ? { text, fileName } : { text };
}
