/**
 * zones.json carries a schema `version`. Each migration turns version n into n+1; the registry runs
 * them in order on load and writes the result back. Add one here whenever the stored shape changes.
 */
import { ZONE_PALETTE } from '../../contract/zone-colors';

export const ZONES_VERSION = 6;

export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;

export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  /**
   * Version 1 (the first prototype) kept zones in an object keyed by id, with `url` and an
   * optional `colour`/`ca`, and no sandbox flag or creation time.
   */
  1: (old) => {
    const byId = isObject(old.zones) ? old.zones : {};
    const zones = Object.entries(byId).map(([id, z], i) => {
      const v = isObject(z) ? z : {};
      return {
        id,
        name: v.name,
        baseUrl: v.url,
        color: typeof v.colour === 'string' ? v.colour.toLowerCase() : ZONE_PALETTE[i % ZONE_PALETTE.length],
        ...(typeof v.ca === 'string' ? { caFile: v.ca } : {}),
        sandbox: false,
        createdAt: new Date(0).toISOString(),
      };
    });
    return { version: 2, zones };
  },
  /**
   * Version 3 adds `protected` (every change in the zone asks for its name). Zones stored before
   * it existed start unprotected; an entry that is not an object is kept as it was for the
   * registry to set aside.
   */
  2: (old) => {
    const list = Array.isArray(old.zones) ? (old.zones as unknown[]) : [];
    const zones = list.map((z) => (isObject(z) ? { ...z, protected: z.protected === true } : z));
    return { ...old, version: 3, zones };
  },
  /**
   * Version 4 adds an optional `group` (production, staging). Zones stored before it keep no
   * group: a stray `group` of a hand-edited file is dropped rather than trusted.
   */
  3: (old) => {
    const list = Array.isArray(old.zones) ? (old.zones as unknown[]) : [];
    const zones = list.map((z) => {
      if (!isObject(z)) return z;
      const { group: _dropped, ...rest } = z;
      return rest;
    });
    return { ...old, version: 4, zones };
  },
  /**
   * Version 5 adds `learnedWords` (names a zone's refusals taught the agent). The number moves so
   * an older Zonedeck, which would set such zones aside, reads the file without rewriting it.
   * Nothing was learned before: a stray list is dropped.
   */
  4: (old) => {
    const list = Array.isArray(old.zones) ? (old.zones as unknown[]) : [];
    const zones = list.map((z) => {
      if (!isObject(z)) return z;
      const { learnedWords: _dropped, ...rest } = z;
      return rest;
    });
    return { ...old, version: 5, zones };
  },
  /**
   * Version 6 adds `dictionary` (how the zone's records are read: contract/dictionary/). The number
   * moves so an older Zonedeck reads the file without rewriting it; a stray one is dropped.
   */
  5: (old) => {
    const list = Array.isArray(old.zones) ? (old.zones as unknown[]) : [];
    const zones = list.map((z) => {
      if (!isObject(z)) return z;
      const { dictionary: _dropped, ...rest } = z;
      return rest;
    });
    return { ...old, version: 6, zones };
  },
};

/** Runs every migration from the file's version up to ZONES_VERSION. A file without a version is version 1. */
export function migrate(
  raw: Record<string, unknown>,
  table: Readonly<Record<number, Migration>> = MIGRATIONS,
): Record<string, unknown> {
  let data = raw;
  let version = typeof data.version === 'number' ? data.version : 1;
  while (version < ZONES_VERSION) {
    const step = table[version];
    if (!step) throw new Error(`No migration from zones.json version ${version}`);
    data = step(data);
    version = typeof data.version === 'number' && data.version > version ? data.version : version + 1;
    data = { ...data, version };
  }
  return data;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
