/**
 * How "Save skill to folder" reads a zone's skill files in that zone's words (the renderer's
 * shapes/skill-file.ts reads the same way): the spec leaves the file-selection parameter and the
 * payloads "not shown", so the parameter is the name the zone's own file list gives a path, and a
 * content read is taken raw when it is text, or from the record's content field when it is JSON. A
 * parameter a refusal names instead is tried and learned by the agent's worded call (commands/skills.ts).
 */
import { isRecord, listOf } from '../../contract/tolerant';

/** Names a file list entry may give the path, the spec-neutral default first. */
export const FILE_PATH_NAMES = ['path', 'file', 'filename', 'file_path', 'filepath', 'name', 'key'] as const;
const CONTENT_NAMES = ['content', 'text', 'body', 'data', 'contents', 'source'] as const;
const LIST_KEYS = ['files', 'entries', 'paths'] as const;

function entriesOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (!isRecord(data)) return [];
  for (const k of LIST_KEYS) if (Array.isArray(data[k])) return data[k];
  if (isRecord(data.data)) return entriesOf(data.data);
  return listOf(data);
}

export interface SkillFileListing {
  paths: string[];
  /** The query parameter a file is selected by: the entries' own name for a path, else `path`. */
  param: string;
}

/** The file paths of a skill's file list (records or bare strings), each once, and the selection parameter. */
export function skillFileListing(data: unknown): SkillFileListing {
  const paths = new Set<string>();
  let param: string | undefined;
  for (const e of entriesOf(data)) {
    if (typeof e === 'string' && e !== '') paths.add(e);
    if (!isRecord(e)) continue;
    const name = FILE_PATH_NAMES.find((n) => typeof e[n] === 'string' && e[n] !== '');
    if (!name) continue;
    paths.add(e[name] as string);
    // `name` may be a base name beside the path; zones listing {name} select by `path` (a 400 says otherwise).
    if (name !== 'name') param ??= name;
  }
  return { paths: [...paths], param: param ?? FILE_PATH_NAMES[0] };
}

/** A file's text from a content read: raw text as is; a JSON record's content field (also one level in). */
export function skillFileText(data: unknown, raw: string): string {
  if (typeof data === 'string') return data;
  for (const rec of isRecord(data) ? [data, data.data, data.file] : []) {
    if (!isRecord(rec)) continue;
    const name = CONTENT_NAMES.find((n) => typeof rec[n] === 'string');
    if (name) return rec[name] as string;
  }
  return raw;
}
