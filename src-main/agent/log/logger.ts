/**
 * The structured logger: one JSON line per entry (time, level, component, msg, fields), level
 * filtered, every field and message passed through redact.ts before it reaches the sink.
 * Call sites pass whatever context they have; the logger, not the call site, keeps secrets out.
 */
import { type LogLevel, levelRank } from './levels';
import { LIMITS, maskText, sanitizeEntries } from './redact';

export type LogFields = Record<string, unknown>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  /** The same sink under another component name, with fields added to every line. */
  child(component: string, fields?: LogFields): Logger;
  readonly level: LogLevel;
}

/** Where finished lines go: the rotating file, or an array in tests. */
export interface LogSink {
  write(line: string): void;
}

export interface LoggerOptions {
  level: LogLevel;
  sink: LogSink;
  component?: string;
  now?: () => Date;
}

/** Keys every line has; a field of the same name is kept as `_name`. */
const RESERVED = new Set(['time', 'level', 'component', 'msg']);
/** A line longer than this is cut to its head fields (a hostile reply must not fill the disk). */
const MAX_LINE = 16 * 1024;

export function createLogger(o: LoggerOptions, bound: LogFields = {}): Logger {
  const component = o.component ?? 'agent';
  const rank = levelRank(o.level);
  const now = o.now ?? (() => new Date());
  const write = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (levelRank(level) > rank) return;
    try {
      const entries = Object.entries({ ...bound, ...fields }).map(([k, v]): [string, unknown] => [
        RESERVED.has(k) ? `_${k}` : k,
        v,
      ]);
      const head = { time: now().toISOString(), level, component, msg: maskText(String(msg), LIMITS.message) };
      let line = JSON.stringify({ ...head, ...sanitizeEntries(entries) });
      if (line.length > MAX_LINE)
        line = JSON.stringify({ ...head, truncated: `${line.length} chars of fields left out` });
      o.sink.write(line);
    } catch {
      // Logging must never break the caller; a value JSON cannot hold is simply not logged.
    }
  };
  return {
    level: o.level,
    error: (msg, fields) => write('error', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    debug: (msg, fields) => write('debug', msg, fields),
    child: (name, fields) => createLogger({ ...o, component: name }, { ...bound, ...fields }),
  };
}

/** A logger that writes nowhere: the agent's default when a host (or a test) gives none. */
export const silentLogger: Logger = createLogger({ level: 'error', sink: { write: () => undefined } });
