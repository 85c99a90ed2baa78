/**
 * Turns whatever went wrong talking to a zone into one AgentError a person can read:
 * the zone's own words when it gave some, otherwise a sentence chosen by status or cause.
 */
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { type FieldHint, readErrorBody } from './error-body';
import { fieldHints } from './error-fields';
import { expectedOf } from './error-hints';
import { jsonTooDeep } from './reply-bounds';

const STATUS_WORDS: Record<number, string> = {
  400: 'The zone rejected the request as malformed.',
  401: 'The zone did not accept your credentials. Sign in again.',
  403: 'Your account is not allowed to do this in this zone.',
  404: 'The zone has no such resource. It may have been deleted.',
  405: 'The zone does not allow this operation here.',
  409: 'The zone refused because of the resource’s current state.',
  410: 'This is no longer available.',
  413: 'The request is too large for the zone.',
  422: 'The zone could not accept these values.',
  429: 'Too many requests. Wait a moment and try again.',
  500: 'The zone had an internal error.',
  501: 'The zone does not support this operation.',
  502: 'The zone’s gateway failed to answer.',
  503: 'The zone is unavailable right now. Try again shortly.',
  504: 'The zone timed out.',
};

function statusWords(status: number): string {
  return (
    STATUS_WORDS[status] ??
    (status >= 500 ? 'The zone failed to answer.' : `The zone refused the request (HTTP ${status}).`)
  );
}

const DROPPED_WORDS = {
  too_large: 'The zone’s error reply was too large to show.',
  too_deep: 'The zone’s error reply was nested too deeply to show.',
} as const;

/** Why an error body was left out: the status still tells what happened, the details say why. */
function droppedBody(status: number, why: keyof typeof DROPPED_WORDS): AgentError {
  return new AgentError({
    status,
    code: `http_${status}`,
    message: `${statusWords(status)} ${DROPPED_WORDS[why]}`,
    details: { bodyDropped: why },
  });
}

/**
 * What a refusal names, for details: `expected` (the names to try, error-hints.ts), and
 * `refusalHints` when the body said more than that list can (where a field goes, nested or in which
 * part of the call, a field it refuses).
 */
function namedIn(hints: FieldHint[]): Record<string, unknown> {
  const expected = expectedOf(hints);
  const more = hints.some((h) => h.kind === 'rejected' || h.place || h.nested);
  return { ...(expected.length ? { expected } : {}), ...(more ? { refusalHints: hints } : {}) };
}

/**
 * Error bodies vary: {error, message}, {error: {code, message}}, {errors: [...]}, problem+json,
 * plain text (error-body.ts reads them all). `details` keeps the body's other fields as they were
 * (screens read attempts_left, retry_after_seconds …) and adds `expected`: the field or parameter
 * names the zone said it wanted (and `refusalHints`, see namedIn). `dropped` says the body was not read (too large); one nested too
 * deeply is dropped here.
 */
export function errorFromResponse(
  status: number,
  bodyText: string,
  contentType: string | null,
  dropped?: 'too_large',
): AgentError {
  if (dropped) return droppedBody(status, dropped);
  let code = `http_${status}`;
  let message = '';
  let details: Record<string, unknown> | undefined;
  const looksJson = (contentType ?? '').includes('json') || /^\s*[{[]/.test(bodyText);
  if (looksJson && jsonTooDeep(bodyText)) return droppedBody(status, 'too_deep');
  let parsed = false;
  if (looksJson) {
    try {
      const parsedBody = JSON.parse(bodyText) as unknown;
      parsed = true;
      // A bare list of errors reads as {errors: […]}; a bare JSON string as the sentence.
      const body = Array.isArray(parsedBody) ? { errors: parsedBody } : parsedBody;
      if (typeof body === 'string' && body.trim() && body.length < 500) {
        message = body.trim();
        details = namedIn(fieldHints(body));
      }
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const read = readErrorBody(body);
        if (read.code) code = read.code;
        if (read.message) message = read.message;
        // `expected` and `refusalHints` are ours (names only): a zone's own field of that name ("text/plain") is not kept.
        const { error: _e, message: _m, expected: _x, refusalHints: _h, ...rest } = body as Record<string, unknown>;
        // No prototype: the keys are the zone's (a `__proto__` of its body stays a plain key).
        details = Object.assign(Object.create(null) as Record<string, unknown>, rest, namedIn(read.hints));
      }
    } catch {
      // Not JSON after all: fall through to plain text.
    }
  }
  if (!parsed && bodyText.trim() && !/<html/i.test(bodyText)) {
    if (!looksJson && bodyText.length < 500) message = bodyText.trim();
    details = namedIn(fieldHints(bodyText));
  }
  if (details && !Object.keys(details).length) details = undefined;
  return new AgentError({ status, code, message: message || statusWords(status), ...(details ? { details } : {}) });
}

const NET_CODES: Record<string, string> = {
  ECONNREFUSED: 'Nothing is listening at the zone’s address. Is the URL right, and is the zone up?',
  ENOTFOUND: 'The zone’s host name could not be found. Check the base URL and your network.',
  EAI_AGAIN: 'The zone’s host name could not be resolved right now. Check your network.',
  ECONNRESET: 'The connection to the zone was reset. Try again.',
  EHOSTUNREACH: 'The zone’s host cannot be reached from this network.',
  ENETUNREACH: 'The network is unreachable.',
  UND_ERR_SOCKET: 'The connection to the zone was closed unexpectedly. Try again.',
};

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** A failure before any HTTP status: DNS, refused, reset, TLS, timeout. */
export function errorFromException(err: unknown, timeoutMs: number): AgentError {
  if (err instanceof AgentError) return err;
  const e = err as { name?: string; code?: string; cause?: { code?: string; message?: string }; message?: string };
  const code = e.cause?.code ?? e.code ?? '';
  if (e.name === 'TimeoutError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new AgentError({
      status: 0,
      code: AGENT_CODES.timeout,
      message: `The zone did not answer within ${Math.round(timeoutMs / 1000)} s.`,
    });
  }
  if (e.name === 'AbortError')
    return new AgentError({ status: 0, code: AGENT_CODES.cancelled, message: 'The request was cancelled.' });
  if (TLS_CODES.has(code)) {
    return new AgentError({
      status: 0,
      code: AGENT_CODES.tls,
      message:
        'The zone’s TLS certificate is not trusted. For a private deployment, set its CA certificate file in the zone settings.',
      details: { cause: code },
    });
  }
  return new AgentError({
    status: 0,
    code: AGENT_CODES.network,
    message: NET_CODES[code] ?? `Could not reach the zone: ${e.cause?.message ?? e.message ?? String(err)}`,
    ...(code ? { details: { cause: code } } : {}),
  });
}
