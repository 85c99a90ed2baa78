/**
 * Writing in a zone's own words. Where the spec leaves a payload or a parameter "not shown", the
 * renderer's record shapes choose a field name (the zone's own record's name when it has one,
 * else a default) and tell the agent what the field means. The agent sends the name the zone
 * taught it instead of a default, and when the zone refuses a call with 400/422 naming the field
 * or parameter it expected, it tries that name once and remembers it for the zone (forgotten
 * when the zone is re-pointed; shown in the zone's details as "learned from this zone").
 */

/** One field of a call whose name the zone decides. */
export interface WordChoice {
  /** What the field means, stable across zones: 'workflow.draft', 'skillFile.path', 'evalCase.expected'. */
  readonly role: string;
  /** Other names a zone is likely to use for it, most likely first (a refusal may name one outside them). */
  readonly alts?: readonly string[];
  /** The name was read off the zone's own record of this kind: send it as it is, never a learned one. */
  readonly firm?: boolean;
  /**
   * `false`: the zone's reply does not carry this field back (a lint's verdict), so a retry the
   * zone took under a name it asked for is learned without looking for the value in the reply.
   */
  readonly echoed?: false;
}

/** The fields of one call whose names the zone decides, keyed by the name the caller sent them under. */
export interface CallWords {
  readonly body?: Readonly<Record<string, WordChoice>>;
  readonly query?: Readonly<Record<string, WordChoice>>;
}

/** How a body travels: JSON (the route's default) or raw text, when the zone's reads said it takes text. */
export type BodyEncoding = 'json' | 'text';

export type WordPlace = 'body' | 'query';

/** A name the agent learned from one zone: from its refusal, or from a save whose value it kept elsewhere. */
export interface LearnedWord {
  readonly role: string;
  readonly place: WordPlace;
  /** The name the zone asked for. */
  readonly name: string;
  /** The name that was refused. */
  readonly instead: string;
  /** The operation whose refusal taught it. */
  readonly operationId: string;
  /** ISO 8601. */
  readonly learnedAt: string;
  /**
   * `text`: the zone takes this field's value as the whole raw body (text/plain), the call's other
   * body fields as query parameters (a 415 taught it). `name` and `instead` are then the field's name.
   */
  readonly encoding?: BodyEncoding;
  /**
   * How it was learned: `refusal` (absent in older files) when a 400/422/415 named it; `compare`
   * when a save's value did not stick, the read-back showed the field that should hold it, and a
   * second write under that name stuck (the renderer's `zones.learnWord`); `person` when a person
   * chose it among the names a refusal asked for that Zonedeck could not match to a field.
   */
  readonly from?: 'refusal' | 'compare' | 'person';
}

/** The names a call was finally sent under, by role (what the renderer compares a read-back with). */
export interface SentWords {
  readonly body?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  /** The role whose value went as the whole raw text body (the zone takes text), if one did. */
  readonly textBody?: string;
}

/** A name a zone may teach: an identifier (dots and dashes allowed), never longer than 64. */
export const WORD_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/** Keys that would reach an object's prototype if assigned: never learned, never sent as a renamed key. */
/** Keys that reach an object's prototype: never a name learned, chosen or used as a key. */
export const PROTO_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether a name read off a zone's reply (untrusted) can be learned and used as a key: an
 * identifier, none of whose dotted segments is `__proto__`, `constructor` or `prototype`.
 */
export function isWordName(v: unknown): v is string {
  return typeof v === 'string' && WORD_NAME.test(v) && !v.split('.').some((s) => PROTO_KEYS.has(s));
}
