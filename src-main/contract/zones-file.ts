/** A zones file as shared with a team, and what importing one would do (agent/zones/zone-share.ts). */
import type { ZoneDictionary } from './dictionary/dictionary-types';

export interface ZonesFile {
  format: 'zonedeck.zones';
  version: number;
  exportedAt: string;
  zones: {
    name: string;
    baseUrl: string;
    color?: string;
    caFile?: string;
    protected?: boolean;
    group?: string;
    /** What people chose and refusals taught about the zone's fields (never inferences). */
    dictionary?: ZoneDictionary;
  }[];
}

export interface ZoneImportEntry {
  name: string;
  baseUrl: string;
  color?: string;
  caFile?: string;
  /** The file marks the zone protected: an import adds protection, never takes it away. */
  protected?: boolean;
  /** The file puts the zone in this group; a file without one leaves the zone's group as it is. */
  group?: string;
  /** The file's chosen and learned fields of the zone; added over this machine's own. */
  dictionary?: ZoneDictionary;
  /** Why something of the entry was left out (a CA path missing on this computer). */
  note?: string;
}

/** What importing a zones file does: nothing is changed until the person applies it. */
export interface ZoneImportPlan {
  added: ZoneImportEntry[];
  /** Same name and address; colour, CA file, protection or group differ. */
  changed: (ZoneImportEntry & { id: string })[];
  /** Same name, another address: kept as it is unless the person takes the file's. */
  conflicts: (ZoneImportEntry & { id: string; currentBaseUrl: string })[];
  unchanged: string[];
  skipped: { name: string; reason: string }[];
}
