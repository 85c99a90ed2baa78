/**
 * What a single value looks like, for inferring a field's role from its values rather than its
 * name: an identifier (UUID, ULID, prefixed, numeric, hex, resource path, ARN), a time (ISO text
 * or epoch seconds/milliseconds in a plausible range), or a human name (short text a person would
 * call the record). Pure and cheap: inference reads a sample of a list, never every row.
 */

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;
const HEX = /^(?=[0-9a-f]*\d[0-9a-f]*\d)[0-9a-f]{10,64}$/i;
/** A numeric id has some digits: 1, 2, 3 are counts or positions as often as ids (known names still read them). */
const DIGITS = /^\d{4,19}$/;
/** `cus_NffrFeUfNV2Hib`, `i-0abcd1234efgh5678`, `wf_01HX…`: a short word, a separator, a random tail. */
const PREFIXED = /^[A-Za-z]{1,12}[-_]([A-Za-z0-9]{5,})$/;
const ARN = /^arn:[\w-]+:[\w-]*:/;
/** An AIP resource name: `projects/p/locations/l/clusters/c` (three or more segments). */
const RESOURCE_PATH = /^[\w.-]+(\/[\w.-]+){2,}$/;

/** A tail that reads as random rather than a word and a number: mixed case with a digit, hex with digits, or long. */
function randomTail(tail: string): boolean {
  if (!/\d/.test(tail)) return false;
  if (/[a-z]/.test(tail) && /[A-Z]/.test(tail)) return true;
  if (/^[0-9a-f]+$/i.test(tail) && tail.replace(/\D/g, '').length >= 2) return true;
  return tail.length >= 14;
}

export function isIdLike(v: unknown): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 1000;
  if (typeof v !== 'string' || v.length === 0 || v.length > 256) return false;
  if (UUID.test(v) || ULID.test(v) || HEX.test(v) || DIGITS.test(v) || ARN.test(v) || RESOURCE_PATH.test(v))
    return true;
  const m = PREFIXED.exec(v);
  return m !== null && randomTail(m[1]!);
}

/**
 * An id that can be nothing else (UUID, ULID, ARN, resource path, prefixed random): a bare number
 * may as well be a port (51820), a count or a size, so between two fields that both fit an id,
 * the one whose values are shaped only as ids are is the likelier.
 */
export function isStrongId(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 256 || DIGITS.test(v)) return false;
  return isIdLike(v);
}

/** 2000-01-01 to 2100-01-01, in seconds: a number outside it is a count or an id, not a time. */
const EPOCH_MIN = 946_684_800;
const EPOCH_MAX = 4_102_444_800;
const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function epochTime(n: number): boolean {
  return (n >= EPOCH_MIN && n <= EPOCH_MAX) || (n >= EPOCH_MIN * 1000 && n <= EPOCH_MAX * 1000);
}

export function isTimeLike(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v) && epochTime(v);
  if (typeof v !== 'string' || v.length > 40) return false;
  if (/^\d{9,13}(\.\d+)?$/.test(v)) return epochTime(Number(v));
  return ISO.test(v) && !Number.isNaN(Date.parse(v));
}

const VERSION = /^v?\d+(\.\d+)+([-+][\w.]+)?$/i;
/** Base64 with its padding or a `+` (a WireGuard key, a token): a value, never what a person calls a record. */
const BASE64 = /^(?=.*[+=])[A-Za-z0-9+/]{16,}={0,2}$/;
const ADDRESS = /^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/;

/**
 * Text a person would call a record by: short, one line, with a letter, and not a path, address,
 * reference, URL, version, e-mail or key (`nginx:1.25`, `10.0.0.0/24`, `v1.29` are values, not names).
 */
export function isNameLike(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const t = v.trim();
  if (t.length === 0 || t.length > 100 || !/\p{L}/u.test(t)) return false;
  if (/[\n\r\t/\\:@<>{}[\]]/.test(t)) return false;
  return !VERSION.test(t) && !ADDRESS.test(t) && !BASE64.test(t);
}

/** A scalar as the text a row shows: non-empty strings, finite numbers; anything else is no value. */
export function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v === '' ? undefined : v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
}
