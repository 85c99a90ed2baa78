/**
 * The agent's log: `<dataDir>/logs/zonedeck.log`, JSON lines, 5 MiB × 3 files, owner-only.
 *
 * Why our own ~400 lines rather than pino: pino's file rotation (pino-roll) runs as a transport
 * in a worker thread whose entry file pino resolves at run time, which electron-vite's bundle of
 * the main process does not carry without extra plugins; its redaction takes fixed paths, while
 * we need "any key that looks like a credential, at any depth" and masking inside message text.
 * What pino would add (speed at 100k lines/s) this app does not need: it logs events, not traffic.
 */
import path from 'node:path';
import { DEFAULT_LOG_LEVEL, type LogLevel } from './levels';
import { createLogger, type Logger } from './logger';
import { RotatingFile } from './rotating-file';

export { DEFAULT_LOG_LEVEL, isLogLevel, LOG_LEVELS, logLevelFromArgv, type LogLevel } from './levels';
export { createLogger, silentLogger, type LogFields, type Logger } from './logger';

export const LOG_FILE_NAME = 'zonedeck.log';

export function logDirOf(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

export interface FileLogger {
  log: Logger;
  /** The folder "Open log folder" shows. */
  dir: string;
  file: string;
  /** Writes what is queued now (tests; the exit handler does it too). */
  flush(): void;
  close(): void;
}

export function createFileLogger(o: {
  dataDir: string;
  level?: LogLevel;
  maxBytes?: number;
  keep?: number;
  /** Another file in the same folder (the command line's `cli.log`, so two processes never rotate one file). */
  fileName?: string;
}): FileLogger {
  const dir = logDirOf(o.dataDir);
  const file = path.join(dir, o.fileName ?? LOG_FILE_NAME);
  const level = o.level ?? DEFAULT_LOG_LEVEL;
  const out = new RotatingFile({
    file,
    ...(o.maxBytes ? { maxBytes: o.maxBytes } : {}),
    ...(o.keep ? { keep: o.keep } : {}),
    droppedLine: (n) =>
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'warn',
        component: 'log',
        msg: `${n} log lines were lost while the log file could not be written`,
      }),
  });
  return { log: createLogger({ level, sink: out }), dir, file, flush: () => out.flush(), close: () => out.close() };
}
