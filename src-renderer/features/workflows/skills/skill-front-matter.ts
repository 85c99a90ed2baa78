/**
 * A SKILL.md's YAML front matter, checked: the block between the opening and closing `---` must
 * parse, be a mapping, and carry a non-empty `name` and `description` (what agents read to decide
 * when to use the skill). Problems come back as plain sentences with a line number when known.
 */
import { parseDocument } from 'yaml';

export interface FrontMatterProblem {
  message: string;
  /** 1-based line in the whole file, when the parser said where. */
  line?: number;
}

export interface FrontMatterCheck {
  /** The parsed fields (empty when absent or broken). */
  fields: Record<string, unknown>;
  /** The text after the front matter: what the preview renders. */
  body: string;
  /** True when a front matter block was found (even a broken one). */
  present: boolean;
  problems: FrontMatterProblem[];
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m;

/** Splits the block off the text; null when the file does not start with `---`. */
function split(text: string): { yaml: string; body: string } | null {
  const open = OPEN.exec(text);
  if (!open) return null;
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) return { yaml: rest, body: '' };
  const after = rest.slice(close.index + close[0].length).replace(/^\r?\n/, '');
  return { yaml: rest.slice(0, close.index), body: after };
}

function required(fields: Record<string, unknown>, key: string): FrontMatterProblem | null {
  const v = fields[key];
  if (v === undefined || v === null) return { message: `The front matter has no “${key}”.` };
  if (typeof v !== 'string' || !v.trim()) return { message: `“${key}” must be non-empty text.` };
  return null;
}

/** Checks `text` as a skill document; `strict` (SKILL.md) requires the block and its fields. */
export function checkFrontMatter(text: string, strict = true): FrontMatterCheck {
  const parts = split(text);
  if (!parts) {
    return {
      fields: {},
      body: text,
      present: false,
      problems: strict
        ? [{ message: 'No front matter: a SKILL.md starts with a “---” block holding name and description.', line: 1 }]
        : [],
    };
  }
  const problems: FrontMatterProblem[] = [];
  if (!CLOSE.test(text.slice(text.indexOf('\n') + 1)))
    problems.push({ message: 'The front matter is not closed: add a line with “---” after it.' });
  const doc = parseDocument(parts.yaml, { prettyErrors: true });
  for (const e of doc.errors) {
    const line = e.linePos?.[0]?.line;
    problems.push({
      message: `The front matter is not valid YAML: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?\s*$/, '')}`,
      ...(line ? { line: line + 1 } : {}),
    });
  }
  let fields: Record<string, unknown> = {};
  if (doc.errors.length === 0) {
    const value: unknown = doc.toJS();
    if (value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value))) {
      problems.push({ message: 'The front matter must be a list of “key: value” fields.', line: 2 });
    } else {
      fields = (value ?? {}) as Record<string, unknown>;
      if (strict)
        for (const k of ['name', 'description']) {
          const p = required(fields, k);
          if (p) problems.push(p);
        }
    }
  }
  return { fields, body: parts.body, present: true, problems };
}
