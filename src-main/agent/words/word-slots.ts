/**
 * The worded fields of one call (contract/zone-words.ts) and the two choices the agent makes about
 * their names: which learned name to send first, and which field a refusal's expected name is
 * meant for. Pure: the call itself is sent by commands/worded-call.ts.
 */
import type { CallWords, LearnedWord, SentWords, WordChoice, WordPlace } from '../../contract/zone-words';
import { isWordName } from '../../contract/zone-words';
import { isRecord } from '../../contract/tolerant';
import { leafName, movedField, valueAtName } from './nested-body';

/** One worded field as the call carries it now. */
export interface Slot {
  place: WordPlace;
  /** The name the field is under in the call right now. */
  name: string;
  readonly choice: WordChoice;
}

/** The parts of a call whose keys may be renamed: a JSON object body and the query. */
export interface Fields {
  body: unknown;
  query: Record<string, string | number | boolean>;
}

export interface Rename {
  slot: Slot;
  to: string;
}

/**
 * A field a refusal named (http/error-hints.ts): the name, where it goes when the zone said so
 * (`path`/`header` fit no slot), and whether the zone refused it rather than asked for it.
 */
export interface NamedField {
  name: string;
  place?: string;
  rejected?: boolean;
  /** Where in the body the zone wants it, dotted (`spec.content`), when it named a nested path. */
  nested?: string;
}

const PLACES: readonly WordPlace[] = ['body', 'query'];

function holder(f: Fields, place: WordPlace): Record<string, unknown> | undefined {
  if (place === 'query') return f.query;
  return isRecord(f.body) ? f.body : undefined;
}

/** Whether the call sends `name` there: a body name that is a dotted path is looked up nested. */
function has(f: Fields, place: WordPlace, name: string): boolean {
  const h = holder(f, place);
  if (!h) return false;
  return place === 'body' ? valueAtName(h, name) !== undefined : Object.hasOwn(h, name) && h[name] !== undefined;
}

/** The value a slot carries now (a string or number is compared with a refusal's listed values). */
function valueOf(f: Fields, s: Slot): unknown {
  const h = holder(f, s.place);
  const v = !h ? undefined : s.place === 'body' ? valueAtName(h, s.name) : h[s.name];
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

/** The worded fields the call actually carries (a word for a field not sent is ignored). */
export function slotsOf(words: CallWords, f: Fields): Slot[] {
  const out: Slot[] = [];
  for (const place of PLACES) {
    for (const [name, choice] of Object.entries(words[place] ?? {})) {
      if (has(f, place, name)) out.push({ place, name, choice });
    }
  }
  return out;
}

/**
 * A copy of the call with one field moved to another name, in the same place and order. A name
 * that is not a safe identifier (a prototype key, #35) is never assigned: the call stays as it was.
 * The copy has no prototype, so no key of the caller's body can reach one either.
 */
export function renamed(f: Fields, slot: Slot, to: string): Fields {
  if (!isWordName(to)) return f;
  const h = holder(f, slot.place)!;
  // A body name that is a path (`spec.content`) is a nested field: moved there, boxes made as needed.
  if (slot.place === 'body' && (to.includes('.') || slot.name.includes('.'))) {
    const body = movedField(h, slot.name, to);
    if (!body) return f;
    slot.name = to;
    return { ...f, body };
  }
  const next = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(h)) next[k === slot.name ? to : k] = v;
  slot.name = to;
  return slot.place === 'query' ? { ...f, query: next as Fields['query'] } : { ...f, body: next };
}

/** The call with every non-firm field under the name this zone taught, where it taught one. */
export function withLearned(f: Fields, slots: Slot[], learned: readonly LearnedWord[] | undefined): Fields {
  if (!learned?.length) return f;
  let out = f;
  for (const slot of slots) {
    if (slot.choice.firm) continue;
    const word = learned.find(
      (w) => w.role === slot.choice.role && w.place === slot.place && !w.encoding && isWordName(w.name),
    );
    if (word && word.name !== slot.name && !has(out, slot.place, word.name)) out = renamed(out, slot, word.name);
  }
  return out;
}

/** Words of a name: `file_path`, `filePath` and `file-path` all give file, path. */
export function tokensOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1);
}

function sharesWords(name: string, slot: Slot): boolean {
  const want = new Set(tokensOf(name));
  const role = slot.choice.role.split('.').pop() ?? '';
  const own = [slot.name, role, ...(slot.choice.alts ?? [])].flatMap(tokensOf);
  return own.some((t) => want.has(t));
}

/**
 * Which fields a refusal's names are meant for, and the names to send them under: a name in a
 * field's alternatives, else (one name left, one sent field the zone refused by name: "unknown
 * field foo; use bar") that field, else (one name left) the one sent field holding a value the
 * refusal lists ("must be one of contains, equals"), else one sharing a word with the field, else
 * (one name for one field) the only field of the place the name or the status points at (422: body, 400: query) or
 * the only field at all. A name the zone placed (a query parameter, a body field) goes only to a
 * field of that place. A zone naming several fields at once gets them all in the one retry. Firm
 * fields are never renamed; a name the call already sends, one the zone refuses, and one that is
 * not a safe identifier (#35) are never tried.
 */
