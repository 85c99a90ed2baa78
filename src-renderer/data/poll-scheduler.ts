/**
 * The one polling loop of the renderer. Watched resources that poll fall due at their own
 * interval; a single timer wakes at the earliest due time and reads what is due — but nothing
 * while the window is hidden or for a zone that is not signed in. When the window shows again or a
 * zone signs in, what fell due meanwhile is read at once.
 */
export interface PollGate {
  /** The window (or tab) is hidden: no zone is polled. */
  hidden(): boolean;
  /** Calls `fn` whenever visibility changes; returns the unsubscribe function. */
  onVisibilityChange(fn: () => void): () => void;
}

export interface Pollable {
  /** Epoch ms when this one should be read next, or null when it does not poll now. */
  dueAt(): number | null;
  /** May be read now (its zone is signed in, nobody already reads it). */
  ready(): boolean;
  poll(): void;
}

/** A gate from the page's own visibility; a gate that never hides where there is no document. */
export function documentGate(): PollGate {
  if (typeof document === 'undefined') return { hidden: () => false, onVisibilityChange: () => () => {} };
  return {
    hidden: () => document.visibilityState === 'hidden',
    onVisibilityChange(fn) {
      document.addEventListener('visibilitychange', fn);
      return () => document.removeEventListener('visibilitychange', fn);
    },
  };
}

export class PollScheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wakeAt = Infinity;

  constructor(
    private readonly items: () => Iterable<Pollable>,
    private readonly gate: PollGate,
    private readonly now: () => number = () => Date.now(),
  ) {
    gate.onVisibilityChange(() => this.kick());
  }

  /** Look again now (something was watched, read, invalidated, or a zone signed in). */
  kick(): void {
    this.arm(this.now());
  }

  private arm(at: number): void {
    if (this.timer && at >= this.wakeAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at;
    this.timer = setTimeout(() => this.tick(), Math.max(0, at - this.now()));
  }

  private tick(): void {
    this.timer = null;
    this.wakeAt = Infinity;
    if (this.gate.hidden()) return; // woken again by the visibility change
    const now = this.now();
    let next = Infinity;
    for (const item of this.items()) {
      const due = item.dueAt();
      if (due === null) continue;
      if (due <= now) {
        if (item.ready()) item.poll();
      } else next = Math.min(next, due);
    }
    if (next < Infinity) this.arm(next);
  }
}
