/**
 * Skills of a zone and their files: the list and each skill's file list as resources, and every
 * change (create, rename/describe, delete, put or delete a file, save to a folder on disk). Each
 * change says which resources it touched so the screen reads them again by itself.
 */
import { markRaw } from 'vue';
import type { SkillFolderSaved } from '@contract/commands-skills';
import { agent } from '../agent';
import { defineResource, resources, useResource, type ResourceView } from '../data';
import { contentOf, filesOf, toSkillRow, type SkillFileRow, type SkillRow } from '../lib/skill-records';
import { listOf, recordOf, type Raw } from '../lib/tolerant';

export type { SkillFileRow, SkillRow } from '../lib/skill-records';

export interface SkillRef {
  zone: string;
  id: string;
}

const skillsResource = defineResource<SkillRow[], string>({
  name: 'skills.list',
  zone: (zone) => zone,
  // Another client may add skills; a slow pace is enough for a list people mostly change here.
  poll: 30_000,
  fetch: async (zone) => markRaw(listOf(await agent.call(zone, 'skills.list')).map(toSkillRow)),
});

const filesResource = defineResource<SkillFileRow[], SkillRef>({
  name: 'skills.files.list',
  zone: (s) => s.zone,
  parts: (s) => [s.id],
  poll: 30_000,
  fetch: async (s) => filesOf(await agent.call(s.zone, 'skills.files.list', { params: { id: s.id } })),
});

export function useSkills(zone: () => string | null): ResourceView<SkillRow[]> {
  return useResource(skillsResource, zone);
}

export function useSkillFiles(skill: () => SkillRef | null): ResourceView<SkillFileRow[]> {
  return useResource(filesResource, skill);
}

/** What a change to a skill's files touches: its file list and the skills list (file count, updated). */
export function skillFilesChanged(s: SkillRef): void {
  resources.invalidate({ zone: s.zone, name: filesResource.name, parts: [s.id] });
  resources.invalidate({ zone: s.zone, name: skillsResource.name });
}

export async function createSkill(zone: string, body: { name: string; description?: string }): Promise<Raw> {
  try {
    return recordOf(await agent.call(zone, 'skills.create', { body }));
  } finally {
    resources.invalidate({ zone, name: skillsResource.name });
  }
}

export async function updateSkill(s: SkillRef, body: { name?: string; description?: string }): Promise<void> {
  try {
    await agent.call(s.zone, 'skills.update', { params: { id: s.id }, body });
  } finally {
    resources.invalidate({ zone: s.zone, name: skillsResource.name });
  }
}

export async function deleteSkill(s: SkillRef): Promise<void> {
  try {
    await agent.call(s.zone, 'skills.delete', { params: { id: s.id } });
  } finally {
    resources.invalidate({ zone: s.zone, name: skillsResource.name });
  }
}

/** The file's text as the zone holds it now (never cached: the conflict check needs the zone's word). */
export async function readSkillFile(s: SkillRef, path: string): Promise<string> {
  return contentOf(await agent.call(s.zone, 'skills.files.content', { params: { id: s.id }, query: { path } }));
}

/** Creates or replaces one file; `quiet` leaves the re-reading to the caller (an upload of many files). */
export async function putSkillFile(s: SkillRef, path: string, content: string, quiet = false): Promise<void> {
  try {
    await agent.call(s.zone, 'skills.files.put', { params: { id: s.id }, body: { path, content } });
  } finally {
    if (!quiet) skillFilesChanged(s);
  }
}

export async function deleteSkillFile(s: SkillRef, path: string): Promise<void> {
  try {
    await agent.call(s.zone, 'skills.files.delete', { params: { id: s.id }, query: { path } });
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
