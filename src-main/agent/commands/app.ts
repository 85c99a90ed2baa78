/** app.info: what the shell shows in its status bar and banners. */
import os from 'node:os';
import { command, empty } from './define';

export const appInfo = command<'app.info'>(empty, async (_i, ctx) => ({
  version: ctx.options.version,
  host: ctx.options.host,
  platform: os.platform(),
  keychain: ctx.secrets.status(),
  sandboxRunning: ctx.sandbox.running(),
  dataDir: ctx.options.dataDir,
}));
