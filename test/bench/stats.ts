/** Order statistics for the benchmarks: each figure is a median (or percentile) with its spread beside it. */

/** The value at fraction `p` (0–1) of the sorted samples (nearest rank below). */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * p)]!;
}

export const median = (xs: readonly number[]): number => percentile(xs, 0.5);

/** "12.3 (10.1–15.0)": the median and the range, for the printed line. */
export function withSpread(xs: readonly number[], digits = 1): string {
  return `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
}
