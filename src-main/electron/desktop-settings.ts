/**
 * The host's own settings: close to tray and the global shortcut, in
 * <data folder>/desktop-settings.json through the host's electron-store (host-store.ts). Read field
 * by field: a broken file or one bad value falls back to that value's default and the rest is kept.
 */
import type Store from 'electron-store';
import { z } from 'zod';
import type { Logger } from '../agent/log';
import type { DesktopSettings } from '../contract/desktop';
import { hostStore } from './host-store';

export const DEFAULT_SHORTCUT = 'CommandOrControl+Shift+K';

/** Trays are unreliable on Linux desktops (no StatusNotifier host on GNOME): hiding there could lose the app. */
export function defaultSettings(platform: NodeJS.Platform = process.platform): DesktopSettings {
  return { closeToTray: platform !== 'linux', shortcut: DEFAULT_SHORTCUT };
}

/** An Electron accelerator's shape: modifiers and one key joined by '+'; Electron has the last word on register. */
export const accelerator = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9]+(\+([A-Za-z0-9]+|[-=[\];',./`\\]|Plus|Space))*$/, 'Not a keyboard shortcut')
  .refine((s) => s.includes('+'), 'A global shortcut needs a modifier (Ctrl, Alt, Shift, Cmd)');

const fields = {
  closeToTray: z.boolean(),
  shortcut: accelerator.nullable(),
};

export const settingsPatch = z
  .object({ closeToTray: fields.closeToTray, shortcut: fields.shortcut })
  .partial()
  .strict();

export class DesktopSettingsStore {
  private readonly store: Store<Record<string, unknown>>;
  private value: DesktopSettings;

  constructor(dataDir: string, log: Logger, platform: NodeJS.Platform = process.platform) {
    this.store = hostStore({ name: 'desktop-settings', cwd: dataDir });
    const saved = this.store.store;
    const defaults = defaultSettings(platform);
    const closeToTray = fields.closeToTray.safeParse(saved.closeToTray);
    const shortcut = fields.shortcut.safeParse(saved.shortcut);
    if (saved.closeToTray !== undefined && !closeToTray.success)
      log.warn('desktop settings: closeToTray is not true or false; using the default');
    if (saved.shortcut !== undefined && !shortcut.success)
      log.warn('desktop settings: the saved shortcut is not a shortcut; using the default');
    this.value = {
      closeToTray: closeToTray.success ? closeToTray.data : defaults.closeToTray,
      shortcut: shortcut.success ? shortcut.data : defaults.shortcut,
    };
  }

  get(): DesktopSettings {
    return { ...this.value };
  }

  /** `patch` is checked by the caller (settingsPatch); resolves once it is on disk (conf writes synchronously). */
  set(patch: Partial<DesktopSettings>): Promise<void> {
    this.value = { ...this.value, ...patch };
    try {
      this.store.store = { ...this.value };
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }
}