export function renamesFor(
  status: number,
  named: readonly (string | NamedField)[],
  slots: Slot[],
  f: Fields,
  allowed: readonly string[] = [],
): Rename[] {
  const all: NamedField[] = named
    .map((n) => (typeof n === 'string' ? { name: n } : n))
    .filter((n) => isWordName(n.name));
  const refused = new Set(all.filter((n) => n.rejected).map((n) => n.name));
  // A body field the zone wants nested (`spec.content`, `/data/attributes/content`): taken at its
  // path when the zone names there a field the call sends flat under that very name (only where it
  // sits can be wrong), and so for the other fields it names in that same box. A path alone is not
  // enough: zones that read flat bodies point at `/data/attributes/<f>` in JSON:API's error style.
  const wantsAt = all.filter(
    (n) => !n.rejected && n.nested && isWordName(n.nested) && (n.place ?? 'body') === 'body',
  ) as (NamedField & { nested: string })[];
  const boxOf = (p: string) => p.slice(0, p.lastIndexOf('.'));
  const flatLeaves = new Set(slots.filter((s) => s.place === 'body').map((s) => leafName(s.name)));
  const boxes = new Set(wantsAt.filter((n) => flatLeaves.has(n.name)).map((n) => boxOf(n.nested)));
  const nestedAt = new Map(wantsAt.filter((n) => boxes.has(boxOf(n.nested))).map((n) => [n.name, n.nested]));
  const sentAs = (n: string) => {
    const at = nestedAt.get(n);
    return at ? has(f, 'body', at) : has(f, 'body', n) || has(f, 'query', n);
  };
  const placed = new Map(all.filter((n) => !n.rejected && n.place).map((n) => [n.name, n.place]));
  const fits = (s: Slot, to: string) => (placed.get(to) ?? s.place) === s.place;
  const first: WordPlace = status === 400 ? 'query' : 'body';
  const open = slots
    .filter((s) => !s.choice.firm)
    .sort((a, b) => (a.place === first ? 0 : 1) - (b.place === first ? 0 : 1));
  // A name that is a firm field's alternative is that field's (which stays as the zone's record has it).
  const firmAlts = new Set(slots.filter((s) => s.choice.firm).flatMap((s) => s.choice.alts ?? []));
  const expected = [...new Set(all.filter((n) => !n.rejected && !refused.has(n.name)).map((n) => n.name))];
  const fresh = expected.filter((n) => !sentAs(n) && !firmAlts.has(n));
  const out: Rename[] = [];
  const free = (s: Slot) => !out.some((r) => r.slot === s);
  const claim = (to: string, test: (s: Slot) => boolean, among = open) => {
    const slot = out.some((r) => r.to === to) ? undefined : among.find((s) => free(s) && fits(s, to) && test(s));
    if (slot) out.push({ slot, to });
  };
  // A field sent under the very name the zone wants, but not where it wants it: moved, firm or not
  // (its name stays the zone's own).
  const body = slots.filter((s) => s.place === 'body');
  for (const to of fresh) if (nestedAt.has(to)) claim(to, (s) => leafName(s.name) === to, body);
  for (const to of fresh) claim(to, (s) => !!s.choice.alts?.includes(to));
  const left = () => fresh.filter((n) => !out.some((r) => r.to === n));
  const refusedSent = open.filter((s) => free(s) && refused.has(s.name));
  if (left().length === 1 && refusedSent.length === 1) claim(left()[0]!, (s) => s === refusedSent[0]);
  // One name left and the values it takes listed (allowed-values.ts): the one sent field holding one of them.
  const holding = allowed.length ? open.filter((s) => free(s) && allowed.includes(String(valueOf(f, s)))) : [];
  if (left().length === 1 && holding.length === 1) claim(left()[0]!, (s) => s === holding[0]);
  // The weaker guesses below skip a name found inside what was sent: a 422 listing a draft's own
  // node ids (`{errors: {node_a: […]}}`) is about the content, not the field's name.
  const inside = out.length < fresh.length ? wordsInside(f.body) : new Set<string>();
  const outside = fresh.filter((n) => !inside.has(n));
  for (const to of outside) claim(to, (s) => sharesWords(to, s));
  const at = (r: Rename): Rename => (r.slot.place === 'body' ? { ...r, to: nestedAt.get(r.to) ?? r.to } : r);
  if (out.length || fresh.length !== 1 || outside.length !== 1) return out.map(at);
  const to = fresh[0]!;
  const where = (placed.get(to) as WordPlace | undefined) ?? first;
  const inPlace = open.filter((s) => s.place === where);
  const only = inPlace.length === 1 ? inPlace[0] : open.length === 1 ? open[0] : undefined;
  return only && fits(only, to) ? [at({ slot: only, to })] : [];
}

/** Keys and short strings within the values of a body (bounded walk), without its own top-level keys. */
function wordsInside(body: unknown): Set<string> {
  const out = new Set<string>();
  if (!isRecord(body)) return out;
  const stack: [unknown, number][] = Object.values(body).map((v) => [v, 0]);
  for (let seen = 0; stack.length && seen < 10_000; seen++) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string' && v.length <= 64) out.add(v);
    if (typeof v !== 'object' || v === null || depth > 8) continue;
    for (const [k, inner] of Object.entries(v)) {
      if (!Array.isArray(v)) out.add(k);
      stack.push([inner, depth + 1]);
    }
  }
  return out;
}

/** Role → name each worded field went under. */
export function sentOf(slots: Slot[], textBody?: string): SentWords {
  const body = Object.create(null) as Record<string, string>;
  const query = Object.create(null) as Record<string, string>;
  for (const s of slots) (s.place === 'body' ? body : query)[s.choice.role] = s.name;
  return {
    ...(Object.keys(body).length ? { body } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...(textBody ? { textBody } : {}),
  };
}
