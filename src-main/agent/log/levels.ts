/** The four log levels and `--log-level` as both hosts read it (the browser host via parseArgs, Electron from raw argv). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

export function isLogLevel(v: unknown): v is LogLevel {
  return typeof v === 'string' && (LOG_LEVELS as readonly string[]).includes(v);
}

/** Lower is more severe: a line is written when its rank is at most the logger's. */
export function levelRank(level: LogLevel): number {
  return LOG_LEVELS.indexOf(level);
}

/**
 * `--log-level debug` or `--log-level=debug` anywhere in argv (Electron's argv also carries
 * Chromium switches, so no strict parser there). Absent: the default. Present but not a level:
 * an Error naming the choices, so a typo is not silently ignored.
 */
export function logLevelFromArgv(argv: readonly string[]): LogLevel {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--log-level') value = argv[i + 1] ?? '';
    else if (arg.startsWith('--log-level=')) value = arg.slice('--log-level='.length);
  });
  if (value === undefined) return DEFAULT_LOG_LEVEL;
  const level = value.toLowerCase();
  if (!isLogLevel(level)) throw new Error(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not “${value}”.`);
  return level;
}
