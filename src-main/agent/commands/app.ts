/** app.info: what the shell shows in its status bar and banners; app.openLogFolder: the log for a bug report. */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { logDirOf } from '../log';
import { z } from 'zod';
import type { RendererLogEntry } from '../../contract/commands';
import { command, empty } from './define';

/**
 * NODE_TLS_REJECT_UNAUTHORIZED=0 makes Node skip certificate checks on every connection of the
 * process, the zones' included. Zonedeck still starts (someone may need it for a moment), but
 * reports it in app.info so every window shows a warning that cannot be dismissed; a zone with
 * a private CA should name its CA file instead.
 */
export function tlsChecksOff(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_TLS_REJECT_UNAUTHORIZED === '0';
}

export const appInfo = command<'app.info'>(empty, async (_i, ctx) => ({
  version: ctx.options.version,
  host: ctx.options.host,
  platform: os.platform(),
  keychain: ctx.secrets.status(),
  sandboxRunning: ctx.sandbox.running(),
  dataDir: ctx.options.dataDir,
  tlsChecksOff: tlsChecksOff(),
}));

/**
 * Shows the log folder in the OS file manager through the host's opener (Electron's shell, or a
 * detached xdg-open/open/explorer in browser mode). The path comes back either way: where no
 * opener exists or it fails, the screen shows it with a copy button instead.
 */
export const appOpenLogFolder = command<'app.openLogFolder'>(empty, async (_i, ctx) => {
  const dir = logDirOf(ctx.options.dataDir);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    ctx.log.warn('could not create the log folder', { dir, err });
  }
  if (!ctx.options.openPath)
    return { path: dir, opened: false, reason: 'This window cannot open folders; copy the path instead.' };
  const failure = await ctx.options
    .openPath(dir)
    .catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
  if (failure) {
    ctx.log.warn('could not open the log folder', { dir, reason: failure });
    return { path: dir, opened: false, reason: failure };
  }
  ctx.log.debug('opened the log folder', { dir });
  return { path: dir, opened: true };
});

/** The deep link the host was handed, once: the window asks at start and whenever told one is waiting. */
export const appTakeLink = command<'app.takeLink'>(empty, async (_i, ctx) => ctx.links.take());

const entry = z
  .object({
    level: z.enum(['error', 'warn', 'info']),
    message: z.string().max(2000),
    source: z.string().min(1).max(100),
    stack: z.string().max(8000).optional(),
    context: z
      .record(z.string().max(100), z.string().max(500))
      .refine((c) => Object.keys(c).length <= 10, 'at most 10 keys')
      .optional(),
  })
  .strict() as z.ZodType<RendererLogEntry>;

/** A line from the window into zonedeck.log (its errors), within the window's budget (log/renderer-log.ts). */
export const appLog = command<'app.log'>(entry, async (input, ctx, conn) => {
  ctx.rendererLog.write(conn.id, input);
  return null;
});
