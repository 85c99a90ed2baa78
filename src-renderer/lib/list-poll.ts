/**
 * The renderer's half of list.poll: the copy of a list this page holds, brought up to date with
 * a poll's answer. A poll that changed nothing returns the very same array, so the screen has
 * nothing to compare or redraw.
 */
import type { ListPollResult } from '@contract/commands';
import type { Raw } from '@contract/tolerant';

export interface ListCopy {
  version: string;
  items: Raw[];
}

/** The updated copy, or undefined when the answer is a change to a copy this page does not hold. */
export function applyPoll(copy: ListCopy | undefined, res: ListPollResult): ListCopy | undefined {
  if ('items' in res) return { version: res.version, items: res.items };
  if (!copy || copy.version !== res.since) return undefined;
  if (res.changed.length === 0 && res.length === copy.items.length) return { version: res.version, items: copy.items };
  const items = copy.items.slice(0, res.length);
  for (const [i, raw] of res.changed) items[i] = raw;
  // Every position past the old end must have come in the change list.
  for (let i = copy.items.length; i < res.length; i++) if (items[i] === undefined) return undefined;
  return { version: res.version, items };
}
