/**
 * The zone's dictionary as the zones file stores it (contract/dictionary/): paths of checked field
 * keys and tag-list entries only (never `__proto__`, `constructor` or `prototype`), a bounded
 * number of kinds and fields.
 * A hand-edited dictionary that does not read is dropped, the zone kept: it can be inferred again.
 */
import { z } from 'zod';
import {
  isFieldKey,
  KIND_NAME,
  MAX_FIELDS,
  MAX_KINDS,
  MAX_PATH,
  type ZoneDictionary,
} from '../../contract/dictionary/dictionary-types';

const key = z.string().refine(isFieldKey, 'not a field name');
/** A tag list's entry (`Tags[Key=Name].Value`); files written before it hold keys only, and still read. */
const entryStep = z
  .object({ list: key, key, match: key, value: key })
  .strict()
  .refine((s) => s.key !== s.value, 'an entry names its key and its value by two members');
/** A path as stored: one or two steps, each a key or a tag list's entry. */
export const fieldPathSchema = z
  .array(z.union([key, entryStep]))
  .min(1)
  .max(MAX_PATH);
const path = fieldPathSchema;
const entry = z.object({ path, from: z.enum(['inferred', 'learned', 'chosen']) }).strict();
const roles = <T extends z.ZodType>(v: T) =>
  z.object({ id: v.optional(), name: v.optional(), state: v.optional(), created: v.optional() }).strict();
const kindEntry = z
  .object({
    read: roles(entry),
    unsure: roles(z.array(path).max(20)).optional(),
    fields: z.array(z.string().max(140)).max(MAX_FIELDS).optional(),
  })
  .strict();
const kindName = z
  .string()
  .regex(KIND_NAME)
  .refine((k) => isFieldKey(k), 'not a kind name');

/** Typed as the contract's (read-only) dictionary: what it checks is exactly that shape. */
export const dictionarySchema: z.ZodType<ZoneDictionary> = z
  .object({ kinds: z.record(kindName, kindEntry) })
  .strict()
  .refine((d) => Object.keys(d.kinds).length <= MAX_KINDS, `at most ${MAX_KINDS} kinds`);

/** A dictionary from outside (a file, a renderer), or undefined when it does not read. */
export function readDictionary(v: unknown): ZoneDictionary | undefined {
  const r = dictionarySchema.safeParse(v);
  if (!r.success) return undefined;
  // Rebuilt on a prototype-free map: the file's keys never meet Object.prototype.
  const kinds = Object.create(null) as Record<string, ZoneDictionary['kinds'][string]>;
  for (const [k, e] of Object.entries(r.data.kinds)) kinds[k] = e;
  return { kinds };
}

/** Only what a person chose (kept when a zone is re-pointed). */
export function chosenPart(d: ZoneDictionary | undefined): ZoneDictionary | undefined {
  if (!d) return undefined;
  const kinds = Object.create(null) as Record<string, ZoneDictionary['kinds'][string]>;
  for (const [k, e] of Object.entries(d.kinds)) {
    const read = Object.fromEntries(Object.entries(e.read).filter(([, f]) => f?.from === 'chosen'));
    if (Object.keys(read).length) kinds[k] = { read };
  }
  return Object.keys(kinds).length ? { kinds } : undefined;
}
