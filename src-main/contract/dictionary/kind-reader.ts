/**
 * The one reader of a kind's records, for every process: the zone's dictionary says which field
 * is the id, name, state and creation time (a person's choice and a lesson always; an inferred
 * field while the records still carry it), and what it does not say is inferred from the records
 * at hand (infer-fields.ts). Built once per list read; its accessors are what rows call.
 */
import { dateOf, idOf, isRecord, nameOf, stateOf, timeIn } from '../tolerant';
import {
  pathText,
  READ_ROLES,
  type FieldEntry,
  type FieldPath,
  type KindEntry,
  type Provenance,
  type ReadRole,
  type ZoneDictionary,
} from './dictionary-types';
import { stepInto, valueAt } from './field-paths';
import { inferFields, sampleOf, type ZoneHabits } from './infer-fields';
import { scalarText } from './value-shapes';

export interface KindReader {
  readonly kind: string;
  /** The field read for each role. */
  readonly paths: Partial<Record<ReadRole, FieldPath>>;
  readonly from: Partial<Record<ReadRole, Provenance>>;
  /** Roles with no field, and the fields that tied for them (empty: none fits). Only after records were read. */
  readonly unsure: Partial<Record<ReadRole, FieldPath[]>>;
  /** The fields the records carry, as text paths. */
  readonly fields: readonly string[];
  /** How many records the reader was made from (0: none, so the usual names are read). */
  readonly sampled: number;
  id(raw: unknown): string | undefined;
  name(raw: unknown): string | undefined;
  state(raw: unknown): string | undefined;
  created(raw: unknown): Date | undefined;
  /** What this read knows, as the dictionary stores it (inferred roles included), for the agent to keep. */
  entry(): KindEntry;
}

type Rec = Record<string, unknown> | null;

/**
 * The most common keys read by name: a named property load V8 specialises, where a key held in a
 * closure is a keyed load (~0.15 µs a row more on the 100,000-row list). Same answer either way.
 */
const NAMED: Readonly<Record<string, (raw: unknown) => unknown>> = {
  id: (r) => (r as Rec)?.id,
  uuid: (r) => (r as Rec)?.uuid,
  name: (r) => (r as Rec)?.name,
  display_name: (r) => (r as Rec)?.display_name,
  title: (r) => (r as Rec)?.title,
  status: (r) => (r as Rec)?.status,
  state: (r) => (r as Rec)?.state,
  created_at: (r) => (r as Rec)?.created_at,
};

/**
 * A one-key accessor reads its key directly: the list's hot path pays no loop per row. Two keys
 * are two loads; a path through a tag list's entry walks it (valueAt).
 */
function accessor(path: FieldPath | undefined): ((raw: unknown) => unknown) | undefined {
  if (!path) return undefined;
  const [a, b] = path;
  if (typeof a !== 'string') return b === undefined ? (raw) => stepInto(raw, a!) : (raw) => valueAt(raw, path);
  if (b === undefined) return Object.hasOwn(NAMED, a) ? NAMED[a] : (raw) => (raw as Rec)?.[a];
  if (typeof b !== 'string') return (raw) => stepInto((raw as Rec)?.[a], b);
  return (raw) => {
    const v = (raw as Rec)?.[a];
    return isRecord(v) ? v[b] : undefined;
  };
}

const CREATED = ['created_at', 'createdAt', 'created', 'inserted_at', 'creationTimestamp', 'createTime'];

/** The usual names, for a reader made from no records (nothing to infer from). */
const USUAL: Record<ReadRole, (raw: unknown, kind: string) => unknown> = {
  id: (raw, kind) => (isRecord(raw) ? idOf(raw, kind) : undefined),
  name: (raw) => (isRecord(raw) ? nameOf(raw) : undefined),
  state: (raw) => (isRecord(raw) ? stateOf(raw) : undefined),
  created: (raw) => (isRecord(raw) ? timeIn(raw, CREATED) : undefined),
};

function present(sample: readonly unknown[], path: FieldPath): boolean {
  return sample.some((r) => valueAt(r, path) !== undefined && valueAt(r, path) !== null);
}

