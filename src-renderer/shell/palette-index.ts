/**
 * What the command palette reads beyond navigation: the agent's index of every signed-in zone
 * (clusters and VPN gateways to grab, workflows, skills and workspaces to open), asked for afresh
 * each time the palette opens (they come and go). The workspace open in details and its actions
 * are the workspaces feature's (features/workspaces/selected-workspace.ts).
 *
 * The first read starts once the shell is painted (warmGrabIndex), so the palette a person opens
 * at once already lists the clusters (issue #28). An opening shares a read under way, and takes an
 * index read in the last few seconds as it is (a second read then would only compete with what the
 * person runs from it), both only while the same zones are signed in. Otherwise the last index
 * shows until the fresh one arrives.
 */
import type { GrabIndex } from '@contract/commands-infra';
import type { ZoneView } from '@contract/commands';
import { agent } from '../agent';

/** How long an index counts as fresh: clusters do not come and go within it. */
const FRESH_MS = 5_000;

let reading: { key: string; read: Promise<GrabIndex> } | null = null;
let last: { key: string; index: GrabIndex; at: number } | null = null;

/** Which zones the agent lists: a sign-in or sign-out makes an index read before it stale. */
export const signedInKey = (zones: readonly ZoneView[]): string =>
  zones
    .filter((z) => z.session.state !== 'signed_out')
    .map((z) => z.id)
    .sort()
    .join('\n');

/** The index of these zones: the read under way, one answered in the last FRESH_MS, or a new read. */
export function readGrabIndex(zones: readonly ZoneView[]): Promise<GrabIndex> {
  const key = signedInKey(zones);
  if (reading?.key === key) return reading.read;
  if (last?.key === key && performance.now() - last.at < FRESH_MS) return Promise.resolve(last.index);
  const read = agent.invoke('grab.index', {}).then((index) => {
    last = { key, index, at: performance.now() };
    return index;
  });
  const mine = { key, read };
  reading = mine;
  void read.catch(() => undefined).finally(() => reading === mine && (reading = null));
  return read;
}

/** The index of the last read that answered, if any. */
export function lastGrabIndex(): GrabIndex | null {
  return last?.index ?? null;
}

/** Starts a read ahead of the palette's opening; a failure shows when the palette reads again. */
export function warmGrabIndex(zones: readonly ZoneView[]): void {
  readGrabIndex(zones).catch(() => undefined);
}
