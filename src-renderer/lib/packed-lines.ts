/**
 * Log lines packed into large chunk strings instead of a million small ones (issue #16: a
 * million-line view within 1.5× the text's size). A JS string costs ~20 bytes of header and a
 * pointer in its array besides its text; here a line costs 4 bytes (its start in an Int32Array)
 * on top of its characters, and V8 stores an ASCII chunk one byte per character. New lines wait
 * as they came in an open list; pack() joins them, CHUNK_CHARS at a time, into flat chunk strings,
 * within a time budget, so a million lines appended at once are on screen at once and packed in
 * short tasks after. A line is only sliced out of its chunk when something reads it.
 */

/** Characters per sealed chunk: large enough that headers vanish, small enough to join quickly. */
const CHUNK_CHARS = 256 * 1024;

export class PackedLines {
  /** Sealed chunks: their lines, each followed by '\n'. */
  private chunks: string[] = [];
  /** Index of the first line of each sealed chunk (ascending). */
  private chunkFirst: number[] = [];
  /** starts[i]: where line i begins inside its sealed chunk. */
  private starts = new Int32Array(1024);
  private sealed = 0;
  /** The open lines, not yet joined into a chunk: open[openStart..]. */
  private open: string[] = [];
  private openStart = 0;
  /** Their characters, a newline each included. */
  private openChars = 0;

  get length(): number {
    return this.sealed + this.open.length - this.openStart;
  }

  /** Whether a full chunk's worth of open lines waits for pack(). */
  get unpacked(): boolean {
    return this.openChars >= CHUNK_CHARS;
  }

  push(line: string): void {
    this.open.push(line);
    this.openChars += line.length + 1;
  }

  pushAll(lines: readonly string[]): void {
    // push(...lines) overflows the stack past ~100k arguments: push in slices.
    for (let i = 0; i < lines.length; i += 10_000) this.open.push(...lines.slice(i, i + 10_000));
    for (let i = 0; i < lines.length; i++) this.openChars += lines[i]!.length + 1;
  }

  /**
   * Joins open lines into chunks, a full chunk at a time, until none is left or `budgetMs` has
   * passed (at least one chunk per call); true while there is more to pack.
   */
  pack(budgetMs = Infinity): boolean {
    const end = performance.now() + budgetMs;
    while (this.openChars >= CHUNK_CHARS) {
      let to = this.openStart;
      let chars = 0;
      while (chars < CHUNK_CHARS) chars += this.open[to++]!.length + 1;
      this.seal(to, chars);
      if (performance.now() >= end) break;
    }
    // Drop the packed lines from the open list when they are most of it or packing is done.
    if (this.openStart && (this.openStart * 2 >= this.open.length || this.openChars < CHUNK_CHARS)) {
      this.open = this.open.slice(this.openStart);
      this.openStart = 0;
    }
    return this.openChars >= CHUNK_CHARS;
  }

  /** Line `i` as a string (undefined outside 0..length-1). */
  at(i: number): string | undefined {
    if (i < 0 || i >= this.length || !Number.isInteger(i)) return undefined;
    if (i >= this.sealed) return this.open[this.openStart + i - this.sealed];
    const c = this.chunkOf(i);
    return this.chunks[c]!.slice(this.starts[i]!, this.endOf(i, c));
  }

  /** The length of line `i` in UTF-16 units, without materialising it. */
  lengthOf(i: number): number {
    if (i >= this.sealed) return this.open[this.openStart + i - this.sealed]!.length;
    return this.endOf(i, this.chunkOf(i)) - this.starts[i]!;
  }

  /** Lines from..to-1 as strings. */
  slice(from: number, to = this.length): string[] {
    const out: string[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) out.push(this.at(i)!);
    return out;
  }

  clear(): void {
    this.chunks = [];
    this.chunkFirst = [];
    this.starts = new Int32Array(1024);
    this.sealed = 0;
    this.open = [];
    this.openStart = 0;
    this.openChars = 0;
  }

  /**
   * Indexes of lines containing `q` (case-insensitive), in order, at most `limit`. A chunk is
   * lowered and scanned whole; where lowering changes its length (a few non-ASCII letters do),
   * offsets no longer line up, so that chunk is checked line by line instead.
   */
  search(q: string, limit: number): number[] {
    const needle = q.toLowerCase();
    const hits: number[] = [];
    if (!needle || needle.includes('\n')) return hits;
    for (let c = 0; c < this.chunks.length && hits.length < limit; c++) {
      const text = this.chunks[c]!;
      const first = this.chunkFirst[c]!;
      const end = this.chunkFirst[c + 1] ?? this.sealed;
      const lower = text.toLowerCase();
      if (lower.length !== text.length) {
        for (let i = first; i < end && hits.length < limit; i++)
          if (this.at(i)!.toLowerCase().includes(needle)) hits.push(i);
        continue;
      }
      let line = first;
      for (let at = lower.indexOf(needle); at >= 0 && hits.length < limit;) {
        line = this.lineAtOffset(at, line, end);
        hits.push(line);
        if (line + 1 >= end) break;
        at = lower.indexOf(needle, this.starts[line + 1]!);
      }
    }
    for (let j = this.openStart; j < this.open.length && hits.length < limit; j++)
      if (this.open[j]!.toLowerCase().includes(needle)) hits.push(this.sealed + j - this.openStart);
    return hits;
  }

  /** Joins open[openStart..to) (`chars` characters) into one flat chunk string and records where each line starts. */
  private seal(to: number, chars: number): void {
    const from = this.openStart;
    const n = to - from;
    if (this.sealed + n > this.starts.length) {
      let cap = this.starts.length * 2;
      while (cap < this.sealed + n) cap *= 2;
      const grown = new Int32Array(cap);
      grown.set(this.starts.subarray(0, this.sealed));
      this.starts = grown;
    }
    for (let j = from, at = 0; j < to; j++) {
      this.starts[this.sealed + j - from] = at;
      at += this.open[j]!.length + 1;
    }
    this.chunkFirst.push(this.sealed);
    // join copies into one flat string, so the strings the lines came in (and slices they hold
    // on to) can be freed; the empty last element gives the trailing '\n' without a cons string.
    const batch = this.open.slice(from, to);
    batch.push('');
    this.chunks.push(batch.join('\n'));
    this.sealed += n;
    this.openStart = to;
    this.openChars -= chars;
  }

  /** The chunk holding sealed line `i` (binary search over chunkFirst). */
  private chunkOf(i: number): number {
    let lo = 0;
    let hi = this.chunkFirst.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.chunkFirst[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The line of a sealed chunk (lines lo..end-1) that holds character offset `at`. */
  private lineAtOffset(at: number, lo: number, end: number): number {
    let hi = end - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Where sealed line `i` ends (before its '\n') inside chunk `c`. */
  private endOf(i: number, c: number): number {
    const nextFirst = this.chunkFirst[c + 1] ?? this.sealed;
    return (i + 1 < nextFirst ? this.starts[i + 1]! : this.chunks[c]!.length) - 1;
  }
}
