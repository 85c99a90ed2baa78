/**
 * A copy as pure data: what each item (a skill file, the draft, a config var) would become in the
 * target (added, replacing something else, or already the same), what only the target holds (left
 * as it is), and after the copy, what the zone kept of each. Nothing here talks to a zone.
 */
import type { Kept } from '../workflows';

export type ItemChange = 'add' | 'replace' | 'same';

export interface CopyItem {
  label: string;
  change: ItemChange;
  /** The target's text now (replace, same) and the text to send. */
  before: string | undefined;
  after: string;
  /** Masked on screen until revealed (config vars with secret-looking names). */
  secret?: boolean;
}

/** Each item of the source against the target's texts; the target's own items listed apart. */
export function planItems(
  source: Readonly<Record<string, string>>,
  target: Readonly<Record<string, string>> | undefined,
  secret: (label: string) => boolean = () => false,
): { items: CopyItem[]; onlyInTarget: string[] } {
  const t = target ?? {};
  const items = Object.keys(source)
    .sort()
    .map((label): CopyItem => {
      const before = Object.hasOwn(t, label) ? t[label] : undefined;
      const change: ItemChange = before === undefined ? 'add' : before === source[label] ? 'same' : 'replace';
      return { label, change, before, after: source[label]!, ...(secret(label) ? { secret: true } : {}) };
    });
  const onlyInTarget = Object.keys(t)
    .filter((l) => !Object.hasOwn(source, l))
    .sort();
  return { items, onlyInTarget };
}

/** Whether the copy would replace anything the target holds (then it asks first). */
export function replacesAnything(items: readonly CopyItem[]): boolean {
  return items.some((i) => i.change === 'replace');
}

export type ItemOutcome = 'kept' | 'differs' | 'unverified' | 'failed' | 'skipped';

export interface ItemReport {
  label: string;
  outcome: ItemOutcome;
  /** What the zone holds instead (differs), or why it failed. */
  detail?: string;
}

/** One item's report from "what did the zone keep" (shapes/kept.ts). */
export function reportOf(label: string, kept: Kept<string>): ItemReport {
  if (kept.said === 'same') return { label, outcome: 'kept' };
  if (kept.said === 'differs') return { label, outcome: 'differs', detail: kept.kept };
  return { label, outcome: 'unverified' };
}

export const OUTCOME_WORDS: Record<ItemOutcome, string> = {
  kept: 'kept as sent',
  differs: 'the zone keeps something else',
  unverified: 'sent; the zone does not show what it kept',
  failed: 'not copied',
  skipped: 'already the same',
};
