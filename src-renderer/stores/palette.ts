/**
 * What the command palette reads from the agent: the clusters and VPN gateways of every signed-in
 * zone, asked for afresh each time the palette opens (they come and go), with the zones that failed.
 */
import type { GrabIndex } from '@contract/commands-infra';
import { agent } from '../agent';

export function readGrabIndex(): Promise<GrabIndex> {
  return agent.invoke('grab.index', {});
}
