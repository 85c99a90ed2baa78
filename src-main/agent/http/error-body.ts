/**
 * Reads a zone's error body of any shape (the spec leaves it "not shown"): a code and a sentence
 * wherever they sit, and the fields the refusal names (error-fields.ts: structured shapes,
 * error-prose.ts: sentences and codes), so the agent can send a refused call once more in the
 * zone's own words (commands/worded-call.ts). The body is untrusted: only identifiers that are
 * not prototype keys are kept, at most MAX_EXPECTED of them, from a bounded walk.
 */
import { isRecord } from '../../contract/tolerant';
import { fieldHints, fieldOf } from './error-fields';
import { type FieldHint, MAX_HINTS, expectedOf } from './error-hints';

export type { FieldHint } from './error-hints';
export const MAX_EXPECTED = MAX_HINTS;
/** A code is one word-like token; a sentence under `error` is a message, not a code. */
const CODE = /^[\w.:/-]{1,100}$/;

export interface ErrorBodyWords {
  code?: string;
  message?: string;
  /** The names to try a refused call under (error-hints.ts expectedOf). */
  expected: string[];
  /** Every field named, with what the zone says of it (wanted, rejected) and where it goes. */
  hints: FieldHint[];
}

type Raw = Record<string, unknown>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A problem+json `type` is a URI: its last path segment is the code ("about:blank" is none). */
function codeOfType(v: unknown): string | undefined {
  const t = text(v);
  if (!t || t === 'about:blank') return undefined;
  const last = t.split(/[/#]/).filter(Boolean).pop();
  return last && CODE.test(last) ? last : undefined;
}

function codeIn(b: Raw): string | undefined {
  for (const key of ['error', 'code', 'error_code', 'errorCode']) {
    const v = b[key];
    if (typeof v === 'string' && CODE.test(v)) return v;
    if (typeof v === 'number' && Number.isInteger(v) && key !== 'error') return String(v);
  }
  // AWS's JSON protocol: `__type` "com.amazon.coral.validate#ValidationException".
  return codeOfType(b.type) ?? codeOfType(b.__type);
}

const MESSAGE_KEYS = ['message', 'Message', 'detail', 'error_description', 'description', 'title', 'msg'];

function messageIn(b: Raw): string | undefined {
  for (const key of MESSAGE_KEYS) {
    const m = text(b[key]);
    if (m) return m;
  }
  // `error` holding a sentence rather than a code.
  const e = text(b.error);
  return e && !CODE.test(e) ? e : undefined;
}

/** The records beside the top level that may carry a code or message: a nested `error`, `errors[]`, pydantic's `detail[]`. */
function nestedRecords(b: Raw): Raw[] {
  const out: Raw[] = [];
  if (isRecord(b.error)) out.push(b.error);
  for (const list of [b.errors, b.detail])
    if (Array.isArray(list)) out.push(...list.slice(0, MAX_EXPECTED).filter(isRecord));
  return out;
}

const MAX_MESSAGE = 500;

/** A record's sentence, led by the field it is about when it does not name it: "definition: is required". */
function sentenceOf(r: Raw, inList: boolean): string | undefined {
  const m = messageIn(r);
  if (!m) return undefined;
  const f = fieldOf(r, inList);
  return f && !m.includes(f) ? `${f}: ${m}` : m;
}

/**
 * Code and message, top level first, then the nested records. The message is the top level's
 * sentence followed by up to three of the nested ones, each led by the field it is about.
 */
export function readErrorBody(body: unknown): ErrorBodyWords {
  if (!isRecord(body)) return { expected: [], hints: [] };
  let code = codeIn(body);
  const nested = nestedRecords(body);
  for (const inner of nested) code ??= codeIn(inner);
  const top = sentenceOf(body, false);
  const more = nested.flatMap((r) => sentenceOf(r, r !== body.error) ?? []).filter((m) => m !== top);
  const parts = [top, more.slice(0, 3).join('; ')].filter(Boolean);
  let message = parts.join(' — ');
  if (message.length > MAX_MESSAGE) message = `${message.slice(0, MAX_MESSAGE - 1)}…`;
  const hints = fieldHints(body);
  return {
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    expected: expectedOf(hints),
    hints,
  };
}

/** The names a refusal (a JSON body, or the text of one) gives the agent to try, those it asks for first. */
export function expectedNames(body: unknown): string[] {
  return expectedOf(fieldHints(body));
}
