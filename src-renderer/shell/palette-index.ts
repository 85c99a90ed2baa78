/**
 * What the command palette reads beyond navigation: the agent's index of every signed-in zone
 * (clusters and VPN gateways to grab, workflows, skills and workspaces to open), asked for afresh
 * each time the palette opens (they come and go). The workspace open in details and its actions
 * are the workspaces feature's (features/workspaces/selected-workspace.ts).
 *
 * The first read starts once the shell is painted (warmGrabIndex), so the palette a person opens
 * at once already lists the clusters (issue #28). An opening shares a read under way, and takes an
 * index read in the last few seconds as it is: a second read then would only compete with what the
 * person runs from it. Otherwise the last index shows until the fresh one arrives.
 */
import type { GrabIndex } from '@contract/commands-infra';
import { agent } from '../agent';

/** How long an index counts as fresh: clusters do not come and go within it. */
const FRESH_MS = 5_000;

let reading: Promise<GrabIndex> | null = null;
let last: { index: GrabIndex; at: number } | null = null;

/** The index: the read under way, one answered in the last FRESH_MS, or a new read. */
export function readGrabIndex(): Promise<GrabIndex> {
  if (reading) return reading;
  if (last && performance.now() - last.at < FRESH_MS) return Promise.resolve(last.index);
  reading = agent
    .invoke('grab.index', {})
    .then((index) => (last = { index, at: performance.now() }).index)
    .finally(() => (reading = null));
  return reading;
}

/** The index of the last read that answered, if any. */
export function lastGrabIndex(): GrabIndex | null {
  return last?.index ?? null;
}

/** Starts a read ahead of the palette's opening; a failure shows when the palette reads again. */
export function warmGrabIndex(): void {
  readGrabIndex().catch(() => undefined);
}
