/**
 * One background loop per rollout, as the engine runs them: started by a kick, stopped and waited
 * for by a halt. A kick while the loop still runs asks for one more run once it ends: the loop may
 * be past its last look at its targets (saving "waiting for approval" as the approval came), and a
 * kick dropped then left an approved zone under way for ever.
 */
export class RolloutLoops {
  private readonly loops = new Map<string, Promise<void>>();
  private readonly stops = new Map<string, AbortController>();
  private readonly again = new Set<string>();

  constructor(private readonly onError: (id: string, err: unknown) => void) {}

  /** Runs `run` for `id` unless its loop runs; then once more after it, if `stillWanted()` then. */
  kick(id: string, run: (stop: AbortSignal) => Promise<void>, stillWanted: () => boolean): void {
    if (this.loops.has(id)) {
      this.again.add(id);
      return;
    }
    const stop = new AbortController();
    this.stops.set(id, stop);
    const loop = run(stop.signal)
      .catch((err: unknown) => this.onError(id, err))
      .finally(() => {
        this.loops.delete(id);
        this.stops.delete(id);
        if (this.again.delete(id) && stillWanted()) this.kick(id, run, stillWanted);
      });
    this.loops.set(id, loop);
  }

  /** Stops the loop of `id` and waits for it; a run asked for meanwhile is dropped. */
  async halt(id: string): Promise<void> {
    this.again.delete(id);
    this.stops.get(id)?.abort();
    await this.loops.get(id)?.catch(() => {});
  }
}
