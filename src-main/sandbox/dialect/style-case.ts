/**
 * Keys said in a style's case at every depth, and back: the user's own data (a workflow graph,
 * config-var names, a run's input) is kept whole and the keys the spec fixes keep their names.
 * Shared by the style dialects (style-*.ts).
 */
import { isRec, type Rec } from './records';
import { FIXED_KEYS, OPAQUE_KEYS } from './random-scope';

/** Standard keys → the style's (`toStyle`), at every depth. */
export function keysOut(v: unknown, toStyle: (k: string) => string): unknown {
  if (Array.isArray(v)) return v.map((x) => keysOut(x, toStyle));
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v))
    out[FIXED_KEYS.has(k) ? k : toStyle(k)] = OPAQUE_KEYS.has(k) ? x : keysOut(x, toStyle);
  return out;
}

/** The style's keys → standard ones (`toStd`), at every depth. */
export function keysIn(v: unknown, toStd: (k: string) => string): unknown {
  if (Array.isArray(v)) return v.map((x) => keysIn(x, toStd));
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    const std = FIXED_KEYS.has(k) ? k : toStd(k);
    out[std] = OPAQUE_KEYS.has(std) ? x : keysIn(x, toStd);
  }
  return out;
}

/** Whether a standard reply is a record (has an identity), not a bare result (config vars, a secret). */
export const isRecord = (r: Rec) => ['id', 'uuid', 'name', 'path', 'full_name', 'version', 'seq'].some((k) => k in r);

/**
 * A record's own key for paths: its id, else what the routes take instead (a file's path, a version
 * number, a chat's seq, an attachment's database), else its name.
 */
export function keyOf(rec: Rec): string | undefined {
  const k = rec.id ?? rec.uuid ?? rec.path ?? rec.full_name ?? rec.version ?? rec.seq ?? rec.database_id ?? rec.name;
  return typeof k === 'string' || typeof k === 'number' ? String(k) : undefined;
}
