/**
 * Readers of several kinds of one zone read at once (the palette's index lists five kinds in
 * parallel). Each kind's ties are broken by the zone's habits — how its other kinds read — so a
 * kind read alone would depend on which kinds happened to be noted before it. Here the habits
 * come from every kind of the read together, in two passes: each kind alone first (with the
 * stored dictionary's habits), then each again with the habits of all the others' first pass.
 * The answer is the same in any order the lists arrived.
 */
import { noteRead } from './dictionary-edits';
import type { ZoneDictionary } from './dictionary-types';
import { habitsOf, kindReader, zoneKindReader, type KindReader } from './kind-reader';

export interface KindList {
  readonly kind: string;
  readonly records: readonly unknown[];
}

/** One reader per list, in the lists' order. */
export function zoneKindReaders(dict: ZoneDictionary | undefined, lists: readonly KindList[]): KindReader[] {
  const first = lists.map((l) => zoneKindReader(dict, l.records, l.kind));
  let together: ZoneDictionary = dict ?? { kinds: {} };
  for (const [i, r] of first.entries())
    if (r.sampled > 0) together = noteRead(together, lists[i]!.kind, r.entry()) ?? together;
  // The kind's own stored entry, the others' habits as this read found them.
  return lists.map((l) => kindReader(dict?.kinds[l.kind], l.records, l.kind, habitsOf(together, l.kind)));
}
