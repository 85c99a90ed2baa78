/** "Did you mean …": the known names nearest to what was typed, for one-line not-found errors. */

/** Edit distance (insert, delete, substitute), case-insensitive. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[t.length]!;
}

/**
 * Up to `max` names: those containing what was typed (or contained in it) first, then those within
 * a third of its length in edits, nearest first.
 */
export function closestNames(typed: string, names: readonly string[], max = 3): string[] {
  const q = typed.toLowerCase();
  const limit = Math.max(2, Math.ceil(typed.length / 3));
  return [...new Set(names)]
    .map((name) => {
      const n = name.toLowerCase();
      const near = n.includes(q) || (n.length >= 3 && q.includes(n)) ? 0 : distance(typed, name);
      return { name, d: near };
    })
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((c) => c.name);
}

/** "There is no cluster “x” in eu-1. Closest: demo, dev." — or the names there are, when few. */
export function notFoundMessage(what: string, typed: string, names: readonly string[], where = ''): string {
  const near = closestNames(typed, names);
  const head = `There is no ${what} “${typed}”${where ? ` in ${where}` : ''}.`;
  if (near.length) return `${head} Closest: ${near.join(', ')}.`;
  if (names.length === 0) return `${head} There are none.`;
  if (names.length <= 8) return `${head} There are: ${names.join(', ')}.`;
  return head;
}
