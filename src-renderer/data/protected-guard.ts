/**
 * Installs the protected-zone guard on the agent: every change in a protected zone waits for the
 * zone's name to be typed, whichever screen sent it; a refusal sends nothing and fails with
 * `cancelled`. The dialog itself is given by the shell (it needs the dialog provider).
 */
import { AGENT_CODES, AgentError } from '@contract/errors';
import { agent } from '../agent';
import { asksZoneName, type GuardedCall, zoneChange, zonePasses } from './protected-zones';

export interface GuardDeps {
  isProtected(zone: string): boolean;
  /** Shows the zone-name dialog; true once the name was typed and confirmed. */
  ask(call: GuardedCall): Promise<boolean>;
}

export function installProtectedGuard(deps: GuardDeps): () => void {
  // Changes started together (a bulk stop) share one dialog per zone.
  const pending = new Map<string, Promise<boolean>>();

  agent.setGuard(async (command, input) => {
    const call = zoneChange(command, input);
    if (!asksZoneName(call, deps.isProtected, zonePasses) || !call) return;
    let asking = pending.get(call.zone);
    if (!asking) {
      asking = deps.ask(call).finally(() => pending.delete(call.zone));
      pending.set(call.zone, asking);
    }
    if (await asking) {
      zonePasses.grant(call.zone);
      return;
    }
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.cancelled,
      message: 'Nothing was sent: this zone is protected and its name was not typed.',
    });
  });
  // A typed name covers what that confirmation started, not the next thing the person does. The
  // capture phase runs before the confirming click or Enter grants a new pass.
  const endPasses = () => zonePasses.revokeAll();
  window.addEventListener('pointerdown', endPasses, true);
  window.addEventListener('keydown', endPasses, true);
  return () => {
    agent.setGuard(null);
    window.removeEventListener('pointerdown', endPasses, true);
    window.removeEventListener('keydown', endPasses, true);
  };
}
