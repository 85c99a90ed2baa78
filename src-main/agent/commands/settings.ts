/** settings.get and settings.update: the app's own settings (theme, list refresh, download folder, log level). */
import { settingsPatch } from '../settings/app-settings';
import { command, empty } from './define';

export const settingsGet = command<'settings.get'>(empty, async (_i, ctx) => ctx.settings.get());

export const settingsUpdate = command<'settings.update'>(settingsPatch, async (patch, ctx) => {
  // Where sign-ins are kept changes first, so the setting never says a file the store does not use.
  if (patch.secretStorage !== undefined) await ctx.secrets.useFile?.(patch.secretStorage === 'file');
  return ctx.settings.update(patch);
});
