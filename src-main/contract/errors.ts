/** The one error shape every failure becomes, on every side of the bridge. */
export interface AgentErrorData {
  /** HTTP status from the zone, or 0 when the zone never answered. */
  status: number;
  /** A stable code: the zone's `error` field, or one of AGENT_CODES. */
  code: string;
  /** A sentence a person can read. */
  message: string;
  details?: Record<string, unknown>;
}

export const AGENT_CODES = {
  validation: 'invalid_input',
  unknownCommand: 'unknown_command',
  unknownOperation: 'unknown_operation',
  unknownZone: 'unknown_zone',
  signedOut: 'signed_out',
  network: 'network_error',
  timeout: 'timeout',
  tls: 'tls_error',
  keychain: 'keychain_error',
  internal: 'internal_error',
  forbiddenSender: 'forbidden_sender',
  cancelled: 'cancelled',
  /** A value nested too deeply to handle, or too large to be sent to the window as JSON. */
  unsendable: 'reply_too_complex',
  /** This host did not give the agent a local sandbox. */
  sandboxUnavailable: 'sandbox_unavailable',
  sandboxFailed: 'sandbox_failed',
  /** A zone's reply that cannot be read: not JSON where JSON was due, or nested too deeply. */
  replyInvalid: 'zone_reply_invalid',
  /** A zone's reply over the size the agent reads (JSON) or the cap of a download. */
  replyTooLarge: 'reply_too_large',
  /** A change was not sent: the zone has not been answering (its health is unreachable). */
  zoneUnreachable: 'zone_unreachable',
} as const;

export class AgentError extends Error implements AgentErrorData {
  readonly status: number;
  readonly code: string;
  readonly details?: Record<string, unknown>;
  constructor(data: AgentErrorData) {
    super(data.message);
    this.name = 'AgentError';
    this.status = data.status;
    this.code = data.code;
    if (data.details) this.details = data.details;
  }
  toJSON(): AgentErrorData {
    const out: AgentErrorData = { status: this.status, code: this.code, message: this.message };
    if (this.details) out.details = this.details;
    return out;
  }
  static from(data: AgentErrorData): AgentError {
    return new AgentError(data);
  }
}

/**
 * `details[RETRIED]`: the agent already retried this call once (a refusal it learned from, then
 * refused again). One retry policy, in the agent: no caller retries such a call on top.
 */
export const RETRIED = 'retried';

export function agentRetried(err: AgentErrorData): boolean {
  return err.details?.[RETRIED] === true;
}

export function isAgentErrorData(v: unknown): v is AgentErrorData {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as AgentErrorData).code === 'string' &&
    typeof (v as AgentErrorData).message === 'string' &&
    typeof (v as AgentErrorData).status === 'number'
  );
}
