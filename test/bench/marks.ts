/**
 * The moments a spawned process wrote with ZONEDECK_MARKS=1 (src-main/agent/marks.ts), and the
 * time between them: where a start's time goes, for the benches' breakdowns.
 */
import { median } from './stats';

/** name → epoch ms, from a process's stderr. */
export function parseMarks(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^zonedeck-mark (\S+) ([\d.]+)$/gm)) out[m[1]!] = Number(m[2]);
  return out;
}

/** Now on the epoch clock the marks use (the same clock in every process of this machine). */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** Each moment, in the order they came, with the ms since the one before: `[name, ms]`. */
export function steps(at: Record<string, number>): [string, number][] {
  const sorted = Object.entries(at).sort((a, b) => a[1] - b[1]);
  return sorted.slice(1).map(([name, t], i) => [name, t - sorted[i]![1]]);
}

/**
 * The median of each step over several rounds, in the order of the first round (a step missing
 * from a round is left out of that round only): "where the time goes".
 */
export function medianSteps(rounds: readonly [string, number][][]): [string, number][] {
  const names = [...new Set(rounds.flatMap((r) => r.map(([n]) => n)))];
  return names.map((n) => [n, median(rounds.flatMap((r) => r.filter(([m]) => m === n).map(([, ms]) => ms)))]);
}

/** "a 12 · b 3 · c 40" for a printed line. */
export const stepsText = (s: readonly [string, number][]): string =>
  s.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(' · ');
