/**
 * One list from many zones' lists: each row wrapped once with its zone (colour + name) and a key
 * unique across zones, the wrappers kept while their row objects last, and the whole list kept as
 * the same array when no zone's list changed — so a poll that changed nothing costs no sort, no
 * filter and no re-render, even at 60,000 rows.
 */
import { markRaw } from 'vue';

/** The kinds listed across zones, in the order the area shows them. */
export const ALL_ZONES_KINDS = ['containers', 'microvms', 'clusters', 'workflows', 'workspaces'] as const;
export type AllZonesKind = (typeof ALL_ZONES_KINDS)[number];

export interface ZoneTag {
  id: string;
  name: string;
  color: string;
}

interface KeyedRow {
  key: string;
}

/**
 * A zone's row seen from the all-zones list: a shallow copy of the row (so the per-zone screens'
 * columns and filter texts read it unchanged) with a zone-qualified `key`, its `zone`, and `item`,
 * the row itself (whose own key opens it in its zone). A copy, not an object inheriting the row:
 * 60,000 rows turned into prototypes cost V8 a hidden class each and made the list ~100× slower.
 */
export type ZonedRow<R extends KeyedRow> = R & { zone: ZoneTag; item: R };

export interface ZoneList<R extends KeyedRow> {
  zone: ZoneTag;
  /** The zone's rows as its store holds them (undefined before the first read or when signed out). */
  rows: readonly R[] | undefined;
}

interface ZoneMemo<R extends KeyedRow> {
  tag: string;
  zone: ZoneTag;
  src: readonly R[];
  wrapped: ZonedRow<R>[];
  byRow: WeakMap<R, ZonedRow<R>>;
}

export function wrapRow<R extends KeyedRow>(row: R, zone: ZoneTag): ZonedRow<R> {
  return { ...row, key: `${zone.id}/${row.key}`, zone, item: row };
}

const tagOf = (z: ZoneTag) => `${z.id}\u0000${z.name}\u0000${z.color}`;

/** A merger that remembers what it built: call it with every zone's list on each change. */
export function zoneMerger<R extends KeyedRow>() {
  const memos = new Map<string, ZoneMemo<R>>();
  let last: ZonedRow<R>[] = markRaw([]);
  let lastParts: ZonedRow<R>[][] = [];

  function wrapped(list: ZoneList<R>): ZonedRow<R>[] {
    const src = list.rows ?? [];
    const tag = tagOf(list.zone);
    let m = memos.get(list.zone.id);
    if (m && m.src === src && m.tag === tag) return m.wrapped;
    // A renamed or recoloured zone re-wraps its rows; otherwise rows the zone kept keep their wrapper.
    const kept = m && m.tag === tag ? m : undefined;
    const byRow = kept?.byRow ?? new WeakMap<R, ZonedRow<R>>();
    const zone = kept?.zone ?? { id: list.zone.id, name: list.zone.name, color: list.zone.color };
    const out = new Array<ZonedRow<R>>(src.length);
    for (let i = 0; i < src.length; i++) {
      const row = src[i]!;
      let w = byRow.get(row);
      if (!w) byRow.set(row, (w = wrapRow(row, zone)));
      out[i] = w;
    }
    m = { tag, zone, src, wrapped: out, byRow };
    memos.set(list.zone.id, m);
    return out;
  }

  return function merge(lists: readonly ZoneList<R>[]): ZonedRow<R>[] {
    const parts = lists.map(wrapped);
    for (const id of memos.keys()) if (!lists.some((l) => l.zone.id === id)) memos.delete(id);
    const same = parts.length === lastParts.length && parts.every((p, i) => p === lastParts[i]);
    if (same) return last;
    lastParts = parts;
    last = markRaw(parts.length === 1 ? parts[0]!.slice() : ([] as ZonedRow<R>[]).concat(...parts));
    return last;
  };
}
