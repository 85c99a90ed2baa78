/**
 * A handler's error with the field names it gives said the dialect's way: where the message names
 * the field (at its start, or quoted) and in `details.field` / `details.fields`. Shared by the
 * seeded layer (a few renamed points) and the random one (every name).
 */
import type { ErrorFacts } from './errors';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function renamed(f: ErrorFacts, renames: Readonly<Record<string, string>>): ErrorFacts {
  let message = f.message;
  const details: Record<string, unknown> = { ...f.details };
  for (const [std, own] of Object.entries(renames)) {
    if (std === own) continue;
    message = message
      .replace(new RegExp(`^${escape(std)}\\b`), own)
      .replace(new RegExp(`(['"\`])${escape(std)}\\1`, 'g'), `$1${own}$1`);
    if (details.field === std) details.field = own;
    const fields = details.fields;
    if (fields && typeof fields === 'object' && !Array.isArray(fields) && std in fields) {
      const { [std]: v, ...rest } = fields as Record<string, unknown>;
      details.fields = { ...rest, [own]: v };
    }
  }
  return { ...f, message, details };
}

/** Keys whose value is a code or a status word, never a field's name. */
const NOT_NAMES = new Set(['code', 'error', 'type', 'status', 'title', 'reason', '__type']);

const isRec = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An error reply another layer already wrote (a seeded refusal), with the fields it names said the
 * dialect's way: its keys stay (they are the error shape's), but a value that is a field's name
 * (`field`, `param`, `target`, `missing[]`), the end of a pointer (`/data/attributes/content`), a
 * name in a sentence (leading or quoted), and a key of a `{field: ["…"]}` map are renamed.
 */
export function renamedBody(v: unknown, renames: Readonly<Record<string, string>>, depth = 0): unknown {
  if (depth > 8) return v;
  if (typeof v === 'string') return renamedText(v, renames);
  if (Array.isArray(v)) return v.map((x) => renamedBody(x, renames, depth + 1));
  if (!isRec(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const sentences = Array.isArray(x) && x.length > 0 && x.every((s) => typeof s === 'string' && /\s/.test(s));
    const key = sentences && Object.hasOwn(renames, k) ? renames[k]! : k;
    out[key] = NOT_NAMES.has(k) ? x : renamedBody(x, renames, depth + 1);
  }
  return out;
}

function renamedText(s: string, renames: Readonly<Record<string, string>>): string {
  if (Object.hasOwn(renames, s)) return renames[s]!;
  const pointer = /^(#?\/(?:[^/\s]+\/)*)([^/\s]+)$/.exec(s);
  if (pointer && Object.hasOwn(renames, pointer[2]!)) return `${pointer[1]}${renames[pointer[2]!]}`;
  return renamed({ status: 0, code: '', message: s, details: {} }, renames).message;
}
