/**
 * What the command palette reads beyond navigation: the agent's index of every signed-in zone
 * (clusters and VPN gateways to grab, workflows, skills and workspaces to open), asked for afresh
 * each time the palette opens (they come and go). The workspace open in details and its actions
 * are the workspaces feature's (features/workspaces/selected-workspace.ts).
 *
 * The first read starts when the shell shows (warmGrabIndex), so the palette a person opens at
 * once already lists the clusters (issue #28): an opening while a read is under way shares it, and
 * the last index is shown until the fresh one arrives.
 */
import type { GrabIndex } from '@contract/commands-infra';
import { agent } from '../agent';

let reading: Promise<GrabIndex> | null = null;
let last: GrabIndex | null = null;

export function readGrabIndex(): Promise<GrabIndex> {
  reading ??= agent
    .invoke('grab.index', {})
    .then((index) => (last = index))
    .finally(() => (reading = null));
  return reading;
}

/** The index of the last read that answered, if any. */
export function lastGrabIndex(): GrabIndex | null {
  return last;
}

/** Starts a read ahead of the palette's opening; a failure shows when the palette reads again. */
export function warmGrabIndex(): void {
  readGrabIndex().catch(() => undefined);
}
