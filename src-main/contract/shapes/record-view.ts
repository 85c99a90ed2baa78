/**
 * A record's own fields in one flat view, for readers that look at the top: the nested record a
 * style keeps them in (JSON:API `attributes`, a Kubernetes `spec`, Azure `properties`) lifted over
 * the top, and a Kubernetes `metadata` / record-valued `status` beside it without overriding. Only
 * for reading: a write keeps the zone's structure (words.ts writes into the same nested record),
 * and `raw` stays the zone's own record.
 */
import { isRecord, type Raw } from '../tolerant';

const HOMES = ['attributes', 'spec', 'properties'] as const;
const BESIDE = ['metadata', 'status'] as const;

/** `notFields`: a box that is a value of its own, not the record's fields (a workflow spec's nodes). */
export function recordView(raw: Raw, notFields: (box: Raw) => boolean = () => false): Raw {
  const box = (v: unknown): v is Raw => isRecord(v) && Object.keys(v).length > 0 && !notFields(v);
  const home = HOMES.map((k) => raw[k]).find(box);
  const beside = BESIDE.map((k) => raw[k]).filter(box);
  if (!home && beside.length === 0) return raw;
  // Lowest first: beside the top, the top itself, then the home record over both (its `kind` is
  // the record's, where the top's is the style's resource kind).
  return Object.assign({}, ...beside.reverse(), raw, home ?? {}) as Raw;
}
