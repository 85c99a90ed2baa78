/**
 * Lines the window writes to the agent's log (`app.log`): its uncaught errors and the failures its
 * catches report. The window is the less trusted side, so what it may write is bounded: each
 * connection has a budget of lines per minute, the same line again within a minute is held back
 * and counted (a render loop that throws on every frame is one line), and the logger redacts and
 * cuts every string as it does for the agent's own lines.
 */
import type { RendererLogEntry } from '../../contract/commands';
import type { Logger } from './logger';
import { RepeatGate } from './repeat-gate';

/** Lines one window may write per minute; past it one warning says how many were dropped. */
export const RENDERER_LINES_PER_MINUTE = 60;

interface Budget {
  windowStart: number;
  used: number;
  dropped: number;
}

export class RendererLog {
  private readonly budgets = new Map<string, Budget>();
  private readonly repeats: RepeatGate;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.repeats = new RepeatGate(60_000, now);
  }

  write(conn: string, e: RendererLogEntry): void {
    const t = this.now();
    let b = this.budgets.get(conn);
    if (!b || t - b.windowStart >= 60_000) {
      if (b?.dropped) this.log.warn('renderer log lines dropped', { conn, dropped: b.dropped });
      b = { windowStart: t, used: 0, dropped: 0 };
      this.budgets.set(conn, b);
    }
    const held = this.repeats.pass(`${conn}\n${e.source}\n${e.message}`);
    if (held === undefined) return;
    if (b.used >= RENDERER_LINES_PER_MINUTE) {
      b.dropped++;
      return;
    }
    b.used++;
    const fields = {
      conn,
      source: e.source,
      ...(e.stack ? { stack: e.stack } : {}),
      ...(e.context ? { context: e.context } : {}),
      ...(held ? { repeated: held } : {}),
    };
    this.log[e.level](e.message, fields);
  }

  /** The window went away. */
  forget(conn: string): void {
    this.budgets.delete(conn);
  }
}
