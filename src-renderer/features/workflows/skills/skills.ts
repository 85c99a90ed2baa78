/**
 * Skills of a zone and their files: the list and each skill's file list as resources, and every
 * change (create, rename/describe, delete, put or delete a file, save to a folder on disk). Each
 * change says which resources it touched so the screen reads them again by itself. Field names,
 * the file-selection parameter and the body encoding are the zone's (shapes/skill*.ts): what its
 * file list and reads taught is kept per zone here.
 */
import { markRaw } from 'vue';
import type { SkillFolderSaved } from '@contract/commands-skills';
import { agentRetried } from '@contract/errors';
import type { BodyEncoding } from '@contract/zone-words';
import { agent } from '../../../agent';
import { readRows, resources, useResource, type ResourceView } from '../../../data';
import {
  defineRecordResource,
  defineZoneResource,
  recordResourceChanged,
  zoneRecordRemoved,
  zoneResourceChanged,
  type RecordRef,
} from '../../../composables/zone-records';
import { toErrorData } from '../../../lib/errors';
import { listOf, recordOf, type Raw } from '../../../lib/tolerant';
import { nestedPath } from '../../../shapes/words';
import { skillBody, skillOf, toSkillRow, type SkillRow } from '../shapes/skill';
import {
  encodingAskedFor,
  fileSelection,
  fileWrite,
  pathNameAskedFor,
  readFileContent,
  readFileList,
  storedText,
  type FileContent,
  type FileSpeech,
  type SkillFileRow,
} from '../shapes/skill-file';

export type { SkillRow } from '../shapes/skill';
export type { SkillFileRow } from '../shapes/skill-file';

export type SkillRef = RecordRef;

/** What each zone taught about its files (list names, read and write encodings). */
const speech = new Map<string, FileSpeech>();
export function fileSpeechOf(zone: string): FileSpeech {
  let s = speech.get(zone);
  if (!s) speech.set(zone, (s = {}));
  return s;
}

const skillsResource = defineZoneResource<SkillRow[]>({
  name: 'skills.list',
  // Another client may add skills; a slow pace is enough for a list people mostly change here.
  poll: 30_000,
  fetch: async (zone, { signal }) =>
    markRaw(readRows(zone, 'skill', listOf(await agent.call(zone, 'skills.list', { signal })), toSkillRow)),
});

const filesResource = defineRecordResource<SkillFileRow[]>({
  name: 'skills.files.list',
  poll: 30_000,
  fetch: async (s, { signal }) => {
    const listing = readFileList(await agent.call(s.zone, 'skills.files.list', { signal, params: { id: s.id } }));
    if (listing.pathName)
      Object.assign(fileSpeechOf(s.zone), { pathName: listing.pathName, listPath: listing.pathName });
    return listing.rows;
  },
});

export function useSkills(zone: () => string | null): ResourceView<SkillRow[]> {
  return useResource(skillsResource, zone);
}

export function useSkillFiles(skill: () => SkillRef | null): ResourceView<SkillFileRow[]> {
  return useResource(filesResource, skill);
}

/** What a change to a skill's files touches: its file list and the skills list (file count, updated). */
export function skillFilesChanged(s: SkillRef): void {
  recordResourceChanged(filesResource, s);
  zoneResourceChanged(skillsResource, s.zone);
}

/** Creates a skill under the names the zone's other skills use. */
export async function createSkill(zone: string, fields: { name: string; description?: string }): Promise<Raw> {
  const others = resources.state(skillsResource, zone).data?.map((r) => r.raw) ?? [];
  const { values, words } = skillBody(fields, others);
  try {
    return recordOf(skillOf(await agent.call(zone, 'skills.create', { body: values, words: { body: words } })));
  } finally {
    zoneResourceChanged(skillsResource, zone);
  }
}

/** Renames or re-describes under the names the skill's own record uses. */
export async function updateSkill(
  s: SkillRef,
  fields: { name?: string; description?: string },
  raw?: Raw,
): Promise<void> {
  const own = raw ?? resources.state(skillsResource, s.zone).data?.find((r) => r.id === s.id)?.raw;
  const { values, words } = skillBody(fields, own);
  try {
    await agent.call(s.zone, 'skills.update', { params: { id: s.id }, body: values, words: { body: words } });
  } finally {
    zoneResourceChanged(skillsResource, s.zone);
  }
}

export async function deleteSkill(s: SkillRef): Promise<void> {
  try {
    await agent.call(s.zone, 'skills.delete', { params: { id: s.id } });
    zoneRecordRemoved(skillsResource, s);
  } finally {
    zoneResourceChanged(skillsResource, s.zone);
  }
}

