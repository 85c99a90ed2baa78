/**
 * Which of a container's tail lines are new to a log view: the host numbers each line, so a line
 * is new when its number is above the highest one shown; lines without a number are kept as they come.
 */

/** "<time> <stream> <number> <message>": the number orders lines. */
export function logLineNumber(line: string): number | undefined {
  const m = /^\S+ \S+ (\d+) /.exec(line);
  return m ? Number(m[1]) : undefined;
}

/** The lines of `tail` not shown yet, and the highest line number shown after appending them. */
export function freshLogLines(tail: readonly string[], lastNum: number): { fresh: string[]; lastNum: number } {
  const fresh = tail.filter((l) => {
    const n = logLineNumber(l);
    return n === undefined || n > lastNum;
  });
  let last = lastNum;
  for (const l of fresh) last = Math.max(last, logLineNumber(l) ?? last);
  return { fresh, lastNum: last };
}
