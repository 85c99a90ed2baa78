/**
 * "Is this the same here and there?" as pure data: each zone's reading of the same-named resource
 * (present with its facts and documents, absent, or not readable), and for each the answer to
 * "equal to the one you started from", by a digest of what the resource holds (the draft, the
 * files, the vars, the limits), never by ids or times, which differ between zones by nature.
 * The readings come from the shapes modules (compare-readers.ts), so zones in different dialects
 * compare by meaning. Pure and small, so three zones of 500 workflows table at once (test/bench).
 */

import type { CompareKind } from '../../state/across-zones';

export type { CompareKind };

export interface CompareZone {
  id: string;
  name: string;
  color: string;
}

/** One zone's copy: what the table shows, and the texts a diff opens (by label: "Draft", "v2", a file path). */
export interface Reading {
  id: string | undefined;
  version?: string;
  deployed?: string;
  canary?: string;
  /** A short digest of what the resource holds: equal digests, equal contents. */
  digest: string;
  /** The digest covers secret values: used to compare, never shown. */
  digestPrivate?: boolean;
  changedAt?: Date;
  /** Other facts worth a column (node count, file count). */
  note?: string;
  docs: Record<string, string>;
}

export type ZoneSide =
  | { zone: CompareZone; state: 'loading' }
  | { zone: CompareZone; state: 'present'; reading: Reading }
  | { zone: CompareZone; state: 'absent' }
  | { zone: CompareZone; state: 'error'; message: string };

export type CompareCell = ZoneSide & {
  origin: boolean;
  /** Same contents as the origin's; undefined when either side has nothing to compare. */
  equal: boolean | undefined;
};

/** FNV-1a over the text, 32 bits as 8 hex digits: enough to tell contents apart on screen. */
export function digestOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The row: every zone's cell with its "equal" answer; the origin first, then the others in order. */
export function compareRow(originZone: string, sides: readonly ZoneSide[]): CompareCell[] {
  const origin = sides.find((s) => s.zone.id === originZone);
  const base = origin?.state === 'present' ? origin.reading.digest : undefined;
  const cells = sides.map((s): CompareCell => {
    const isOrigin = s.zone.id === originZone;
    const equal = isOrigin ? true : s.state === 'present' && base !== undefined ? s.reading.digest === base : undefined;
    return { ...s, origin: isOrigin, equal: s.state === 'present' || isOrigin ? equal : undefined };
  });
  return [...cells.filter((c) => c.origin), ...cells.filter((c) => !c.origin)];
}

/**
 * The record named `name` among a zone's records: the exact name first, else the one name that
 * matches ignoring case (two such are ambiguous: none is taken).
 */
export function findByName<T>(items: readonly T[], nameOf: (t: T) => string, name: string): T | undefined {
  const exact = items.find((t) => nameOf(t) === name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  const loose = items.filter((t) => nameOf(t).toLowerCase() === lower);
  return loose.length === 1 ? loose[0] : undefined;
}

/** How one document of two readings differs: the same text, changed, or only on one side. */
export type DocChange = 'same' | 'changed' | 'left' | 'right';

/** Every document label of two readings with its change: shared ones first, then each side's own. */
export function docChanges(a: Reading, b: Reading): { label: string; change: DocChange }[] {
  const left = Object.keys(a.docs);
  const right = Object.keys(b.docs);
  const both = left.filter((l) => Object.hasOwn(b.docs, l));
  return [
    ...both.map((label) => ({ label, change: (a.docs[label] === b.docs[label] ? 'same' : 'changed') as DocChange })),
    ...left.filter((l) => !Object.hasOwn(b.docs, l)).map((label) => ({ label, change: 'left' as const })),
    ...right.filter((l) => !Object.hasOwn(a.docs, l)).map((label) => ({ label, change: 'right' as const })),
  ];
}

/** How the cell reads in one line, for its accessible name and the summary. */
export function cellWords(c: CompareCell): string {
  if (c.state === 'loading') return 'reading…';
  if (c.state === 'absent') return 'absent';
  if (c.state === 'error') return `not readable: ${c.message}`;
  if (c.origin) return 'present (compared from here)';
  return c.equal === true ? 'present, same' : c.equal === false ? 'present, differs' : 'present';
}
