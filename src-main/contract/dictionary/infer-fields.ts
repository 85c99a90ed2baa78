/**
 * Infers, from a sample of one kind's records, which field is the id, the name, the state and the
 * creation time — by the values first (unique and id-shaped; short, unique, human; words of the
 * state vocabulary; times), with the usual names only as hints that break a tie. Nested records
 * (`metadata`, `attributes`, `spec`/`status`, `State`) are looked into one level. Where two fields
 * tie or none fits, the role is left unsure with the tied fields: the app says so, it never
 * guesses silently — except that between fields that tie, the one the zone reads its other kinds
 * by wins (a zone names its ids one way throughout). Runs once per list read on at most SAMPLE
 * records, never per row.
 */
import type { ReadRole } from './dictionary-types';
import { pathText, stepName, type FieldPath } from './field-paths';
import { collect, sampleOf, type Stats } from './field-stats';

export { SAMPLE, sampleOf } from './field-stats';

export interface Inference {
  /** The field decided for each role. */
  read: Partial<Record<ReadRole, FieldPath>>;
  /** Roles undecided: the tied fields, or none when nothing fits. */
  unsure: Partial<Record<ReadRole, FieldPath[]>>;
  /** Every field seen, as text paths, in the records' order. */
  fields: string[];
}

const last = (p: FieldPath) => stepName(p[p.length - 1]!).toLowerCase();
const parent = (p: FieldPath) => (p.length > 1 ? stepName(p[0]!).toLowerCase() : '');
/** A path through a tag list's entry (`Tags[Key=Name].Value`). */
const tagged = (p: FieldPath) => p.some((s) => typeof s !== 'string');
const unique = (s: Stats) => s.distinct.size === s.present;

/** Names that hint at a role; they break ties between fields whose values both fit, never decide alone. */
const HINTS: Record<ReadRole, (p: FieldPath, kind: string) => number> = {
  id: (p, kind) => {
    const k = last(p);
    const flat = k.replace(/[-_]/g, '');
    if (/^(id|uuid|uid|guid|arn)$/.test(k) || flat === `${kind.replace(/_/g, '')}id`) return 2;
    return /(^|_)id$|id$/.test(k) ? 0.5 : 0;
  },
  name: (p) => {
    const k = last(p);
    if (/^(name|display_?name|displayname|title|label|hostname|host_name|full_?name|slug)$/.test(k)) return 2;
    if (/name|title|label/.test(k)) return 1;
    return /desc|summary|about|comment|note|message|text|content|body|url|image|version|email|region|zone/.test(k)
      ? -1
      : 0;
  },
  state: (p) => {
    const k = last(p);
    const all = p.map((s) => stepName(s).toLowerCase()).join('.');
    if (/desired|target|expected|previous|prior|last|wanted|requested|next/.test(all)) return -2;
    if (/^(status|state|phase|lifecycle_?state|condition)$/.test(k)) return 2;
    return /status|state|phase/.test(all) ? 1.5 : 0;
  },
  created: (p) => {
    const k = p.map(stepName).join('.').toLowerCase();
    if (/creat|insert|launch|added|registered|birth|submitted|start/.test(k)) return 2;
    return /updat|modif|expir|end|finish|stop|seen|deleted/.test(k) ? -1 : 0;
  },
};

/** A path is a deeper guess than the same fit at the top; a description-like text is not a name. */
const depth = (p: FieldPath) =>
  p.length > 1 ? (/^(metadata|attributes|properties|meta)$/.test(parent(p)) ? 0 : -0.25) : 0;

interface Fit {
  path: FieldPath;
  score: number;
}

/**
 * How often the zone's other kinds read a role by a field (a decided field counts 1, a field tied
 * there a half, at most 2): between fields that tie here, the zone's own habit wins.
 */
export type ZoneHabits = Partial<Record<ReadRole, ReadonlyMap<string, number>>>;

