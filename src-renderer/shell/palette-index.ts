/**
 * What the command palette reads beyond navigation: the agent's index of every signed-in zone
 * (clusters and VPN gateways to grab, workflows, skills and workspaces to open), asked for afresh
 * each time the palette opens (they come and go). The workspace open in details and its actions
 * are the workspaces feature's (features/workspaces/selected-workspace.ts).
 */
import type { GrabIndex } from '@contract/commands-infra';
import { agent } from '../agent';

export function readGrabIndex(): Promise<GrabIndex> {
  return agent.invoke('grab.index', {});
}
