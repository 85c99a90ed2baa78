/** What the zone registry stores per zone. Never a secret: those live in the SecretStore. */
import { z } from 'zod';
import { isCanonicalBaseUrl } from '../../contract/zone-url';
import { isWordName } from '../../contract/zone-words';
import { dictionarySchema } from './dictionary-schema';

export const ZONE_NAME_MAX = 40;
/** A group is a short label (production, staging) that gathers zones in the rail. */
export const ZONE_GROUP_MAX = 40;

/** Names one zone's refusals taught the agent (contract/zone-words.ts); at most this many per zone. */
export const MAX_LEARNED_WORDS = 100;
const word = z.string().min(1).max(100);

/** A name a zone taught: an identifier, never one that reaches an object's prototype when used as a key. */
export const learnedName = z.string().refine(isWordName, 'Not a field name');

export const learnedWordSchema = z
  .object({
    role: word,
    place: z.enum(['body', 'query']),
    // An identifier, never a prototype key (#35): a hand-edited or hostile file teaches nothing else.
    name: learnedName,
    instead: word,
    operationId: word,
    learnedAt: z.string().max(40),
    encoding: z.enum(['json', 'text']).optional(),
    from: z.enum(['refusal', 'compare', 'person']).optional(),
  })
  .strict();

export const zoneRecordSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    name: z.string().min(1).max(ZONE_NAME_MAX),
    // A file edited by hand with a non-canonical or http:// address is not used (and kept aside).
    baseUrl: z.string().refine(isCanonicalBaseUrl),
    color: z.string().regex(/^#[0-9a-f]{6}$/),
    caFile: z.string().optional(),
    sandbox: z.boolean(),
    /** Every change in the zone asks for its name to be typed first (production, say). */
    protected: z.boolean(),
    /** Absent when the zone is in no group; stored trimmed. */
    group: z.string().trim().min(1).max(ZONE_GROUP_MAX).optional(),
    createdAt: z.string(),
    /** A hand-edited list that does not read is dropped (the zone is kept): it is only a cache of the zone's words. */
    learnedWords: z.array(learnedWordSchema).max(MAX_LEARNED_WORDS).optional().catch(undefined),
    /** How Zonedeck reads the zone's records (contract/dictionary/): inferred, learned or chosen; dropped when it does not read. */
    dictionary: dictionarySchema.optional().catch(undefined),
  })
  .strict();

export type ZoneRecord = z.infer<typeof zoneRecordSchema>;

/** Inputs are strict: an unexpected field (say, a token) is refused rather than silently kept. */
export const zoneAddSchema = z
  .object({
    name: z.string(),
    baseUrl: z.string(),
    color: z.string().optional(),
    caFile: z.string().optional(),
    sandbox: z.boolean().optional(),
    protected: z.boolean().optional(),
    group: z.string().optional(),
  })
  .strict();
export type ZoneAdd = z.infer<typeof zoneAddSchema>;

export const zonePatchSchema = z
  .object({
    name: z.string().optional(),
    baseUrl: z.string().optional(),
    color: z.string().optional(),
    caFile: z.string().nullable().optional(),
    protected: z.boolean().optional(),
    /** null (or blank) takes the zone out of its group. */
    group: z.string().nullable().optional(),
  })
  .strict();
export type ZonePatch = z.infer<typeof zonePatchSchema>;
