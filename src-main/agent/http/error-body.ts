/**
 * Reads a zone's error body of any shape (the spec leaves it "not shown"): a code and a sentence
 * wherever they sit, and the field or parameter names the zone says it expected, so the agent can
 * send a refused call once more in the zone's own words (commands/worded-call.ts). The body is
 * untrusted: only short identifier-like names are kept, at most MAX_EXPECTED of them.
 */
import { isRecord } from '../../contract/tolerant';

export const MAX_EXPECTED = 20;
const NAME = /^[A-Za-z_][\w.-]{0,63}$/;
/** A code is one word-like token; a sentence under `error` is a message, not a code. */
const CODE = /^[\w.:/-]{1,100}$/;

export interface ErrorBodyWords {
  code?: string;
  message?: string;
  expected: string[];
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
  return codeOfType(b.type);
}

const MESSAGE_KEYS = ['message', 'detail', 'error_description', 'description', 'title', 'msg'];

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
function sentenceOf(r: Raw): string | undefined {
  const m = messageIn(r);
  if (!m) return undefined;
  const names = new Names();
  namesOfRecord(r, names, 3);
  const f = names.list[0];
  return f && !m.includes(f) ? `${f}: ${m}` : m;
}

/**
 * Code and message, top level first, then the nested records. The message is the top level's
 * sentence followed by up to three of the nested ones, each led by the field it is about.
 */
export function readErrorBody(body: unknown): ErrorBodyWords {
  if (!isRecord(body)) return { expected: [] };
  let code = codeIn(body);
  const nested = nestedRecords(body);
  for (const inner of nested) code ??= codeIn(inner);
  const top = sentenceOf(body);
  const more = nested.flatMap((r) => sentenceOf(r) ?? []).filter((m) => m !== top);
  const parts = [top, more.slice(0, 3).join('; ')].filter(Boolean);
  let message = parts.join(' — ');
  if (message.length > MAX_MESSAGE) message = `${message.slice(0, MAX_MESSAGE - 1)}…`;
  return {
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    expected: expectedNames(body),
  };
}

/** The last name of a JSON pointer (`/data/attributes/definition`) or a dotted path. */
function lastSegment(v: string): string {
  const parts = v.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? v;
}

/** pydantic's loc: ['body', 'definition', 0] names `definition`. */
function lastString(loc: unknown[]): unknown {
  for (let i = loc.length - 1; i >= 0; i--) if (typeof loc[i] === 'string') return loc[i];
  return undefined;
}

class Names {
  readonly list: string[] = [];
  add(v: unknown): void {
    if (this.list.length >= MAX_EXPECTED || typeof v !== 'string') return;
    const name = v.startsWith('/') ? lastSegment(v) : v;
    if (NAME.test(name) && !this.list.includes(name)) this.list.push(name);
  }
  addAll(v: unknown): void {
    if (typeof v === 'string') this.add(v);
    else if (Array.isArray(v)) v.slice(0, MAX_EXPECTED).forEach((x) => this.add(x));
  }
}

const NAME_KEYS = ['field', 'param', 'parameter', 'name', 'target', 'property', 'attribute'];
/** In message text: 'x', "x", `x`, and "field x" / "parameter x" / "param x". */
const QUOTED = /['"`‘“]([A-Za-z_][\w.-]{0,63})['"`’”]/g;
const NAMED = /\b(?:field|parameter|param|property|attribute)\s+([A-Za-z_][\w.-]{0,63})/gi;
/** "field is required": words of the sentence, not names. */
const NOT_NAMES = new Set(
  'is are was were must should may can cannot could not the a an of for in to has have value names name required missing invalid'.split(
    ' ',
  ),
);

/** One record's names: the name keys, missing/fields, an errors list or map, source pointers. */
function namesOfRecord(r: Raw, out: Names, depth: number): void {
  for (const key of NAME_KEYS) out.add(r[key]);
  out.addAll(r.missing);
  out.addAll(r.missing_fields);
  out.addAll(r.required);
  if (Array.isArray(r.fields)) out.addAll(r.fields);
  else if (isRecord(r.fields)) Object.keys(r.fields).forEach((k) => out.add(k));
  // A `path` with slashes is the request's URL echoed back (Spring), not a field.
  if (typeof r.path === 'string' && !r.path.includes('/')) out.add(r.path);
  out.add(r.pointer);
  for (const loc of [r.loc, r.path]) if (Array.isArray(loc)) out.add(lastString(loc));
  if (isRecord(r.source)) {
    out.add(r.source.pointer);
    out.add(r.source.parameter);
  }
  if (depth > 2) return;
  if (Array.isArray(r.errors)) {
    for (const e of r.errors.slice(0, MAX_EXPECTED)) if (isRecord(e)) namesOfRecord(e, out, depth + 1);
  } else if (isRecord(r.errors)) {
    // {errors: {definition: ['required']}}: the keys are the fields.
    Object.keys(r.errors).forEach((k) => out.add(k));
  }
  for (const key of ['details', 'error', 'detail']) {
    const inner = r[key];
    if (isRecord(inner)) namesOfRecord(inner, out, depth + 1);
    else if (Array.isArray(inner))
      for (const e of inner.slice(0, MAX_EXPECTED)) if (isRecord(e)) namesOfRecord(e, out, depth + 1);
  }
}

function namesInText(s: unknown, out: Names): void {
  if (typeof s !== 'string') return;
  const t = s.slice(0, 2000);
  for (const m of t.matchAll(QUOTED)) out.add(m[1]);
  for (const m of t.matchAll(NAMED)) if (!NOT_NAMES.has(m[1]!.toLowerCase())) out.add(m[1]);
}

/** The field or parameter names the body says were expected, structured ones first, then those in its text. */
export function expectedNames(body: unknown): string[] {
  const out = new Names();
  if (!isRecord(body)) {
    namesInText(body, out);
    return out.list;
  }
  namesOfRecord(body, out, 0);
  const texts: Raw[] = [body, ...nestedRecords(body)];
  for (const r of texts) for (const key of [...MESSAGE_KEYS, 'error']) namesInText(r[key], out);
  return out.list;
}
