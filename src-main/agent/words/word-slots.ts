/**
 * The worded fields of one call (contract/zone-words.ts) and the two choices the agent makes about
 * their names: which learned name to send first, and which field a refusal's expected name is
 * meant for. Pure: the call itself is sent by commands/worded-call.ts.
 */
import type { CallWords, LearnedWord, SentWords, WordChoice, WordPlace } from '../../contract/zone-words';
import { isRecord } from '../../contract/tolerant';

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

const PLACES: readonly WordPlace[] = ['body', 'query'];

function holder(f: Fields, place: WordPlace): Record<string, unknown> | undefined {
  if (place === 'query') return f.query;
  return isRecord(f.body) ? f.body : undefined;
}

function has(f: Fields, place: WordPlace, name: string): boolean {
  const h = holder(f, place);
  return !!h && Object.hasOwn(h, name) && h[name] !== undefined;
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

/** A copy of the call with one field moved to another name, in the same place and order. */
export function renamed(f: Fields, slot: Slot, to: string): Fields {
  const h = holder(f, slot.place)!;
  const next: Record<string, unknown> = {};
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
    const word = learned.find((w) => w.role === slot.choice.role && w.place === slot.place && !w.encoding);
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
 * Which fields a refusal's expected names are meant for, and the names to send them under: a name
 * in a field's alternatives, else one sharing a word with the field, else (one name for one field)
 * the only field of the place the status points at (422: body, 400: query) or the only field at
 * all. A zone naming several fields at once gets them all in the one retry. Firm fields are never
 * renamed; a name the call already sends is not a new one.
 */
export function renamesFor(status: number, expected: readonly string[], slots: Slot[], f: Fields): Rename[] {
  const first: WordPlace = status === 400 ? 'query' : 'body';
  const open = slots
    .filter((s) => !s.choice.firm)
    .sort((a, b) => (a.place === first ? 0 : 1) - (b.place === first ? 0 : 1));
  // A name that is a firm field's alternative is that field's (which stays as the zone's record has it).
  const firmAlts = new Set(slots.filter((s) => s.choice.firm).flatMap((s) => s.choice.alts ?? []));
  const fresh = expected.filter((n) => !has(f, 'body', n) && !has(f, 'query', n) && !firmAlts.has(n));
  const out: Rename[] = [];
  const free = (s: Slot) => !out.some((r) => r.slot === s);
  const claim = (to: string, test: (s: Slot) => boolean) => {
    const slot = out.some((r) => r.to === to) ? undefined : open.find((s) => free(s) && test(s));
    if (slot) out.push({ slot, to });
  };
  for (const to of fresh) claim(to, (s) => !!s.choice.alts?.includes(to));
  // The weaker guesses below skip a name found inside what was sent: a 422 listing a draft's own
  // node ids (`{errors: {node_a: […]}}`) is about the content, not the field's name.
  const inside = out.length < fresh.length ? wordsInside(f.body) : new Set<string>();
  const outside = fresh.filter((n) => !inside.has(n));
  for (const to of outside) claim(to, (s) => sharesWords(to, s));
  if (out.length || fresh.length !== 1 || outside.length !== 1) return out;
  const inPlace = open.filter((s) => s.place === first);
  const only = inPlace.length === 1 ? inPlace[0] : open.length === 1 ? open[0] : undefined;
  return only ? [{ slot: only, to: fresh[0]! }] : [];
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
  const body: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const s of slots) (s.place === 'body' ? body : query)[s.choice.role] = s.name;
  return {
    ...(Object.keys(body).length ? { body } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...(textBody ? { textBody } : {}),
  };
}
