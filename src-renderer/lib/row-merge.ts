/**
 * A live refresh of a long list: fresh records merged into the rows on screen. A record equal (as
 * JSON) to the one its row was made from keeps that row object, so the table re-renders nothing for
 * it and sort and filter keys cached per row stay valid; only new or changed records become rows.
 * Comparing raw records first skips building 20,000 rows per poll to throw most of them away.
 */
import { jsonEqual } from '@contract/json-equal';
import { idOf, type Raw } from './tolerant';

interface KeyedRow {
  key: string;
  raw: Raw;
}

/** The merged rows, or `old` itself when nothing changed (same records, same order). */
export function mergeRows<R extends KeyedRow>(
  old: readonly R[],
  raws: readonly Raw[],
  toRow: (raw: Raw, index: number) => R,
  /** A record's key before its row is built (its id; see idOf's `kind`). */
  keyOf: (raw: Raw) => string | undefined = idOf,
): R[] {
  let changed = old.length !== raws.length;
  let byKey: Map<string, R> | undefined;
  const out = new Array<R>(raws.length);
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i]!;
    const key = keyOf(raw) ?? `#${i}`;
    const here = old[i];
    // Usually the zone keeps its order: look at the same position before building a map.
    const prev = here && here.key === key ? here : (byKey ??= new Map(old.map((r) => [r.key, r]))).get(key);
    if (prev && jsonEqual(prev.raw, raw)) {
      if (prev !== here) changed = true;
      out[i] = prev;
    } else {
      changed = true;
      out[i] = toRow(raw, i);
    }
  }
  return changed ? out : (old as R[]);
}
