/**
 * Zone definitions shared as a file, so a team hands one file to a new colleague: names, addresses,
 * colours, CA file paths, protection and groups, never a secret (the registry holds none) and never a sandbox zone (its
 * loopback address is this machine's). Importing plans first (added, changed, conflicts, skipped)
 * and applies only what the person saw; an entry is validated with the registry's own rules.
 */
import { z } from 'zod';
import type { ZoneImportPlan, ZonesFile } from '../../contract/commands';
import { checkZoneColor } from '../../contract/zone-colors';
import { checkBaseUrl } from '../../contract/zone-url';
import { checkCaFile, checkGroup, checkName } from './validate';
import type { ZoneRecord } from './zone-types';
import { sharedPart } from '../../contract/dictionary/dictionary-edits';
import { readDictionary } from './dictionary-schema';

export const ZONES_FILE_FORMAT = 'zonedeck.zones';
/** A team's zone list is tens of entries; past this the file is not one. */
const MAX_ENTRIES = 500;

const entrySchema = z
  .object({
    name: z.string().max(200),
    baseUrl: z.string().max(2048),
    color: z.string().max(32).optional(),
    caFile: z.string().max(4096).optional(),
    // Only `true` protects; anything else is read as "not said", never as a reason to skip the zone.
    protected: z.unknown().optional(),
    // A group that is not a short name is dropped (the zone still comes in, in no group).
    group: z.unknown().optional(),
  })
  .passthrough(); // fields of a later version are ignored, not refused

const fileSchema = z.object({
  format: z.literal(ZONES_FILE_FORMAT),
  version: z.number().int().min(1),
  zones: z.array(z.unknown()).max(MAX_ENTRIES),
});

export function exportZones(zones: readonly ZoneRecord[], now = new Date()): ZonesFile {
  return {
    format: ZONES_FILE_FORMAT,
    version: 1,
    exportedAt: now.toISOString(),
    zones: zones
      .filter((z) => !z.sandbox)
      .map((z) => ({
        name: z.name,
        baseUrl: z.baseUrl,
        color: z.color,
        ...(z.caFile ? { caFile: z.caFile } : {}),
        ...(z.protected ? { protected: true } : {}),
        ...(z.group ? { group: z.group } : {}),
        ...dictionaryOf(z),
      })),
  };
}

/** The part of a zone's dictionary a team shares, when it has one. */
function dictionaryOf(z: ZoneRecord): { dictionary?: NonNullable<ZoneRecord['dictionary']> } {
  const shared = sharedPart(z.dictionary);
  return shared ? { dictionary: shared } : {};
}

