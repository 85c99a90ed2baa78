import { PackedLines } from './packed-lines';

/**
 * Log lines outside Vue's reactivity (a million proxied strings would be slow), packed into
 * chunk strings (packed-lines.ts) so a million lines cost little more than their text, with a
 * version counter the view watches. Packing runs after an append, in tasks of PACK_SLICE_MS, so
 * a large append is on screen first and the main thread is never held long. Search returns line indexes; wrap layout is computed from the
 * monospace column count as prefix sums of visual rows, rebuilt only when needed.
 */
/** Packing work per task: short enough to keep scrolling and typing smooth meanwhile. */
const PACK_SLICE_MS = 8;

export class LogBuffer {
  private lines = new PackedLines();
  private packTimer: ReturnType<typeof setTimeout> | undefined;
  private partial = '';
  private rowsCols = 0;
  private rowStarts: Int32Array | null = null;

  /** Appends text that may end mid-line; returns how many whole lines were added. */
  appendText(text: string): number {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    return this.appendLines(parts);
  }

  appendLines(lines: readonly string[]): number {
    this.lines.pushAll(lines);
    this.rowStarts = null;
    this.schedulePack();
    return lines.length;
  }

  /** Whether appended lines still wait to be packed (the 1M-line bench measures the heap after). */
  get packing(): boolean {
    return this.packTimer !== undefined;
  }

  private schedulePack(): void {
    if (this.packTimer !== undefined || !this.lines.unpacked) return;
    const step = () => {
      this.packTimer = this.lines.pack(PACK_SLICE_MS) ? setTimeout(step, 0) : undefined;
    };
    this.packTimer = setTimeout(step, 0);
  }

  clear(): void {
    this.lines.clear();
    this.partial = '';
    this.rowStarts = null;
  }

  get length(): number {
    return this.lines.length;
  }

  /** Line `i`, materialised as a string (only the lines in view and copies ask). */
  line(i: number): string | undefined {
    return this.lines.at(i);
  }

  /** Lines from..to-1. */
  slice(from: number, to?: number): string[] {
    return this.lines.slice(from, to);
  }

  /** rowStarts[i] = first visual row of line i when wrapped at `cols`; rowStarts[n] = total rows. */
  wrapRows(cols: number): Int32Array {
    const n = this.lines.length;
    if (this.rowStarts && this.rowsCols === cols && this.rowStarts.length === n + 1) return this.rowStarts;
    const out = new Int32Array(n + 1);
    let acc = 0;
    for (let i = 0; i < n; i++) {
      out[i] = acc;
      acc += Math.max(1, Math.ceil(this.lines.lengthOf(i) / cols));
    }
    out[n] = acc;
    this.rowStarts = out;
    this.rowsCols = cols;
    return out;
  }

  /** Indexes of lines containing `q` (case-insensitive), at most `limit`. */
  search(q: string, limit = 100_000): number[] {
    return this.lines.search(q, limit);
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
