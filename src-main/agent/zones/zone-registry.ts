/**
 * The list of zones the person has added, persisted as <dataDir>/zones.json (json-file.ts). Holds
 * names, addresses and colours only — tokens and client secrets live in the SecretStore, keyed
 * by the zone id, which never changes once given (a rename keeps it).
 */
import { copyFileSync, existsSync } from 'node:fs';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { type Migration, MIGRATIONS, migrate, ZONES_VERSION } from './migrations';
import { type JsonFile, openJsonFile } from './json-file';
import { nextZoneColor } from '../../contract/zone-colors';
import {
  checkCaFile,
  checkGroup,
  checkName,
  fromZodError,
  invalid,
  requireBaseUrl,
  requireColor,
  slugify,
} from './validate';
import type { Logger } from '../log';
import type { LearnedWord } from '../../contract/zone-words';
import type { ZoneDictionary } from '../../contract/dictionary/dictionary-types';
import { EMPTY_DICTIONARY } from '../../contract/dictionary/dictionary-edits';
import { chosenPart, readDictionary } from './dictionary-schema';
import {
  learnedWordSchema,
  MAX_LEARNED_WORDS,
  type ZoneAdd,
  zoneAddSchema,
  type ZonePatch,
  zonePatchSchema,
  type ZoneRecord,
  zoneRecordSchema,
} from './zone-types';

export interface ZoneRegistryOptions {
  dataDir: string;
  /** Replaces the built-in migrations (tests). */
  migrations?: Readonly<Record<number, Migration>>;
  log?: Logger;
}

type Listener = (zones: ZoneRecord[]) => void;

/** How long a burst of inferred dictionary entries may last before they are written at once. */
const COALESCE_MS = 400;