function fitsFor(role: ReadRole, stats: readonly Stats[], records: number, kind: string, habits: ZoneHabits): Fit[] {
  const fits: Fit[] = [];
  const most = (n: number, of: number, share: number) => of > 0 && n >= of * share;
  for (const s of stats) {
    // A tag is a candidate for one role only, the name, and only a tag whose key means one (`Name`):
    // `Owner`, `Env` or `CostCenter` tags are not what a person calls the record, unique or not.
    if (tagged(s.path) && (role !== 'name' || HINTS.name(s.path, kind) <= 0)) continue;
    let ok: boolean;
    if (role === 'id')
      ok = most(s.present, records, 0.9) && unique(s) && most(s.id, s.present, 0.9) && s.time < s.present / 2;
    else if (role === 'name')
      ok =
        most(s.present, records, 0.8) &&
        unique(s) &&
        most(s.name, s.present, 0.9) &&
        s.id < s.present / 2 &&
        s.state < s.present / 2 &&
        !(s.length / Math.max(1, s.strings) > 40 && s.spaced > s.strings / 2);
    else if (role === 'state') ok = most(s.present, records, 0.8) && most(s.state, s.present, 0.9);
    else ok = most(s.time, s.present, 0.9) && most(s.present, records, 0.5);
    const habit = Math.min(2, habits[role]?.get(pathText(s.path)) ?? 0);
    // Between two names, the one whose values are mostly sentences is the likelier description.
    const prose = role === 'name' && s.spaced > s.strings / 2 ? -0.5 : 0;
    // Between two ids, one shaped only as ids are (a UUID) beats bare numbers (a port, 51820).
    const shape = role === 'id' && s.strong === s.present ? 0.25 : 0;
    if (ok) fits.push({ path: s.path, score: HINTS[role](s.path, kind) + depth(s.path) + habit + prose + shape });
  }
  if (role === 'created') {
    // Between two unhinted times, the earlier is the creation (updated_at >= created_at).
    const mean = (p: FieldPath) => {
      const s = stats.find((x) => x.path === p)!;
      return s.firstTime / Math.max(1, s.time);
    };
    fits.sort((a, b) => b.score - a.score || mean(a.path) - mean(b.path));
    return fits.slice(0, 1);
  }
  return fits.sort((a, b) => b.score - a.score);
}

/** The one best fit, or the tied fits (all of them when none stands out; none when nothing fits). */
function decide(fits: readonly Fit[]): { path: FieldPath } | { tied: FieldPath[] } {
  if (fits.length === 1 || (fits.length > 1 && fits[0]!.score > fits[1]!.score)) return { path: fits[0]!.path };
  return { tied: fits.filter((f) => f.score === fits[0]?.score).map((f) => f.path) };
}

const ORDER: readonly ReadRole[] = ['id', 'created', 'state', 'name'];

/**
 * The usual names of each role, read first: a field under one of them whose values are the
 * role's kind of value (unique for an id, a name a person reads, a word, a time) is taken as it
 * is — so short test ids like `c1` and zones in ordinary words read as they always did. The
 * values decide everything else.
 */
const KNOWN: Record<ReadRole, (kind: string) => readonly string[]> = {
  id: (kind) => {
    const camel = kind.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    return [
      'id',
      'uuid',
      'uid',
      'guid',
      `${kind}_id`,
      `${camel}Id`,
      `${camel[0]!.toUpperCase()}${camel.slice(1)}Id`,
      'metadata.uid',
    ];
  },
  name: () => ['name', 'display_name', 'displayName', 'title', 'metadata.name', 'attributes.name'],
  state: () => ['status', 'state', 'phase', 'status.phase', 'status.state', 'State.Name', 'lifecycle_state'],
  created: () => ['created_at', 'createdAt', 'created', 'inserted_at', 'metadata.creationTimestamp', 'createTime'],
};

function knownFit(role: ReadRole, pool: readonly Stats[], records: number, kind: string): FieldPath | undefined {
  for (const name of KNOWN[role](kind)) {
    const s = pool.find((x) => pathText(x.path) === name);
    if (!s || s.present < records * (role === 'created' ? 0.5 : 0.8)) continue;
    if (role === 'id' && unique(s)) return s.path;
    if (role === 'name' && s.name + (s.present - s.strings) >= s.present * 0.9) return s.path;
    if (role === 'state' && s.strings === s.present && s.time === 0) return s.path;
    if (role === 'created' && s.time >= s.present * 0.9) return s.path;
  }
  return undefined;
}

/**
 * The fields of `records` for each role. Roles in `fixed` (a person's choice, a lesson) are not
 * inferred, and their fields are not offered to the other roles.
 */
export function inferFields(
  records: readonly unknown[],
  kind: string,
  fixed: Partial<Record<ReadRole, FieldPath>> = {},
  habits: ZoneHabits = {},
): Inference {
  const sample = sampleOf(records);
  const seen = new Set<string>();
  const stats = collect(sample, seen);
  const out: Inference = { read: {}, unsure: {}, fields: [...seen] };
  const taken = new Set<string>(Object.values(fixed).map(pathText));
  let pool = [...stats.values()].filter((s) => !taken.has(pathText(s.path)));
  for (const role of ORDER) {
    if (fixed[role]) continue;
    const known = knownFit(role, pool, sample.length, kind);
    const got = known
      ? { path: known }
      : decide(fitsFor(role, pool, sample.length, kind, habits).filter((f) => !taken.has(pathText(f.path))));
    if ('tied' in got) out.unsure[role] = got.tied;
    else {
      const key = pathText(got.path);
      out.read[role] = got.path;
      taken.add(key);
      pool = pool.filter((s) => pathText(s.path) !== key);
    }
  }
  return out;
}