function parseFile(text: string): unknown[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error('This file is not JSON, so it is not a Zonedeck zones file.');
  }
  const parsed = fileSchema.safeParse(doc);
  if (!parsed.success) {
    throw new Error(
      `This is not a Zonedeck zones file (it needs "format": "${ZONES_FILE_FORMAT}" and a list of at most ${MAX_ENTRIES} zones).`,
    );
  }
  return parsed.data.zones;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The CA path when it is usable here; else why not (a colleague's path may not exist on this machine). */
function caOn(path: string | undefined): { caFile?: string; note?: string } {
  if (!path) return {};
  try {
    return { caFile: checkCaFile(path) };
  } catch {
    return { note: `CA file ${path} is not usable on this computer: set it with “Edit address and certificate”.` };
  }
}

/** The file's group when it is a usable one; anything else reads as "no group said". */
function groupOf(raw: unknown): { group?: string } {
  if (typeof raw !== 'string') return {};
  try {
    const group = checkGroup(raw);
    return group ? { group } : {};
  } catch {
    return {};
  }
}

/** What importing `text` would do to `current`; throws an Error with a sentence for a file that is not one. */
export function planImport(current: readonly ZoneRecord[], text: string): ZoneImportPlan {
  const plan: ZoneImportPlan = { added: [], changed: [], conflicts: [], unchanged: [], skipped: [] };
  const seen = new Set<string>();
  /** Address → the name the file gave it first: two names for one address would half-apply. */
  const addresses = new Map<string, string>();
  parseFile(text).forEach((raw, i) => {
    const e = entrySchema.safeParse(raw);
    const label = e.success && e.data.name.trim() ? e.data.name.trim() : `entry ${i + 1}`;
    if (!e.success) return plan.skipped.push({ name: label, reason: 'needs a name and an address' });
    let name: string;
    try {
      name = checkName(e.data.name);
    } catch (err) {
      return plan.skipped.push({ name: label, reason: (err as Error).message });
    }
    const url = checkBaseUrl(e.data.baseUrl);
    if (!url.ok) return plan.skipped.push({ name, reason: url.reason });
    if ([...seen].some((s) => sameName(s, name)))
      return plan.skipped.push({ name, reason: 'listed twice in the file' });
    seen.add(name);
    const twin = addresses.get(url.url);
    if (twin) return plan.skipped.push({ name, reason: `its address is also listed in the file as ${twin}` });
    addresses.set(url.url, name);
    const color = e.data.color && checkZoneColor(e.data.color).ok ? e.data.color.toLowerCase() : undefined;
    const ca = caOn(e.data.caFile);
    const mine = current.find((z) => sameName(z.name, name));
    const urlOwner = current.find((z) => z.baseUrl === url.url && z !== mine);
    if (urlOwner) return plan.skipped.push({ name, reason: `its address is already used by ${urlOwner.name}` });
    const guard = e.data.protected === true ? { protected: true } : {};
    const grouped = groupOf(e.data.group);
    // A dictionary that does not read is left out; the zone still comes in.
    const words = sharedPart(readDictionary(e.data.dictionary));
    const entry = {
      name,
      baseUrl: url.url,
      ...(color ? { color } : {}),
      ...ca,
      ...guard,
      ...grouped,
      ...(words ? { dictionary: words } : {}),
    };
    if (!mine) return plan.added.push(entry);
    if (mine.sandbox) return plan.skipped.push({ name, reason: 'a local sandbox zone has that name' });
    if (mine.baseUrl !== url.url) return plan.conflicts.push({ ...entry, id: mine.id, currentBaseUrl: mine.baseUrl });
    const differs =
      (color && color !== mine.color) ||
      (ca.caFile && ca.caFile !== mine.caFile) ||
      (guard.protected && !mine.protected) ||
      (grouped.group && grouped.group !== mine.group) ||
      (words && JSON.stringify(sharedPart(mine.dictionary)) !== JSON.stringify(words));
    if (differs) return plan.changed.push({ ...entry, id: mine.id });
    plan.unchanged.push(name);
  });
  return plan;
}

/**
 * How the import changes zones: the zone commands' own add and update, so a moved address signs
 * out as it would by hand; and remove, to take back what an import that failed half-way added.
 */
export interface ZoneWriter {
  add(entry: {
    name: string;
    baseUrl: string;
    color?: string;
    caFile?: string;
    protected?: boolean;
    group?: string;
  }): Promise<unknown>;
  update(
    id: string,
    patch: { baseUrl: string; color?: string; caFile?: string; protected?: boolean; group?: string | null },
  ): Promise<unknown>;
  /** Adds the file's chosen and learned fields to the zone's dictionary. */
  dictionary?(id: string, dictionary: NonNullable<ZoneRecord['dictionary']>): Promise<unknown>;
  /** Removes a zone this import added (returns its id from `add`). */
  remove?(id: string): Promise<unknown>;
}

/**
 * Applies the plan: added and changed entries, and the conflicts the person chose to take from the
 * file. All or nothing: when one write fails, the zones added so far are removed and the changed
 * ones put back as they were (`before`), and the failure says so.
 */
export async function applyImport(
  plan: ZoneImportPlan,
  take: readonly string[],
  write: ZoneWriter,
  before: readonly ZoneRecord[] = [],
): Promise<string[]> {
  const done: string[] = [];
  const undo: (() => Promise<unknown>)[] = [];
  // Dictionaries are merged once every zone is in: checked already, they are all that is left.
  const words: [string, NonNullable<ZoneRecord['dictionary']>][] = [];
  try {
    for (const { note: _note, dictionary, ...entry } of plan.added) {
      const added = await write.add(entry);
      const id = (added as { id?: unknown } | null)?.id;
      if (write.remove && typeof id === 'string') undo.push(() => write.remove!(id));
      if (dictionary && typeof id === 'string') words.push([id, dictionary]);
      done.push(entry.name);
    }
    for (const c of [...plan.changed, ...plan.conflicts.filter((c) => take.includes(c.name))]) {
      await write.update(c.id, {
        baseUrl: c.baseUrl,
        ...(c.color ? { color: c.color } : {}),
        ...(c.caFile ? { caFile: c.caFile } : {}),
        ...(c.protected ? { protected: true } : {}),
        ...(c.group ? { group: c.group } : {}),
      });
      const was = before.find((z) => z.id === c.id);
      if (was) undo.push(() => write.update(c.id, restorePatch(was)));
      if (c.dictionary) words.push([c.id, c.dictionary]);
      done.push(c.name);
    }
    for (const [id, d] of words) await write.dictionary?.(id, d);
  } catch (err) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`The import was not applied (${why}); the zones are as they were before it.`, { cause: err });
  }
  return done;
}

/** A zone's importable settings as they were, to put back. */
function restorePatch(z: ZoneRecord): Parameters<ZoneWriter['update']>[1] {
  return {
    baseUrl: z.baseUrl,
    ...(z.color ? { color: z.color } : {}),
    ...(z.caFile ? { caFile: z.caFile } : {}),
    protected: !!z.protected,
    group: z.group ?? null,
  };
}
