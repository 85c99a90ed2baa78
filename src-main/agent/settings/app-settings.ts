/**
 * The app's settings in <data folder>/settings.json. Read field by field: a missing or broken
 * file, or one bad value, falls back to that value's default and the rest is kept (logged, never
 * a crash at start). Written atomically, 0600; writes are queued so the newest is the one on disk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type AppSettings,
  DEFAULT_SETTINGS,
  LIST_REFRESH_RANGE,
  NOTICE_KINDS,
  NOTIFICATION_BOUNDS,
  type NoticeKind,
  type NotificationSwitches,
  SECRET_STORAGES,
} from '../../contract/settings';
import { PROTO_KEYS } from '../../contract/zone-words';
import { writeFileAtomic } from '../files/atomic-write';
import { LOG_LEVELS } from '../log';
import type { Logger } from '../log';
import { SETTINGS_FILE } from './saved-choice';

export { SETTINGS_FILE };

/** An absolute path on any OS, no NUL or line break; the agent checks the folder when it writes there. */
const absoluteFolder = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'Must be an absolute path')
  .refine((s) => !/[\0\r\n]/.test(s), 'Must not hold control characters');

/** A zone's id as the registry keeps it: short, no control characters, never a prototype's name. */
const zoneKey = z
  .string()
  .min(1)
  .max(NOTIFICATION_BOUNDS.zoneId)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((s) => !/[\0-\x1f\x7f]/.test(s), 'Must not hold control characters')
  .refine((s) => !PROTO_KEYS.has(s), 'Must not be a name an object answers to (__proto__, constructor, prototype)');

/** A map keyed by a page's or a file's zone ids: no prototype, so no key can reach one. */
const switchesMap = (): NotificationSwitches => Object.create(null) as NotificationSwitches;

/** Per zone id, the kinds turned on: each kind at most once, at most 500 zones. */
const notificationSwitches = z
  .record(zoneKey, z.array(z.enum(NOTICE_KINDS as [NoticeKind, ...NoticeKind[]])).max(NOTICE_KINDS.length))
  .refine((r) => Object.keys(r).length <= NOTIFICATION_BOUNDS.zones, 'Too many zones')
  .refine((r) => Object.values(r).every((k) => new Set(k).size === k.length), 'A kind is named twice')
  .transform((r): NotificationSwitches => {
    // A zone with nothing on is the same as a zone not named: kept out of the file.
    const out = switchesMap();
    for (const [zone, kinds] of Object.entries(r)) if (kinds.length) out[zone] = kinds;
    return out;
  });

/**
 * The switches in a file, entry by entry: a zone whose id or list does not pass is dropped, an
 * unknown kind (a later version's) is dropped from its zone's list, the rest is kept.
 */
export function readNotifications(raw: unknown): { value: NotificationSwitches; bad: boolean } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { value: switchesMap(), bad: true };
  const value = switchesMap();
  let bad = false;
  for (const [zone, kinds] of Object.entries(raw as Record<string, unknown>)) {
    if (Object.keys(value).length >= NOTIFICATION_BOUNDS.zones || !zoneKey.safeParse(zone).success) {
      bad = true;
      continue;
    }
    if (!Array.isArray(kinds)) {
      bad = true;
      continue;
    }
    const known = NOTICE_KINDS.filter((k) => kinds.includes(k));
    if (known.length !== kinds.length) bad = true;
    if (known.length) value[zone] = known;
  }
  return { value, bad };
}

export const settingFields = {
  theme: z.enum(['os', 'light', 'dark']),
  listRefreshSeconds: z.number().int().min(LIST_REFRESH_RANGE.min).max(LIST_REFRESH_RANGE.max),
  downloadFolder: absoluteFolder.nullable(),
  logLevel: z.enum(LOG_LEVELS),
  notifications: notificationSwitches,
  secretStorage: z.enum(SECRET_STORAGES),
};

export const settingsPatch = z.object(settingFields).partial().strict();

/** The settings in `raw` (a parsed file), each field that does not pass taken from the defaults. */
export function readSettings(raw: unknown): { settings: AppSettings; dropped: string[] } {
  const saved = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const dropped: string[] = [];
  for (const [key, schema] of Object.entries(settingFields)) {
    if (!(key in saved)) continue;
    if (key === 'notifications') {
      const n = readNotifications(saved[key]);
      settings[key] = n.value;
      if (n.bad) dropped.push(key);
      continue;
    }
    const r = schema.safeParse(saved[key]);
    if (r.success) settings[key] = r.data;
    else dropped.push(key);
  }
  return { settings: settings as unknown as AppSettings, dropped };
}

export class AppSettingsStore {
  readonly path: string;
  private value: AppSettings;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.path = join(dataDir, SETTINGS_FILE);
    const { settings, dropped } = readSettings(this.readFile());
    if (dropped.length) log.warn('settings kept their defaults for values that did not pass', { dropped });
    this.value = settings;
  }

  get(): AppSettings {
    return { ...this.value };
  }

  /** `patch` is checked by the caller (settingsPatch); resolves with the new settings once on disk. */
  async update(patch: Partial<AppSettings>): Promise<AppSettings> {
    this.value = { ...this.value, ...patch };
    const text = `${JSON.stringify(this.value, null, 2)}\n`;
    this.queue = this.queue.then(async () => {
      await writeFileAtomic(this.path, text, { mode: 0o600, log: this.log });
    });
    await this.queue;
    return this.get();
  }

  private readFile(): unknown {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn('could not read settings', { err });
      return undefined;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not JSON: every default, and the file is rewritten on the next change.
      this.log.warn('settings file is not JSON; defaults are used');
      return undefined;
    }
  }
}
