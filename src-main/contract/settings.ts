/**
 * The app's own settings, kept by the agent in <data folder>/settings.json (settings.get and
 * settings.update). The Electron host's close-to-tray and shortcut are desktop.* (contract/desktop.ts).
 */

export type ThemeSetting = 'os' | 'light' | 'dark';
export type LogLevelSetting = 'error' | 'warn' | 'info' | 'debug';
/** Where sign-ins are kept: the OS keychain (memory when none answers), or a 0600 file the person chose. */
export const SECRET_STORAGES = ['keychain', 'file'] as const;
export type SecretStorageSetting = (typeof SECRET_STORAGES)[number];

/**
 * What a notification may be about, each switched on per zone: a run parked at an approval gate,
 * a run that finished or failed, a CI/CD deployment that failed, a zone that went down or came back.
 */
export type NoticeKind = 'gate' | 'run' | 'deploy' | 'health';
export const NOTICE_KINDS: readonly NoticeKind[] = ['gate', 'run', 'deploy', 'health'];

/** Per zone id, the kinds turned on; a zone not named, or a kind left out, is off. */
export type NotificationSwitches = Record<string, NoticeKind[]>;

/** Bounds on the switches a file or a page may hold. */
export const NOTIFICATION_BOUNDS = { zones: 500, zoneId: 200 } as const;

export interface AppSettings {
  /** Follow the OS, or always light or dark. */
  theme: ThemeSetting;
  /** How often long lists (containers, microVMs) are read again while shown, in seconds. */
  listRefreshSeconds: number;
  /** Where VPN profiles and other downloads go when no folder is picked; null: the system's Downloads. */
  downloadFolder: string | null;
  /** The agent's log level from the next start (`--log-level` on the command line wins). */
  logLevel: LogLevelSetting;
  /** Which notifications are on, per zone (all off until the person turns one on). */
  notifications: NotificationSwitches;
  /** 'file' only when the person chose it (no keychain on this machine): never chosen for them. */
  secretStorage: SecretStorageSetting;
}

export const DEFAULT_SETTINGS: AppSettings = {
  theme: 'os',
  listRefreshSeconds: 3,
  downloadFolder: null,
  logLevel: 'info',
  notifications: {},
  secretStorage: 'keychain',
};

export const LIST_REFRESH_RANGE = { min: 2, max: 300 } as const;

export interface SettingsCommands {
  'settings.get': { input: Record<string, never>; output: AppSettings };
  /** Only the fields given change; a value out of range is invalid_input with details.fields. */
  'settings.update': { input: Partial<AppSettings>; output: AppSettings };
}
