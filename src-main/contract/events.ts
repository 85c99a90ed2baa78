/**
 * The agent's pushed events, name -> payload: the one place both sides take their shapes from.
 * The agent's `emit` is typed against this map; the renderer's `agent.onEvent` hands its
 * listeners these payloads. (On the wire a payload is plain JSON; this map is its promise.)
 */
import type { KeychainStatus, SandboxMail, SessionView, ZoneHealth, ZoneView } from './commands';
import type { DownloadProgress } from './commands-compute';
import type { Rollout, RolloutNotice } from './commands-rollouts';

export interface AgentEvents {
  /** Every zone, after any change of the registry. */
  'zones.changed': ZoneView[];
  'session.changed': { zone: string; session: SessionView };
  'keychain.changed': KeychainStatus;
  'sandbox.mail': SandboxMail;
  /** A download's running byte count (tagged with the progressId its command was given). */
  'download.progress': DownloadProgress;
  /** ZoneHealth[] of the zones whose health changed (reachability at once, latency at most once a second). */
  'zones.health': ZoneHealth[];
  /** A deep link is waiting: the window takes it with app.takeLink. */
  'app.link': null;
  /** A rollout moved (a step, a pause, an approval wanted, the end): its whole state. */
  'rollout.changed': Rollout;
  /** A rollout paused, waits for approval, or finished (the host raises it natively). */
  'rollout.notice': RolloutNotice;
}

export type AgentEventName = keyof AgentEvents;

/** The agent's side: an event is sent only with the payload its name promises. */
export type EmitEvent = <N extends AgentEventName>(name: N, payload: AgentEvents[N]) => void;
