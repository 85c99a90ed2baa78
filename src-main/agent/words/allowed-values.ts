/**
 * The values a refusal says a field takes ("kind must be one of contains, equals, llm_judge",
 * "allowed values: a | b"): when the zone names a field of its own the call did not send, the one
 * sent field whose value is among them is the field it means (word-slots.ts ties them by value,
 * never by guess). Read from the zone's sentence, so bounded and identifiers only.
 */

const LISTED =
  /\b(?:(?:must|should) be (?:one of|either)|expected one of|one of|(?:allowed|valid|accepted|permitted) values?(?: are| is)?)\s*:?\s*[[(]?([^.\])\n]{1,300})/i;
const VALUE = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_VALUES = 20;

/** The values the sentence lists, as written (quotes dropped); none when it lists none. */
export function allowedValuesIn(message: unknown): string[] {
  if (typeof message !== 'string' || message.length > 2_000) return [];
  const m = LISTED.exec(message);
  if (!m) return [];
  const out = m[1]!
    .split(/\s*(?:,|\||\/|\bor\b)\s*/)
    .map((v) => v.trim().replace(/^["'`]|["'`]$/g, ''))
    .filter((v) => VALUE.test(v));
  return [...new Set(out)].slice(0, MAX_VALUES);
}
