/**
 * A short line diff of two specs (pretty JSON, keys sorted), for a rollout's preview: the lines
 * only the target holds (`- `) and those the source version brings (`+ `), in order. Bounded: a
 * large spec is compared in its first lines only, and the answer says so.
 */
import { canonSpec } from './workflow-facts';

const MAX_LINES = 400;
const MAX_OUT = 120;

function linesOf(spec: unknown): string[] {
  if (spec === undefined) return [];
  const canon = canonSpec(spec);
  let text = canon;
  try {
    text = JSON.stringify(JSON.parse(canon), undefined, 2);
  } catch {
    // A spec the zone keeps as plain text is compared as it is.
  }
  return text.split('\n');
}

export function lineDiff(before: unknown, after: unknown): string[] {
  const a = linesOf(before).slice(0, MAX_LINES);
  const b = linesOf(after).slice(0, MAX_LINES);
  // Longest common subsequence, table from the end.
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while ((i < a.length || j < b.length) && out.length < MAX_OUT) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! > lcs[i + 1]![j]!)) out.push(`+ ${b[j++]}`);
    else out.push(`- ${a[i++]}`);
  }
  if (out.length >= MAX_OUT) out.push('… (more lines differ)');
  return out;
}
