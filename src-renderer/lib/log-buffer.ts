/**
 * Log lines in a plain array outside Vue's reactivity (a million proxied strings would be slow),
 * with a version counter the view watches. Search returns line indexes; wrap layout is computed
 * from the monospace column count as prefix sums of visual rows, rebuilt only when needed.
 */
export class LogBuffer {
  lines: string[] = [];
  private partial = '';
  private rowsCols = 0;
  private rowStarts: Int32Array | null = null;

  /** Appends text that may end mid-line; returns how many whole lines were added. */
  appendText(text: string): number {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    return this.appendLines(parts);
  }

  appendLines(lines: string[]): number {
    // push(...lines) overflows the stack past ~100k arguments: push in slices.
    for (let i = 0; i < lines.length; i += 10_000) this.lines.push(...lines.slice(i, i + 10_000));
    this.rowStarts = null;
    return lines.length;
  }

  clear(): void {
    this.lines = [];
    this.partial = '';
    this.rowStarts = null;
  }

  get length(): number {
    return this.lines.length;
  }

  /** rowStarts[i] = first visual row of line i when wrapped at `cols`; rowStarts[n] = total rows. */
  wrapRows(cols: number): Int32Array {
    if (this.rowStarts && this.rowsCols === cols && this.rowStarts.length === this.lines.length + 1)
      return this.rowStarts;
    const out = new Int32Array(this.lines.length + 1);
    let acc = 0;
    for (let i = 0; i < this.lines.length; i++) {
      out[i] = acc;
      acc += Math.max(1, Math.ceil(this.lines[i]!.length / cols));
    }
    out[this.lines.length] = acc;
    this.rowStarts = out;
    this.rowsCols = cols;
    return out;
  }

  /** Indexes of lines containing `q` (case-insensitive), at most `limit`. */
  search(q: string, limit = 100_000): number[] {
    const needle = q.toLowerCase();
    const hits: number[] = [];
    if (!needle) return hits;
    for (let i = 0; i < this.lines.length && hits.length < limit; i++)
      if (this.lines[i]!.toLowerCase().includes(needle)) hits.push(i);
    return hits;
  }
}

/** The line index whose wrapped rows contain visual row `row` (binary search over rowStarts). */
export function lineAtRow(rowStarts: Int32Array, row: number): number {
  let lo = 0;
  let hi = rowStarts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rowStarts[mid]! <= row) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}