/**
 * The fields a zone's other kinds are read by, per role, weighted: a field decided there counts 1,
 * one tied there a half (a zone's own id field ties with a reference in a lone record of each kind,
 * but it is the one every kind carries).
 */
export function habitsOf(dict: ZoneDictionary | undefined, except: string): ZoneHabits {
  const out: Partial<Record<ReadRole, Map<string, number>>> = {};
  const add = (role: ReadRole, path: FieldPath, w: number) => {
    const m = (out[role] ??= new Map());
    m.set(pathText(path), (m.get(pathText(path)) ?? 0) + w);
  };
  for (const [kind, entry] of Object.entries(dict?.kinds ?? {})) {
    if (kind === except) continue;
    for (const role of READ_ROLES) {
      const e = entry.read[role];
      if (e) add(role, e.path, 1);
      for (const p of entry.unsure?.[role] ?? []) add(role, p, 0.5);
    }
  }
  return out;
}

/** The reader of `kind`'s records in a zone whose dictionary is `dict`, made from `records`. */
export function zoneKindReader(
  dict: ZoneDictionary | undefined,
  records: readonly unknown[],
  kind: string,
): KindReader {
  return kindReader(dict?.kinds[kind], records, kind, habitsOf(dict, kind));
}

/**
 * The reader of `kind` in a zone whose dictionary holds `stored` for it, made from `records` (a
 * list's records, or the one record at hand); `habits` break ties (see infer-fields.ts).
 */
export function kindReader(
  stored: KindEntry | undefined,
  records: readonly unknown[],
  kind: string,
  habits: ZoneHabits = {},
): KindReader {
  const sample = sampleOf(records);
  const fixed: Partial<Record<ReadRole, FieldPath>> = {};
  const from: Partial<Record<ReadRole, Provenance>> = {};
  for (const role of READ_ROLES) {
    const e: FieldEntry | undefined = stored?.read[role];
    if (!e) continue;
    // A person's choice or a lesson holds; an inference holds while the records still carry its field.
    if (e.from !== 'inferred' || sample.length === 0 || present(sample, e.path)) {
      fixed[role] = e.path;
      from[role] = e.from;
    }
  }
  const inferred =
    sample.length > 0
      ? inferFields(sample, kind, fixed, habits)
      : { read: {}, unsure: {}, fields: [...(stored?.fields ?? [])] };
  const paths: Partial<Record<ReadRole, FieldPath>> = { ...fixed };
  for (const role of READ_ROLES) {
    const p = inferred.read[role];
    if (p && !paths[role]) {
      paths[role] = p;
      from[role] = 'inferred';
    }
  }
  // One accessor per role, made once per read: a row pays a property load, no dispatch.
  const hadRecords = sample.length > 0;
  const raw = (role: ReadRole) =>
    accessor(paths[role]) ?? (hadRecords ? undefined : (r: unknown) => USUAL[role](r, kind));
  const getId = raw('id');
  const getName = raw('name');
  const getState = raw('state');
  const getCreated = raw('created');
  return {
    kind,
    paths,
    from,
    unsure: inferred.unsure,
    fields: inferred.fields,
    sampled: sample.length,
    id: getId ? (r) => scalarText(getId(r)) : () => undefined,
    name: getName ? (r) => scalarText(getName(r)) : () => undefined,
    state: getState
      ? (r) => {
          const v = getState(r);
          return typeof v === 'string' && v !== '' ? v : undefined;
        }
      : () => undefined,
    created: getCreated
      ? (r) => {
          const v = getCreated(r);
          return v instanceof Date ? v : dateOf(v);
        }
      : () => undefined,
    entry: () => ({
      read: Object.fromEntries(
        READ_ROLES.filter((r) => paths[r]).map((r) => [r, { path: paths[r]!, from: from[r]! }]),
      ) as KindEntry['read'],
      ...(Object.keys(inferred.unsure).length ? { unsure: inferred.unsure } : {}),
      fields: inferred.fields,
    }),
  };
}

/** Roles a list cannot read for its rows (the notice above the list names them); none before a record was read. */
export function unreadRoles(reader: KindReader, roles: readonly ReadRole[] = ['name', 'state']): ReadRole[] {
  if (reader.sampled === 0) return [];
  return roles.filter((r) => !reader.paths[r]);
}

export { pathText, valueAt };
