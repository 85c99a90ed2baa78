/**
 * What a refusal says about fields, as the error reader collects it (error-fields.ts walks the
 * structured shapes, error-prose.ts the sentences and codes): each field it names, whether the
 * zone wants it or rejects it, and where it goes when the body says so. Names are untrusted:
 * only identifiers that are not prototype keys are kept, and only a bounded number.
 */
import { isWordName, PROTO_KEYS } from '../../contract/zone-words';

/** Where a named field goes; `path` and `header` are never renamed, but say the name is not a body field. */
export type HintPlace = 'body' | 'query' | 'path' | 'header';

/**
 * `wanted`: the zone asks for it (missing, required, "use bar"); `rejected`: it refuses it
 * (unknown, not permitted), so it is not the name to send; `named`: mentioned, either way.
 */
export type HintKind = 'wanted' | 'named' | 'rejected';

export interface FieldHint {
  /** The field's own name: the last segment of a path the zone gave. */
  name: string;
  /** The path as the zone wrote it, when it was more than the name (`spec.containers[0].image`). */
  path?: string;
  /**
   * That path as nested body fields, dotted (`spec.content` for `spec.content`, `data.attributes.content`
   * for `/data/attributes/content`), when it is a short run of identifiers: where the zone wants the field.
   */
  nested?: string;
  place?: HintPlace;
  kind: HintKind;
}

export const MAX_HINTS = 20;

const PLACES: Readonly<Record<string, HintPlace>> = {
  body: 'body',
  payload: 'body',
  json: 'body',
  form: 'body',
  query: 'query',
  querystring: 'query',
  params: 'query',
  path: 'path',
  header: 'header',
  headers: 'header',
};

/** pydantic's loc[0], express-validator's `location`, PayPal's `location`, Hapi's `validation.source`. */
export function placeOf(v: unknown): HintPlace | undefined {
  return typeof v === 'string' ? PLACES[v.toLowerCase()] : undefined;
}

/** A path as zones write one: names, dots, slashes, brackets (no spaces, no `..`). */
const PATH = /^[#$]?[\w\-./[\]]{1,200}$/;

/**
 * The field's own name in a path: `/data/attributes/title`, `#/profile/color`, `spec.containers[0].image`,
 * `$.name`, `card[number]`, pydantic's `['body', 'items', 0, 'name']`. Index segments are skipped.
 */
export function leafOf(path: unknown): string | undefined {
  const parts = Array.isArray(path)
    ? path.slice(-8).map((p) => (typeof p === 'string' ? p : ''))
    : typeof path === 'string' && PATH.test(path) && !path.includes('..')
      ? path.split(/[/.[\]#$]+/)
      : [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i]!.trim();
    if (p && !/^\d+$/.test(p)) return p;
  }
  return undefined;
}

/** At most this many levels in a nested field the agent writes (`data.attributes.content` is three). */
export const MAX_NESTING = 4;
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * A path as nested body fields, dotted: JSON pointers (`/data/attributes/content`, `#/spec/path`),
 * dots (`spec.content`, `$.spec.content`), brackets (`card[number]`) and pydantic's loc lists. Only
 * 2 to MAX_NESTING identifiers qualify: an index (`items[0]`), an escape (`~1`) or a prototype key
 * makes it none, and the field is then known by its leaf alone.
 */
export function nestedOf(path: unknown): string | undefined {
  let parts: unknown[];
  if (Array.isArray(path)) parts = path.slice(0, MAX_NESTING + 1);
  else if (typeof path === 'string' && PATH.test(path) && !path.includes('..'))
    parts = path.replace(/^[#$]/, '').replace(/\]/g, '').split(/[/.[]/).filter(Boolean);
  else return undefined;
  if (parts.length < 2 || parts.length > MAX_NESTING) return undefined;
  if (!parts.every((p) => typeof p === 'string' && SEGMENT.test(p) && !PROTO_KEYS.has(p))) return undefined;
  return parts.join('.');
}

/** Words a name-shaped token can be without naming a field ("field_required", "value_error.missing"). */
const GENERIC = new Set(
  (
    'field fields param params parameter parameters argument arguments arg args attribute attributes property ' +
    'properties key keys value values input inputs body query request data item items error errors type required ' +
    'missing invalid unknown member object entity resource record this that it its which what there here the a an ' +
    'one is are was were be been must should may can cannot could not of for in on at to by as or and with from if ' +
    'when has have had no all any each names again get post put patch delete head options http https json xml'
  ).split(' '),
);

/** A token that is only generic words names no field: `field_required`, `value_error`, `parameter_missing`. */
export function isGeneric(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.every((w) => GENERIC.has(w));
}

const RANK: Readonly<Record<HintKind, number>> = { named: 0, rejected: 1, wanted: 2 };

/** The hints of one body, merged by name: the strongest kind wins, a known place is kept. */
export class Hints {
  private readonly byName = new Map<string, FieldHint>();

  /**
   * Adds a field named by a path or a name; anything that is not a safe identifier is dropped, and
   * so is a `loose` one (a bare word of a sentence, a part of a code) that is only generic words.
   */
  add(raw: unknown, kind: HintKind, place?: HintPlace, loose = false): void {
    const name = leafOf(raw);
    if (!name || !isWordName(name) || (loose && (name.length < 2 || isGeneric(name)))) return;
    const path = typeof raw === 'string' && raw !== name ? raw.slice(0, 200) : undefined;
    const nested = nestedOf(raw);
    const had = this.byName.get(name);
    if (!had) {
      if (this.byName.size >= MAX_HINTS) return;
      const hint: FieldHint = { name, kind, ...(path ? { path } : {}), ...(nested ? { nested } : {}) };
      this.byName.set(name, { ...hint, ...(place ? { place } : {}) });
      return;
    }
    if (RANK[kind] > RANK[had.kind]) had.kind = kind;
    if (place && !had.place) had.place = place;
    if (path && !had.path) had.path = path;
    if (nested && !had.nested) had.nested = nested;
  }

  get list(): FieldHint[] {
    return [...this.byName.values()];
  }
}

/**
 * The names a refused call may be tried under: those the zone asks for when it asks for any (a
 * sentence also quoting a value or the record's own name adds no guess), else those it mentions;
 * never one it rejects.
 */
export function expectedOf(hints: readonly FieldHint[]): string[] {
  const wanted = hints.filter((h) => h.kind === 'wanted');
  return (wanted.length ? wanted : hints.filter((h) => h.kind === 'named')).map((h) => h.name);
}
