/**
 * The palette's matching, shared by the window's palette and `zonedeck grab`, so a query finds the
 * same things in both: every term must appear in the label; earlier and tighter matches rank first.
 */
export function rankByTerms<T>(items: readonly T[], labelOf: (item: T) => string, query: string, limit = 50): T[] {
  const terms = query
    .toLowerCase()
    .split(/[\s›>]+/)
    .filter(Boolean);
  if (terms.length === 0) return items.slice(0, limit);
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const label = labelOf(item).toLowerCase();
    let score = 0;
    let ok = true;
    for (const t of terms) {
      const at = label.indexOf(t);
      if (at < 0) {
        ok = false;
        break;
      }
      score += at + label.length / 100;
    }
    if (ok) scored.push({ item, score });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.item);
}