export class ZoneRegistry {
  private readonly conf: JsonFile;
  private zones: ZoneRecord[] = [];
  private readonly listeners = new Set<Listener>();
  /** Set when the file was written by a newer Zonedeck: we read it but never overwrite it. */
  private readOnlyReason: string | undefined;
  /** A write of inferred dictionary entries waiting for its burst to end (commitSoon). */
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly opts: ZoneRegistryOptions) {
    this.conf = openJsonFile(opts.dataDir, 'zones', opts.log);
    this.load();
  }

  /** Where the zones file lives (for the about box and support). */
  get path(): string {
    return this.conf.path;
  }

  list(): ZoneRecord[] {
    return this.zones.map((z) => ({ ...z }));
  }

  get(id: string): ZoneRecord | undefined {
    const z = this.zones.find((r) => r.id === id);
    return z ? { ...z } : undefined;
  }

  add(input: ZoneAdd): ZoneRecord {
    const parsed = zoneAddSchema.safeParse(input);
    if (!parsed.success) throw fromZodError(parsed.error);
    const v = parsed.data;
    const name = checkName(v.name);
    const baseUrl = requireBaseUrl(v.baseUrl);
    this.assertUrlFree(baseUrl);
    const group = v.group !== undefined ? checkGroup(v.group) : undefined;
    const record: ZoneRecord = {
      id: this.freeId(slugify(name)),
      name,
      baseUrl,
      color: v.color !== undefined ? requireColor(v.color) : nextZoneColor(this.zones.map((z) => z.color)),
      ...(v.caFile !== undefined ? { caFile: checkCaFile(v.caFile) } : {}),
      sandbox: v.sandbox ?? false,
      protected: v.protected ?? false,
      ...(group ? { group } : {}),
      createdAt: new Date().toISOString(),
    };
    this.commit([...this.zones, record]);
    return { ...record };
  }

  update(id: string, patch: ZonePatch): ZoneRecord {
    const current = this.require(id);
    const parsed = zonePatchSchema.safeParse(patch);
    if (!parsed.success) throw fromZodError(parsed.error);
    const p = parsed.data;
    // Validate everything before changing anything, so a bad field leaves the zone as it was.
    const next: ZoneRecord = { ...current };
    if (p.name !== undefined) next.name = checkName(p.name);
    if (p.color !== undefined) next.color = requireColor(p.color);
    if (p.baseUrl !== undefined) {
      next.baseUrl = requireBaseUrl(p.baseUrl);
      this.assertUrlFree(next.baseUrl, id);
      // What the old address taught is not the new one's words.
      if (next.baseUrl !== current.baseUrl) {
        delete next.learnedWords;
        // What a person chose holds at the new address until they change it; what was inferred or learned does not.
        const chosen = chosenPart(current.dictionary);
        if (chosen) next.dictionary = chosen;
        else delete next.dictionary;
      }
    }
    if (p.protected !== undefined) next.protected = p.protected;
    if (p.group !== undefined) {
      const group = p.group === null ? undefined : checkGroup(p.group);
      if (group) next.group = group;
      else delete next.group;
    }
    if (p.caFile === null) delete next.caFile;
    else if (p.caFile !== undefined) next.caFile = checkCaFile(p.caFile);
    this.commit(this.zones.map((z) => (z.id === id ? next : z)));
    return { ...next };
  }

  /**
   * Remembers names the zone asked for (one per role and place: a newer one replaces it). Skipped
   * when the zone is gone or was re-pointed since the call (`baseUrl` is the address it was sent to).
   */
  learnWords(id: string, baseUrl: string, taught: readonly LearnedWord[]): boolean {
    const current = this.zones.find((r) => r.id === id);
    // Only what the file will read back: one odd name must not cost the zone its whole list on load.
    const words = taught.filter((w) => learnedWordSchema.safeParse(w).success);
    if (!current || current.baseUrl !== baseUrl || this.readOnlyReason || !words.length) return false;
    // A name and a body encoding of the same role are two facts: one does not replace the other.
    const replaced = (w: LearnedWord) =>
      words.some((n) => n.role === w.role && n.place === w.place && !n.encoding === !w.encoding);
    const kept = (current.learnedWords ?? []).filter((w) => !replaced(w));
    const learnedWords = [...kept, ...words].slice(-MAX_LEARNED_WORDS);
    this.commit(this.zones.map((z) => (z.id === id ? { ...z, learnedWords } : z)));
    return true;
  }

  /** Forgets every name learned from the zone (the details' Forget button). */
  forgetWords(id: string): ZoneRecord {
    const current = this.require(id);
    if (!current.learnedWords) return { ...current };
    const { learnedWords: _gone, ...next } = current;
    this.commit(this.zones.map((z) => (z.id === id ? next : z)));
    return { ...next };
  }

  /**
   * Changes the zone's dictionary with `edit` (contract/dictionary/dictionary-edits.ts); undefined
   * from `edit` means no change and nothing is written. Skipped (undefined) when the zone is gone,
   * was re-pointed since the read (`baseUrl`), or the file is read-only.
   */
  editDictionary(
    id: string,
    edit: (d: ZoneDictionary) => ZoneDictionary | undefined,
    baseUrl?: string,
    opts: { soon?: boolean } = {},
  ): ZoneRecord | undefined {
    const current = this.require(id);
    if ((baseUrl !== undefined && current.baseUrl !== baseUrl) || this.readOnlyReason) return undefined;
    const changed = edit(current.dictionary ?? EMPTY_DICTIONARY);
    if (!changed) return undefined;
    const dictionary = readDictionary(changed);
    if (!dictionary) throw invalid('That is not a field Zonedeck can read.');
    const next: ZoneRecord = { ...current, dictionary };
    if (Object.keys(dictionary.kinds).length === 0) delete next.dictionary;
    const zones = this.zones.map((z) => (z.id === id ? next : z));
    if (opts.soon) this.commitSoon(zones);
    else this.commit(zones);
    return { ...next };
  }

  /**
   * What reads inferred is kept at once in memory and written (and told) once a burst is over: a
   * start that lists five kinds in twenty zones writes the file once, not a hundred times.
   */
  private commitSoon(zones: ZoneRecord[]): void {
    this.zones = zones;
    if (this.pending) return;
    this.pending = setTimeout(() => this.flush(), COALESCE_MS);
    this.pending.unref?.();
  }

  /** Writes what commitSoon holds now (the agent's stop, a test). */
  flush(): void {
    if (!this.pending) return;
    clearTimeout(this.pending);
    this.pending = undefined;
    try {
      this.commit(this.zones);
    } catch (err) {
      this.opts.log?.warn('the zones file could not be written', { err });
    }
  }

  remove(id: string): void {
    this.require(id);
    this.commit(this.zones.filter((z) => z.id !== id));
  }

  onChange(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private require(id: string): ZoneRecord {
    const z = this.zones.find((r) => r.id === id);
    if (!z) throw new AgentError({ status: 0, code: AGENT_CODES.unknownZone, message: `There is no zone "${id}"` });
    return z;
  }

  private assertUrlFree(baseUrl: string, exceptId?: string): void {
    const other = this.zones.find((z) => z.baseUrl === baseUrl && z.id !== exceptId);
    if (other) throw invalid(`The zone "${other.name}" already uses ${baseUrl}`);
  }

  private freeId(base: string): string {
    const taken = new Set(this.zones.map((z) => z.id));
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  }

  private commit(zones: ZoneRecord[]): void {
    if (this.pending) {
      clearTimeout(this.pending);
      this.pending = undefined;
    }
    if (this.readOnlyReason) {
      throw new AgentError({ status: 0, code: AGENT_CODES.internal, message: this.readOnlyReason });
    }
    this.conf.store = { version: ZONES_VERSION, zones };
    this.zones = zones;
    const snapshot = this.list();
    for (const fn of [...this.listeners]) {
      try {
        fn(snapshot);
      } catch (err) {
        // A faulty listener must not undo a saved change.
        this.opts.log?.warn('a zones listener failed', { err });
      }
    }
  }

  private load(): void {
    const raw = this.conf.store;
    const version = typeof raw.version === 'number' ? raw.version : 1;
    if (version > ZONES_VERSION) {
      this.readOnlyReason = `${this.conf.path} was written by a newer Zonedeck (format ${version}); update Zonedeck to change zones`;
    }
    const data = version < ZONES_VERSION ? migrate(raw, this.opts.migrations ?? MIGRATIONS) : raw;
    const list = Array.isArray(data.zones) ? (data.zones as unknown[]) : [];
    const good: ZoneRecord[] = [];
    for (const item of list) {
      const r = zoneRecordSchema.safeParse(item);
      if (r.success && !good.some((g) => g.id === r.data.id || g.baseUrl === r.data.baseUrl)) {
        good.push(r.data);
      }
    }
    this.zones = good;
    if (this.readOnlyReason) return;
    // Keep a copy of anything we could not read before the cleaned file replaces it.
    if (good.length !== list.length) {
      const copy = `${this.conf.path}.invalid-${Date.now()}`;
      copyFileSync(this.conf.path, copy);
      this.opts.log?.warn('some saved zones could not be read and were left out', {
        kept: good.length,
        dropped: list.length - good.length,
        copy,
      });
    }
    if (version !== ZONES_VERSION || good.length !== list.length || !existsSync(this.conf.path)) {
      this.conf.store = { version: ZONES_VERSION, zones: good };
    }
  }
}

export type { ZoneAdd, ZonePatch, ZoneRecord } from './zone-types';
