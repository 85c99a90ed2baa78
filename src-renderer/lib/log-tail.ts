/**
 * Which of a container's polled tail lines are new to a log view. The spec fixes no line format
 * and no way to read only new lines, so a new tail is matched against the previous one by their
 * overlap, never by what a line looks like: any zone's format works, numbered or not.
 */

/** Shown where lines may have been missed: the new tail shared no line with the previous one. */
export const LOG_GAP_MARKER = '… lines may be missing …';

/**
 * The length of the longest suffix of `prev` that is also a prefix of `next`. The longest, so a
 * line repeated legitimately (the same "retrying" three times) is not taken for a new one: when
 * a repeat makes the match ambiguous, showing a line too few beats showing a screen twice.
 */
export function logTailOverlap(prev: readonly string[], next: readonly string[]): number {
  for (let k = Math.min(prev.length, next.length); k > 0; k--) {
    const from = prev.length - k;
    let i = 0;
    while (i < k && prev[from + i] === next[i]) i++;
    if (i === k) return k;
  }
  return 0;
}

/**
 * A follower for one log view: given each tail as it is read, returns the lines to append. The
 * first tail is shown whole; afterwards only what follows the overlap, and a tail that overlaps
 * nothing (the log moved further than a tail between two reads) comes after LOG_GAP_MARKER.
 * An empty tail (a log that was cleared) starts afresh without a marker.
 */
export function followLogTail(): (tail: readonly string[]) => string[] {
  let prev: readonly string[] = [];
  return (tail) => {
    const before = prev;
    prev = tail;
    if (before.length === 0) return [...tail];
    if (tail.length === 0) return [];
    const k = logTailOverlap(before, tail);
    return k > 0 ? tail.slice(k) : [LOG_GAP_MARKER, ...tail];
  };
}
