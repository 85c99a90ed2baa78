/**
 * A published version's number, read by value for a zone that keeps it under a name of its own
 * (no list of ours holds `va7cny`): the field whose value, in every record of the list, is a whole
 * number from 1 — a count of publishes, far below a time or an id — distinct from the others' and
 * in the list's order (rising or falling throughout). One field so fitting is the number; where
 * two fit alike, none is (the app does not guess). Records are read as flat views (the caller lifts
 * a style's nested record first); keys that reach a prototype are never read.
 */
import { isRecord } from '../tolerant';
import { isFieldKey } from './field-paths';

/** Above this a whole number is a time, a size or an id, not how many times a workflow was published. */
const MAX_VERSION = 1_000_000;
/** Records looked at: a version list is short, and this keeps a hostile one cheap. */
const SAMPLE = 200;

/** A version number as a zone may write it: 3, "3", "v3"; none for 0, negatives, fractions or times. */
export function versionNumber(v: unknown): number | undefined {
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && /^v?\d{1,7}$/i.test(v.trim())
        ? Number(v.trim().replace(/^v/i, ''))
        : NaN;
  return Number.isInteger(n) && n >= 1 && n < MAX_VERSION ? n : undefined;
}

/** Whether the numbers rise or fall throughout (a list newest first, or oldest first). */
function ordered(ns: readonly number[]): boolean {
  const up = ns.every((n, i) => i === 0 || n > ns[i - 1]!);
  const down = ns.every((n, i) => i === 0 || n < ns[i - 1]!);
  return up || down;
}

/** The key of the records' version number, by value; undefined when none or several fit. */
export function versionNumberKey(records: readonly unknown[]): string | undefined {
  const recs = records.slice(0, SAMPLE).filter(isRecord);
  if (recs.length === 0) return undefined;
  const fits: string[] = [];
  for (const key of Object.keys(recs[0]!)) {
    if (!isFieldKey(key)) continue;
    const ns = recs.map((r) => (Object.hasOwn(r, key) ? versionNumber(r[key]) : undefined));
    if (ns.every((n) => n !== undefined) && ordered(ns as number[])) fits.push(key);
  }
  return fits.length === 1 ? fits[0] : undefined;
}
