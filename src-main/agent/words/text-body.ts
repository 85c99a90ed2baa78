/**
 * A zone that takes a field's value as the whole raw body (text/plain) rather than JSON: a skill
 * file's text, say, with its path in the query. A 415 (or a refusal that says text/plain) turns a
 * JSON call into that shape once, and the zone's answer is remembered per role (LearnedWord with
 * `encoding: 'text'`). Which field is the text: the one string field whose name or role says
 * content/text/body; the call's other body fields must be plain values, and go to the query under
 * the name this zone taught for that role there, else their own.
 */
import type { LearnedWord } from '../../contract/zone-words';
import { isRecord } from '../../contract/tolerant';
import { type Fields, type Slot, tokensOf } from './word-slots';

const TEXT_WORDS = new Set(['content', 'contents', 'text', 'body', 'source']);

const scalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The body field that holds the text: `role` when given, else the only one whose words say so. */
export function textSlot(f: Fields, slots: Slot[], role?: string): Slot | undefined {
  if (!isRecord(f.body)) return undefined;
  const body = f.body;
  const found = slots.filter(
    (s) =>
      s.place === 'body' &&
      typeof body[s.name] === 'string' &&
      (role
        ? s.choice.role === role
        : [s.name, s.choice.role.split('.').pop() ?? ''].flatMap(tokensOf).some((t) => TEXT_WORDS.has(t))),
  );
  return found.length === 1 ? found[0] : undefined;
}

/** Whether a refusal says the zone wants text: a 415, or words naming text/plain. */
export function wantsText(status: number, message: string, code: string): boolean {
  return status === 415 || /text\/plain|raw (?:text|body)/i.test(`${code} ${message}`);
}

/**
 * The call with `slot`'s value as the raw body and every other body field in the query (slots
 * moved along, the text slot dropped from them); undefined when another body field is not a plain
 * value or its query name is taken.
 */
export function asText(f: Fields, slots: Slot[], slot: Slot, learned?: readonly LearnedWord[]): Fields | undefined {
  if (!isRecord(f.body)) return undefined;
  const query: Fields['query'] = { ...f.query };
  const moves: [Slot, string][] = [];
  for (const [key, value] of Object.entries(f.body)) {
    if (key === slot.name) continue;
    const moved = slots.find((s) => s.place === 'body' && s.name === key);
    const taught = moved && learned?.find((w) => w.role === moved.choice.role && w.place === 'query' && !w.encoding);
    const name = moved && !moved.choice.firm && taught ? taught.name : key;
    if (!scalar(value) || Object.hasOwn(query, name)) return undefined;
    query[name] = value;
    if (moved) moves.push([moved, name]);
  }
  for (const [s, name] of moves) {
    s.place = 'query';
    s.name = name;
  }
  slots.splice(slots.indexOf(slot), 1);
  return { body: f.body[slot.name], query };
}
