/**
 * The host's own settings: close to tray and the global shortcut, in
 * <data folder>/desktop-settings.json. Read field by field: a broken file or one bad value falls
 * back to that value's default and the rest is kept. Its own module so it can move into a host
 * settings store (electron-store) without touching its callers.
 */
import { z } from 'zod';
import type { Logger } from '../agent/log';
import type { DesktopSettings } from '../contract/desktop';
import { SmallJsonFile } from './small-json-file';

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
  private readonly file: SmallJsonFile;
  private value: DesktopSettings;

  constructor(dataDir: string, log: Logger, platform: NodeJS.Platform = process.platform) {
    this.file = new SmallJsonFile(dataDir, 'desktop-settings.json', log);
    const raw = this.file.read();
    const saved = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const defaults = defaultSettings(platform);
    const closeToTray = fields.closeToTray.safeParse(saved.closeToTray);
    const shortcut = fields.shortcut.safeParse(saved.shortcut);
    this.value = {
      closeToTray: closeToTray.success ? closeToTray.data : defaults.closeToTray,
      shortcut: shortcut.success ? shortcut.data : defaults.shortcut,
    };
  }

  get(): DesktopSettings {
    return { ...this.value };
  }

  /** `patch` is checked by the caller (settingsPatch); resolves once it is on disk. */
  set(patch: Partial<DesktopSettings>): Promise<void> {
    this.value = { ...this.value, ...patch };
    return this.file.write(this.value);
  }
}
