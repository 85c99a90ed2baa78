/**
 * The fields a refusal names, in every widespread error shape: RFC 9457 (`invalid-params[].name`,
 * `errors[].pointer`), Microsoft/OData (`error.target`, `error.details[].target`, `innererror`),
 * Google (`error.details[].fieldViolations[].field`), JSON:API (`errors[].source.pointer` /
 * `.parameter`), `{errors: {field: [...]}}` and DRF/Rails' top-level `{field: ["…"]}`,
 * FastAPI/pydantic (`detail[].loc`), Spring and GitHub (`errors[].field`), Stripe (`error.param`),
 * Kubernetes (`details.causes[].field`), express-validator (`path` + `location`), Hapi
 * (`validation.keys`), PayPal (`details[].field` + `issue`), then whatever the sentences and codes
 * say (error-prose.ts). Only known keys are walked, within a node budget and a depth: an error
 * body is untrusted, and the request echoed back in it (`input`, `rejectedValue`) is not read.
 */
import { isRecord } from '../../contract/tolerant';
import { type FieldHint, type HintKind, type HintPlace, Hints, placeOf } from './error-hints';
import { codeHints, kindOfCode, kindOfSentence, proseHints } from './error-prose';

type Raw = Record<string, unknown>;

const MAX_NODES = 300;
const MAX_DEPTH = 6;
const MAX_LIST = 50;
const MAX_TEXTS = 40;

/** Keys that hold a field's name or path in one error entry. */
const FIELD_KEYS = ['field', 'param', 'parameter', 'target', 'property', 'propertyPath', 'attribute', 'pointer'];
/** Keys that hold a code saying what is wrong with it. */
const CODE_KEYS = ['code', 'type', 'reason', 'issue', 'error', 'error_code', 'errorCode'];
/** Keys that hold sentences. */
const TEXT_KEYS = [
  'message',
  'Message',
  'messages',
  'msg',
  'detail',
  'details',
  'description',
  'error',
  'error_description',
  'errors',
];
const MORE_TEXT_KEYS = ['errorMessages', 'defaultMessage', 'reason', 'title'];
/** Keys that hold lists of names a zone wants. */
const WANTED_KEYS = ['missing', 'missing_fields', 'missingFields', 'required'];
/** Keys that hold more entries (a list) or one nested entry. */
const NESTED_KEYS = [
  'errors',
  'error',
  'details',
  'detail',
  'fieldViolations',
  'field_violations',
  'causes',
  'violations',
  'invalid-params',
  'invalid_params',
  'invalidParams',
  'fieldList',
  'innererror',
  'innerError',
  'validation',
  'response_metadata',
];
/** Top-level keys of a `{field: ["…"]}` body that are not fields. */
const NOT_FIELDS = new Set(['non_field_errors', 'nonFieldErrors', '__all__', 'base', 'warnings', ...TEXT_KEYS]);

