/** Words for errors: what happened, the status in small print, what to do next. */
import { AgentError, isAgentErrorData, type AgentErrorData } from '@contract/errors';

export function toErrorData(e: unknown): AgentErrorData {
  if (e instanceof AgentError) return e.toJSON();
  if (isAgentErrorData(e)) return e;
  return { status: 0, code: 'internal_error', message: e instanceof Error ? e.message : String(e) };
}

/** The zone's words, with what its code means when they are only our generic sentence for the status. */
export function errorWords(err: AgentErrorData): string {
  const meaning = codeMeaning(err.code);
  return meaning && !err.message.toLowerCase().includes(words(err.code).toLowerCase())
    ? `${meaning} ${err.message}`
    : err.message;
}

/** "HTTP 503 · service_unavailable", or the agent code when the zone never answered. */
export function smallPrint(err: AgentErrorData): string {
  return err.status > 0 ? `HTTP ${err.status} · ${err.code}` : err.code;
}

/** "name_required" → "name"; "deploy_server_id" → "deploy server id". */
function words(snake: string): string {
  return snake.replace(/[_.-]+/g, ' ').trim();
}

/**
 * What a zone's error code means, in words, when the code says more than the zone's message (a
 * bare "name_required" comes with our generic sentence for the status): needs, refusals, clashes.
 */
export function codeMeaning(code: string): string {
  let m = /^(?:missing|no)_(\w+)$/.exec(code) ?? /^(\w+?)_(?:required|missing)$/.exec(code);
  if (m) return `The zone needs a value for ${words(m[1]!)}.`;
  if ((m = /^invalid_(\w+)$/.exec(code) ?? /^(\w+?)_invalid$/.exec(code)))
    return `The zone did not accept the ${words(m[1]!)} given.`;
  if ((m = /^(\w+?)_not_found$/.exec(code))) return `The zone has no such ${words(m[1]!)}.`;
  if ((m = /^(\w+?)_(?:exists|already_exists|taken|in_use)$/.exec(code)))
    return `That ${words(m[1]!)} is already in use in this zone.`;
  return '';
}

/** The fields or parameters a refusal named (the agent reads them from any error body shape). */
function expectedOf(err: AgentErrorData): string[] {
  const e = err.details?.expected;
  return Array.isArray(e) ? e.filter((x): x is string => typeof x === 'string').slice(0, 5) : [];
}

/** A next step for the common failures; empty when the message already says it. */
export function nextStep(err: AgentErrorData): string {
  const named = expectedOf(err);
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
      if ((err.status === 400 || err.status === 422) && named.length)
        return `The zone asked about: ${named.join(', ')}. Check ${named.length > 1 ? 'those values' : 'that value'} and send again.`;
      if (err.status === 400 || err.status === 422)
        return 'Check the values sent, then send again; Retry alone sends the same.';
      if (err.status === 401) return 'Sign in to this zone again.';
      if (err.status === 403) return 'Your account lacks the permission for this; ask the tenant admin.';
      if (err.status === 404) return 'It may have been deleted elsewhere: refresh the list.';
      if (err.status === 409)
        return 'Its current state does not allow this now: wait for it to settle, refresh, and try again.';
      if (err.status === 429) return 'The zone asks for fewer requests: wait a moment, then retry.';
      if (err.status >= 500) return 'The zone had a problem; retry in a moment.';
      return '';
  }
}
