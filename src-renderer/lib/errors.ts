/** Words for errors: what happened, the status in small print, what to do next. */
import { AgentError, isAgentErrorData, type AgentErrorData } from '@contract/errors';

export function toErrorData(e: unknown): AgentErrorData {
  if (e instanceof AgentError) return e.toJSON();
  if (isAgentErrorData(e)) return e;
  return { status: 0, code: 'internal_error', message: e instanceof Error ? e.message : String(e) };
}

/** "HTTP 503 · service_unavailable", or the agent code when the zone never answered. */
export function smallPrint(err: AgentErrorData): string {
  return err.status > 0 ? `HTTP ${err.status} · ${err.code}` : err.code;
}

/** A next step for the common failures; empty when the message already says it. */
export function nextStep(err: AgentErrorData): string {
  switch (err.code) {
    case 'network_error':
      return 'Check that the zone is reachable from this computer, then retry.';
    case 'timeout':
      return 'The zone is slow to answer; retry in a moment.';
    case 'tls_error':
      return 'The zone’s certificate was not trusted. If it uses a private CA, add the CA file in the zone’s settings.';
    case 'signed_out':
      return 'Sign in to this zone again.';
    default:
      if (err.status === 403) return 'Your account lacks the permission for this; ask the tenant admin.';
      if (err.status >= 500) return 'The zone had a problem; retry in a moment.';
      return '';
  }
}