/** The file's content as the zone holds it now, and how it came (never cached: a save compares with it). */
export async function readSkillContent(s: SkillRef, path: string): Promise<FileContent> {
  const sp = fileSpeechOf(s.zone);
  const sel = fileSelection(sp, path);
  const res = await agent.send(s.zone, 'skills.files.content', {
    params: { id: s.id },
    query: sel.query,
    words: sel.words,
  });
  const sentAs = res.sent?.query?.['skillFile.path'];
  if (sentAs) sp.pathName = sentAs;
  const c = readFileContent(res.data, sp.pathName);
  if (c.ok) Object.assign(sp, { readAs: c.readAs, ...(c.contentName ? { contentName: c.contentName } : {}) });
  return c;
}

/** The file's text; a reply whose shape is unknown is an error that names its fields. */
export async function readSkillFile(s: SkillRef, path: string): Promise<string> {
  const c = await readSkillContent(s, path);
  if (c.ok) return c.text;
  throw new Error(`This zone's reply has fields Zonedeck doesn't read: ${c.unread.join(', ') || '(none)'}.`);
}

async function sendWrite(s: SkillRef, path: string, content: string, as: BodyEncoding | undefined) {
  const sp = fileSpeechOf(s.zone);
  const call = fileWrite(as ? { ...sp, writeAs: as } : sp, path, content);
  const res = await agent.send(s.zone, 'skills.files.put', {
    params: { id: s.id },
    query: call.query,
    body: call.body,
    words: call.words,
    ...(call.encoding ? { encoding: call.encoding } : {}),
  });
  sp.writeAs = call.encoding ?? 'json';
  // The names the agent finally sent (it may have learned them from a refusal) are this zone's.
  const bodyPath = res.sent?.body?.['skillFile.path'];
  const sentPath = res.sent?.query?.['skillFile.path'] ?? bodyPath;
  const sentContent = res.sent?.body?.['skillFile.content'];
  // A body path taught as nested (`spec.path`) names no query parameter: the selection keeps its name.
  if (sentPath && !nestedPath(sentPath)) sp.pathName = sentPath;
  if (call.encoding !== 'text') Object.assign(sp, { writePath: bodyPath, writeContent: sentContent });
  return res;
}

/**
 * Creates or replaces one file; `quiet` leaves the re-reading to the caller (an upload of many
 * files). A refusal asking for the other body encoding is tried once that way and remembered,
 * unless the agent already retried the call (it keeps the one retry policy).
 * Returns the text the reply says was stored, when it says.
 */
export async function putSkillFile(
  s: SkillRef,
  path: string,
  content: string,
  quiet = false,
): Promise<string | undefined> {
  try {
    try {
      return storedText((await sendWrite(s, path, content, undefined)).data);
    } catch (e) {
      const err = toErrorData(e);
      // A refusal of the agent's own retry is the answer: no third request on top of its one retry.
      const asked = !agentRetried(err) && encodingAskedFor(err, fileSpeechOf(s.zone).writeAs ?? 'json');
      if (!asked) throw e;
      // A refusal that named the path parameter it wants is taken at its word for the retry.
      const named = pathNameAskedFor(err);
      if (named) fileSpeechOf(s.zone).pathName = named;
      return storedText((await sendWrite(s, path, content, asked)).data);
    }
  } finally {
    if (!quiet) skillFilesChanged(s);
  }
}

export async function deleteSkillFile(s: SkillRef, path: string): Promise<void> {
  const sel = fileSelection(fileSpeechOf(s.zone), path);
  try {
    await agent.call(s.zone, 'skills.files.delete', { params: { id: s.id }, query: sel.query, words: sel.words });
  } finally {
    skillFilesChanged(s);
  }
}

/** Rename = create the new path with the zone's content, then delete the old one (the spec has no move). */
export async function renameSkillFile(s: SkillRef, from: string, to: string, content?: string): Promise<void> {
  const text = content ?? (await readSkillFile(s, from));
  await putSkillFile(s, to, text, true);
  await deleteSkillFile(s, from);
}

/** "Save skill to folder…": the agent reads the files from the zone and writes them; null when cancelled. */
export function saveSkillToFolder(
  s: SkillRef,
  skillName: string,
  opts: { dir?: string; pick?: boolean },
): Promise<SkillFolderSaved | null> {
  return agent.invoke('skills.saveToFolder', {
    zone: s.zone,
    skillId: s.id,
    skillName,
    ...(opts.dir ? { dir: opts.dir } : {}),
    ...(opts.pick ? { pick: true } : {}),
  });
}
