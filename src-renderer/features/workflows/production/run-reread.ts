/**
 * "Read the record again", debounced: any stream event pokes it; reads start `delayMs` after the
 * first poke of a burst, at most one is in flight, and pokes during a read ask for exactly one more
 * after it. `now()` reads at once (the stream's end: the record decides whether the run is over).
 * Plain timers and a read function, so it is tested without a zone.
 */
export class Rereader {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly delayMs: number,
  ) {}

  /** Something happened: a read within `delayMs`, shared with every other poke until it starts. */
  poke(): void {
    if (this.stopped) return;
    if (this.inflight) {
      this.again = true;
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.now();
    }, this.delayMs);
  }

  /** Reads now: after the read in flight, if any, a fresh one (it may predate what just happened). */
  async now(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    if (this.inflight) {
      await this.inflight;
      return this.now();
    }
    this.inflight = this.read()
      .catch(() => undefined) // a failed read is the record view's to show; the stream goes on
      .finally(() => {
        this.inflight = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.poke();
        }
      });
    return this.inflight;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
  }
}
