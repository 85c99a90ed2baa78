/**
 * A zone's dictionary: per record kind, which field of its records is the id, the name, the state
 * and the creation time, each marked by how Zonedeck knows it — inferred from the records' values,
 * learned (from a refusal or a save compare), or chosen by a person. The agent keeps it per zone
 * (the zones file carries the chosen and learned entries to a team); every process reads records
 * through it (kind-reader.ts). Names only, never values.
 */
import type { FieldPath } from './field-paths';

export {
  isEntryStep,
  isFieldKey,
  isFieldPath,
  isPathStep,
  MAX_PATH,
  pathsOfText,
  pathText,
  samePath,
  stepName,
  valueAt,
  type EntryStep,
  type FieldPath,
  type PathStep,
} from './field-paths';

/** The fields every list needs to read its rows. */
export const READ_ROLES = ['id', 'name', 'state', 'created'] as const;
export type ReadRole = (typeof READ_ROLES)[number];

export type Provenance = 'inferred' | 'learned' | 'chosen';

export interface FieldEntry {
  readonly path: FieldPath;
  readonly from: Provenance;
}

export interface KindEntry {
  /** The field read for each role, where one is known. */
  readonly read: Partial<Record<ReadRole, FieldEntry>>;
  /** Roles the records left undecided: the fields that tied (empty when none fits). */
  readonly unsure?: Partial<Record<ReadRole, FieldPath[]>>;
  /** The fields the kind's records carry (as pathText shows them), for the person choosing. */
  readonly fields?: readonly string[];
}

export interface ZoneDictionary {
  readonly kinds: Readonly<Record<string, KindEntry>>;
}

/** Kinds one zone's dictionary holds, and fields listed per kind. */
export const MAX_KINDS = 60;
export const MAX_FIELDS = 80;

/** A record kind's name in the dictionary: `container`, `vpn_gateway`, `eval_case`. */
export const KIND_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** What each role is called on screen. */
export const ROLE_WORDS: Readonly<Record<ReadRole, string>> = {
  id: 'id',
  name: 'name',
  state: 'state',
  created: 'creation time',
};
