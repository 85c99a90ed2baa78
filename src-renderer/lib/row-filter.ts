/**
 * Filter-as-you-type for long lists (100,000 rows). Each row's lowercase text is computed once per
 * row object, and the texts of the rows listed are joined into one string (a haystack) with each
 * row's offset beside it: a keystroke runs indexOf along that one string, which reads memory in
 * order, instead of visiting 100,000 strings strewn over the heap (in the page that was ~5x slower,
 * 10–25 ms a key at 100,000 rows). A query that only adds to a short earlier result checks those
 * rows alone.
 */

/** The lowercase terms of a filter text; every one must occur in a row's text. None holds whitespace. */
export function filterTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

interface Haystack<T> {
  rows: readonly T[];
  texts: string[];
  /** Every row's text, in the rows' order, each followed by a newline (no term holds one). */
  joined: string;
  /** Where each row's text starts in `joined`; one more entry for the end. */
  starts: Int32Array;
}

interface Result {
  terms: readonly string[];
  /** The indexes of the matching rows (the first `n`), in order. */
  idx: Int32Array;
  n: number;
}

/** An earlier result is rechecked row by row only while it is this small a share of the list. */
const NARROW_SHARE = 1 / 8;
/** Rows a step of `prepare` takes (about a millisecond of work). */
const SLICE = 2000;
/** Lists this long get the scan compiled before the first keystroke (warmUp). */
const WARM_ROWS = 10_000;
let warmed = false;

export interface RowFilter<T> {
  /** The rows holding every term (from filterTerms), in their order; `rows` itself when all do. */
  filter(rows: readonly T[], terms: readonly string[]): readonly T[];
  /** A row's lowercase text (cached per row object): call it while idle to spare the first keystroke. */
  text(row: T): string;
  /**
   * Builds the haystack for `rows` a slice at a time, while the page is idle, so that the next
   * keystroke does not: call the step returned until it returns true (a keystroke meanwhile
   * finishes the build).
   */
  prepare(rows: readonly T[]): () => boolean;
}

export function rowFilter<T extends object>(textOf: (row: T) => string): RowFilter<T> {
  const cache = new WeakMap<T, string>();
  const text = (row: T): string => {
    let s = cache.get(row);
    if (s === undefined) cache.set(row, (s = textOf(row).toLowerCase()));
    return s;
  };
  let hay: Haystack<T> | null = null;
  let last: Result | null = null;

  let building: { rows: readonly T[]; step: () => boolean } | null = null;

  /** A builder of the haystack for `rows`, SLICE rows a step; the last step puts it in place. */
  function builder(rows: readonly T[]): () => boolean {
    const texts: string[] = [];
    const parts: string[] = [];
    const starts = new Int32Array(rows.length + 1);
    let at = 0;
    let done = false;
    return () => {
      if (done) return true;
      const from = texts.length;
      const end = Math.min(from + SLICE, rows.length);
      for (let i = from; i < end; i++) {
        const s = text(rows[i]!);
        texts.push(s);
        starts[i] = at;
        at += s.length + 1;
      }
      if (end > from) parts.push(`${texts.slice(from, end).join('\n')}\n`);
      if (end < rows.length) return false;
      starts[rows.length] = at;
      hay = { rows, texts, joined: parts.join(''), starts };
      last = null;
      building = null;
      warmUp(hay);
      return (done = true);
    };
  }

  function prepare(rows: readonly T[]): () => boolean {
    if (hay?.rows === rows) return () => true;
    if (building?.rows !== rows) building = { rows, step: builder(rows) };
    return building.step;
  }

  /** The indexes of the rows holding every term: the longest term is sought along the haystack. */
  function scan(h: Haystack<T>, terms: readonly string[]): Result {
    const [first, ...rest] = [...terms].sort((a, b) => b.length - a.length);
    const idx = new Int32Array(h.rows.length);
    let n = 0;
    let r = 0;
    for (let at = h.joined.indexOf(first!); at >= 0; at = h.joined.indexOf(first!, h.starts[r]!)) {
      while (h.starts[r + 1]! <= at) r++;
      if (holdsAll(h.texts[r]!, rest)) idx[n++] = r;
      r++;
    }
    return { terms, idx, n };
  }

  /**
   * The first scan of a long list runs slowly while V8 compiles its loop (~20 ms, on the first
   * keystroke): one is run once per page here, while idle, its answer dropped.
   */
  function warmUp(h: Haystack<T>): void {
    if (warmed || h.rows.length < WARM_ROWS) return;
    warmed = true;
    scan(h, ['e']);
  }

  function recheck(h: Haystack<T>, from: Result, terms: readonly string[]): Result {
    const idx = new Int32Array(from.n);
    let n = 0;
    for (let k = 0; k < from.n; k++) {
      const i = from.idx[k]!;
      if (holdsAll(h.texts[i]!, terms)) idx[n++] = i;
    }
    return { terms, idx, n };
  }

  function filter(rows: readonly T[], terms: readonly string[]): readonly T[] {
    if (terms.length === 0) return rows;
    // A keystroke in a long list compiles the scan itself: no throwaway scan on top of it.
    if (rows.length >= WARM_ROWS) warmed = true;
    const step = prepare(rows);
    for (let done = false; !done;) done = step();
    const h = hay!;
    const narrower = last !== null && last.n <= rows.length * NARROW_SHARE && narrows(last.terms, terms);
    const res = narrower ? recheck(h, last!, terms) : scan(h, terms);
    last = res;
    if (res.n === rows.length) return rows;
    const out = new Array<T>(res.n);
    for (let k = 0; k < res.n; k++) out[k] = rows[res.idx[k]!]!;
    return out;
  }

  return { filter, text, prepare };
}

function holdsAll(text: string, terms: readonly string[]): boolean {
  for (const t of terms) if (!text.includes(t)) return false;
  return true;
}

/** Whether every row matching `next` also matches `prev`: each earlier term lies inside a new one. */
function narrows(prev: readonly string[], next: readonly string[]): boolean {
  return prev.every((p) => next.some((t) => t.includes(p)));
}
