/**
 * What keeps secrets and hostile input out of the log: every value passes through here at the
 * logger, so a call site cannot forget. Credential-named keys are replaced at any depth; bearer
 * tokens, JWTs, cookies, credential pairs and long opaque strings in text are masked; strings,
 * objects and arrays are bounded so a zone's reply cannot blow the log up.
 */
export const REDACTED = '[redacted]';

export const LIMITS = { string: 1000, message: 2000, depth: 6, keys: 40, items: 20, stackLines: 8 } as const;

/** Key names (any case, any separators) whose values are credentials. */
const SENSITIVE_KEY =
  /token|secret|passw|passphrase|cookie|authoriz|credential|apikey|privatekey|recovery|challenge|signature|sessionid|platformdevice|^otp$|^codes?$|(mfa|totp|otp|verification|auth|backup|device|onetime|login|oauth)codes?$/;

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A random token rather than a word or an id: long, and mixes upper case, lower case and digits. */
function looksOpaque(s: string): boolean {
  return !UUID.test(s) && /\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s);
}

const RULES: [RegExp, (m: string, ...g: string[]) => string][] = [
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, (_m, scheme) => `${scheme} ${REDACTED}`],
  // JWTs (access and ID tokens) wherever they stand.
  [/\beyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g, () => '[redacted-jwt]'],
  // Cookie and Set-Cookie header lines: everything after the name.
  [/\b((?:set-)?cookie)(\s*[:=]\s*)[^\r\n]*/gi, (_m, name, sep) => `${name}${sep}${REDACTED}`],
  // "key": "value" and "key": [..] in JSON text (a zone's error body echoing what it was sent).
  [
    /"([^"\\]{1,64})"(\s*:\s*)("(?:[^"\\]|\\.)*"|\[[^\]]*\])/g,
    (m, key, sep) => (isSensitiveKey(key) ? `"${key}"${sep}"${REDACTED}"` : m),
  ],
  // key=value in query strings, form bodies and cookie pairs.
  [/\b([A-Za-z][\w.-]{0,63})=([^&\s;,"'<>]+)/g, (m, key) => (isSensitiveKey(key) ? `${key}=${REDACTED}` : m)],
  // Long opaque strings: refresh tokens, client secrets, cookie values that came without a name.
  [/[A-Za-z0-9_-]{32,}/g, (m) => (looksOpaque(m) ? REDACTED : m)],
];

/** Masks credentials in free text and bounds its length. */
export function maskText(text: string, limit: number = LIMITS.string): string {
  let s = text;
  if (s.length > limit * 4) {
    // Mask a bounded slice only; a token cut at its end is dropped rather than half kept.
    s = s.slice(0, limit * 4).replace(/[A-Za-z0-9\-._~+/=]+$/, '');
  }
  for (const [re, fn] of RULES) s = s.replace(re, fn as (m: string) => string);
  return s.length > limit ? `${s.slice(0, limit)}…[${text.length} chars]` : s;
}

/** A JSON-safe, redacted, bounded copy of anything handed to the logger. */
export function sanitize(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || value === undefined) return value ?? null;
  switch (typeof value) {
    case 'string':
      return maskText(value);
    case 'number':
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'function':
    case 'symbol':
      return `[${typeof value}]`;
  }
  const obj = value as object;
  if (seen.has(obj)) return '[circular]';
  if (depth >= LIMITS.depth) return '[depth]';
  if (ArrayBuffer.isView(obj) || obj instanceof ArrayBuffer) return `[${(obj as ArrayBuffer).byteLength} bytes]`;
  if (obj instanceof Date) return obj.toISOString();
  seen.add(obj);
  try {
    if (obj instanceof Error) return errorShape(obj, depth, seen);
    if (Array.isArray(obj)) {
      const items = obj.slice(0, LIMITS.items).map((v) => sanitize(v, depth + 1, seen));
      if (obj.length > LIMITS.items) items.push(`…[${obj.length} items]`);
      return items;
    }
    return sanitizeEntries(Object.entries(obj), depth, seen);
  } finally {
    seen.delete(obj);
  }
}

/** Fields by name: a credential-named key keeps its name and loses its value. */
export function sanitizeEntries(
  entries: [string, unknown][],
  depth = 0,
  seen = new WeakSet<object>(),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries.slice(0, LIMITS.keys)) {
    const key = maskText(k, 64);
    if (v === undefined) continue;
    // A yes/no under a credential-like name (memorySecrets: true) tells nothing; a number might be a code.
    out[key] = isSensitiveKey(k) && typeof v !== 'boolean' ? REDACTED : sanitize(v, depth + 1, seen);
  }
  if (entries.length > LIMITS.keys) out['…'] = `${entries.length} keys`;
  return out;
}

function errorShape(err: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const e = err as Error & { code?: unknown; status?: unknown; cause?: unknown; details?: unknown };
  const out: Record<string, unknown> = { name: maskText(err.name, 64), message: maskText(err.message) };
  // An error with a status is a zone's answer (AgentError): its code says it all, no stack needed.
  const answered = typeof e.status === 'number';
  if (answered) out.status = e.status;
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = maskText(String(e.code), 100);
  if (e.details && typeof e.details === 'object')
    out.details = sanitizeEntries(Object.entries(e.details), depth + 1, seen);
  if (e.cause !== undefined) out.cause = sanitize(e.cause, depth + 1, seen);
  if (err.stack && !answered)
    out.stack = maskText(
      err.stack
        .split('\n')
        .slice(1, LIMITS.stackLines + 1)
        .map((l) => l.trim())
        .join('\n'),
    );
  return out;
}
