/**
 * A rollout runs in the agent with or without a window (tray mode): when one pauses, waits for a
 * person or finishes, the host says so natively, and a click brings the main window forward.
 */
import type { AgentEventName } from '../contract/protocol';
import type { RolloutNotice } from '../contract/commands-rollouts';
import { notify } from './notify';

export function raiseRolloutNotices(
  agent: { onEvent(listener: (name: AgentEventName, payload: unknown) => void): () => void },
  openMain: () => void,
): () => void {
  return agent.onEvent((name, payload) => {
    if (name !== 'rollout.notice') return;
    const n = payload as RolloutNotice;
    notify(n.title, n.body, openMain);
  });
}