const CODE = /^[\w.:/#-]{1,100}$/;

interface Walk {
  hints: Hints;
  texts: { text: string; quotedOnly?: boolean; place?: HintPlace }[];
  budget: number;
}

const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.slice(0, MAX_LIST).filter((x) => typeof x === 'string') : [];

/** What one entry says of its field: its code first (`missing_field`, `NotNull`), then its sentence. */
function kindOf(r: Raw): HintKind | undefined {
  for (const key of CODE_KEYS) {
    const v = r[key];
    const k = typeof v === 'string' && CODE.test(v) ? kindOfCode(v) : undefined;
    if (k) return k;
  }
  for (const key of [...TEXT_KEYS, ...MORE_TEXT_KEYS])
    for (const t of strings(r[key])) if (kindOfSentence(t)) return kindOfSentence(t);
  return undefined;
}

/** Where the entry says its field goes: `location`/`in` (express-validator, PayPal, OpenAPI), loc[0], a JSON:API source. */
function placeIn(r: Raw): HintPlace | undefined {
  const src = r.source;
  const loc = Array.isArray(r.loc) ? r.loc[0] : undefined;
  return (
    placeOf(r.location) ??
    placeOf(r.in) ??
    placeOf(loc) ??
    (typeof src === 'string' ? placeOf(src) : undefined) ??
    (typeof r.pointer === 'string' ? 'body' : undefined) ??
    (isRecord(src) ? (src.parameter ? 'query' : src.header ? 'header' : src.pointer ? 'body' : undefined) : undefined)
  );
}

/** The entry's own field names (not its nested entries); true when it names one in a field of its own. */
function ownFields(r: Raw, out: Hints, inList: boolean): boolean {
  const kind = kindOf(r) ?? 'named';
  const place = placeIn(r);
  const before = out.list.length;
  const add = (v: unknown, k = kind) => typeof v === 'string' && out.add(v, k, place);
  for (const key of FIELD_KEYS) add(r[key]);
  // `name` and `path` are a field only in a list of errors: beside it, a record's own name, a URL.
  if (inList) {
    add(r.name);
    if (typeof r.path === 'string' || Array.isArray(r.path)) out.add(r.path, kind, place);
  }
  if (Array.isArray(r.loc)) out.add(r.loc.slice(placeOf(r.loc[0]) ? 1 : 0), kind, place);
  if (isRecord(r.source)) {
    add(r.source.pointer);
    add(r.source.parameter);
    add(r.source.header);
  }
  for (const key of WANTED_KEYS) for (const n of strings(r[key])) out.add(n, 'wanted', place);
  for (const n of strings(r.keys)) out.add(n, kind, place);
  if (Array.isArray(r.fields)) for (const n of strings(r.fields)) out.add(n, kind, place);
  const named = out.list.length - before;
  // A code naming a field (`name_required`) does not stop its sentence being read: that may say where it goes.
  for (const key of CODE_KEYS) if (typeof r[key] === 'string') codeHints(r[key], out, place);
  return named > 0 || FIELD_KEYS.some((k) => typeof r[k] === 'string');
}

/** A record that says something (a code or a sentence), rather than a map of further fields. */
const isEntry = (r: Raw) => [...CODE_KEYS, ...TEXT_KEYS].some((k) => r[k] !== undefined);

/** `{title: ["can't be blank"]}`, `{summary: "You must specify…"}`, nested `{address: {city: [...]}}`: keys are fields. */
function fieldMap(m: Raw, w: Walk, depth: number, place?: HintPlace): void {
  for (const [key, v] of Object.entries(m).slice(0, MAX_LIST)) {
    if (--w.budget < 0 || NOT_FIELDS.has(key)) continue;
    if (isRecord(v) && !isEntry(v) && depth < MAX_DEPTH) fieldMap(v, w, depth + 1, place);
    else {
      const texts = isRecord(v) ? [] : strings(v);
      const kind = isRecord(v) ? kindOf(v) : texts.map(kindOfSentence).find(Boolean);
      w.hints.add(key, kind ?? 'named', place);
    }
  }
}

function entry(r: Raw, w: Walk, depth: number, inList: boolean): void {
  if (--w.budget < 0 || depth > MAX_DEPTH) return;
  const named = ownFields(r, w.hints, inList);
  const place = placeIn(r);
  // An entry that names its field structurally: its sentence says what is wrong with it, and only
  // names others in quotes ("missing required fields 'a', 'b'"; not "Phone number must not be null").
  for (const key of TEXT_KEYS) {
    const v = r[key];
    if (key === 'error' && typeof v === 'string' && CODE.test(v)) continue;
    for (const text of strings(v))
      if (w.texts.length < MAX_TEXTS) w.texts.push({ text, quotedOnly: named, ...(place ? { place } : {}) });
  }
  if (isRecord(r.fields)) fieldMap(r.fields, w, depth + 1, place);
  for (const key of NESTED_KEYS) {
    const v = r[key];
    if (Array.isArray(v)) {
      for (const e of v.slice(0, MAX_LIST)) if (isRecord(e)) entry(e, w, depth + 1, true);
    } else if (isRecord(v)) {
      // `errors: {field: [...]}` is a map of fields; the others hold one nested entry.
      if (key === 'errors') fieldMap(v, w, depth + 1, place);
      else entry(v, w, depth + 1, false);
    }
  }
}

/** `{name: ["This field is required."]}` at the top (DRF, Rails): keys whose values are lists of sentences. */
function topFieldMap(body: Raw, w: Walk): void {
  // A list of sentences, or (a nested serializer) a map of such lists.
  const sentences = (v: unknown, depth = 0): boolean =>
    Array.isArray(v)
      ? v.length > 0 && v.length <= MAX_LIST && v.every((x) => typeof x === 'string' && /\s/.test(x))
      : isRecord(v) &&
        depth < 3 &&
        !isEntry(v) &&
        Object.values(v)
          .slice(0, MAX_LIST)
          .every((x) => sentences(x, depth + 1));
  // No prototype: a key `__proto__` is a key like any other here (and then dropped as a name).
  const map = Object.create(null) as Raw;
  for (const [k, v] of Object.entries(body).slice(0, MAX_LIST))
    if (!NESTED_KEYS.includes(k) && !NOT_FIELDS.has(k) && sentences(v)) map[k] = v;
  fieldMap(map, w, 1);
}

/** Every field a refusal names, structured ones first, each with what the zone says of it and where it goes. */
export function fieldHints(body: unknown): FieldHint[] {
  const w: Walk = { hints: new Hints(), texts: [], budget: MAX_NODES };
  if (typeof body === 'string') w.texts.push({ text: body });
  else if (Array.isArray(body)) {
    for (const e of body.slice(0, MAX_LIST)) if (isRecord(e)) entry(e, w, 0, true);
  } else if (isRecord(body)) {
    entry(body, w, 0, false);
    topFieldMap(body, w);
  }
  for (const t of w.texts) proseHints(t.text, w.hints, t.place, t.quotedOnly);
  return w.hints.list;
}

/** The field one entry is about, named structurally (what its sentence is led by: "definition: is required"). */
export function fieldOf(r: Raw, inList: boolean): string | undefined {
  const out = new Hints();
  ownFields(r, out, inList);
  return out.list[0]?.name;
}
