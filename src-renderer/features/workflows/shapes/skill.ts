/**
 * A skill record in the zone's words. The spec shows none of a skill's fields, so each is known by
 * its role and the names zones give it; a create uses the names of the zone's other skills, an
 * update the skill's own (shapes/words.ts).
 */
import type { KindReader } from '@contract/dictionary/kind-reader';
import { idOf, isRecord, pick, timeOf, type Raw } from '@contract/tolerant';
import { rowIdentity } from '../../../lib/tolerant';
import { field, valueIn, worded, type Worded } from '../../../shapes/words';

export const SKILL_NAME = field('skill.name', 'name', 'display_name', 'title', 'slug');
export const SKILL_DESCRIPTION = field('skill.description', 'description', 'summary', 'desc');
const FILE_COUNT = field('skill.fileCount', 'file_count', 'files_count', 'fileCount', 'num_files');
const UPDATED = field('skill.updatedAt', 'updated_at', 'updatedAt', 'modified_at', 'created_at', 'createdAt');

export interface SkillRow {
  key: string;
  id: string | undefined;
  name: string;
  description: string;
  /** From a count field, or the length of an embedded files list. */
  fileCount: number | undefined;
  updatedAt: Date | undefined;
  raw: Raw;
}

function countOf(raw: Raw): number | undefined {
  const v = valueIn(raw, FILE_COUNT);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return Array.isArray(raw.files) ? raw.files.length : undefined;
}

/** A row read by the list's reader: id and name are the zone's dictionary's for skills. */
export function toSkillRow(raw: Raw, index: number, reader: KindReader): SkillRow {
  return {
    ...rowIdentity(raw, index, reader),
    description: pick(raw, ...SKILL_DESCRIPTION.names) ?? '',
    fileCount: countOf(raw),
    updatedAt: timeOf(raw, ...UPDATED.names),
    raw,
  };
}

/** The body of a skill create (names of the zone's other skills) or update (the skill's own names). */
export function skillBody(fields: { name?: string; description?: string }, like: unknown): Worded {
  return worded(
    [
      [SKILL_NAME, fields.name],
      [SKILL_DESCRIPTION, fields.description],
    ],
    like,
  );
}

/** A reply's record as a skill when it is one (the created skill), else undefined. */
export function skillOf(reply: unknown): Raw | undefined {
  const rec = isRecord(reply) && isRecord(reply.data) && !idOf(reply) ? reply.data : reply;
  return isRecord(rec) ? rec : undefined;
}
