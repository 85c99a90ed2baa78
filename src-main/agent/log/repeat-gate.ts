/**
 * Keeps a failure that repeats (a poll every 3 s to a zone that is down) from filling the log:
 * the first of a kind is written, the same kind again only after a quiet window, with a count
 * of how many were held back meanwhile.
 */
export class RepeatGate {
  private readonly last = new Map<string, { at: number; held: number }>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** undefined: hold this one back; a number: log it, saying how many were held since the last. */
  pass(kind: string): number | undefined {
    const t = this.now();
    const seen = this.last.get(kind);
    if (seen && t - seen.at < this.windowMs) {
      seen.held++;
      return undefined;
    }
    if (this.last.size > 500) this.last.clear(); // kinds are route × code: never many, but bounded
    this.last.set(kind, { at: t, held: 0 });
    return seen?.held ?? 0;
  }
}
