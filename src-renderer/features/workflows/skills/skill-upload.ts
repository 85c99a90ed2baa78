/**
 * Files and folders dropped from the desktop, made into skill files: the folder structure kept
 * (webkitGetAsEntry), text only (a NUL byte or invalid UTF-8 means binary), nothing over the size
 * limit. One dropped folder that is itself a skill (SKILL.md at its top) lands at the skill's root.
 */
import { pathProblem } from './skill-paths';

/** Skill files are prompts and scripts; a bigger file is almost certainly not meant to be one. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;

export interface Dropped {
  /** Relative path with `/` (folder names included). */
  path: string;
  file: File;
}

export interface ReadyFile {
  path: string;
  content: string;
}

export interface Skipped {
  path: string;
  reason: string;
}

/** True when the bytes decode as UTF-8 and hold no NUL (how git and editors tell text). */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** When every path sits under one folder holding a SKILL.md at its top, that folder is dropped from the paths. */
export function stripSkillFolder(paths: readonly string[]): string[] {
  const first = paths[0]?.split('/')[0];
  if (!first || !paths.every((p) => p.startsWith(`${first}/`))) return [...paths];
  if (!paths.some((p) => p.toLowerCase() === `${first}/skill.md`.toLowerCase())) return [...paths];
  return paths.map((p) => p.slice(first.length + 1));
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, out: Dropped[]): Promise<void> {
  if (entry.isFile) {
    out.push({ path: entry.fullPath.replace(/^\/+/, ''), file: await fileOf(entry as FileSystemFileEntry) });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries hands out a batch at a time (100 in Chrome) until it returns none.
  for (;;) {
    const batch = await readEntries(reader);
    if (batch.length === 0) break;
    for (const e of batch) await walk(e, out);
  }
}

/**
 * Everything a drop carries. The entries are taken synchronously (the DataTransfer empties once
 * the event returns); folders are walked afterwards.
 */
export function collectDrop(dt: DataTransfer): Promise<Dropped[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(dt.items)) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
    else {
      const f = item.getAsFile();
      if (f) loose.push(f);
    }
  }
  if (entries.length === 0 && loose.length === 0) loose.push(...Array.from(dt.files));
  return (async () => {
    const out: Dropped[] = loose.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    for (const e of entries) await walk(e, out);
    const paths = stripSkillFolder(out.map((d) => d.path));
    return out.map((d, i) => ({ ...d, path: paths[i]! }));
  })();
}

/** Reads one dropped file as text, or says why it is skipped. */
export async function readDropped(d: Dropped, maxBytes = MAX_UPLOAD_BYTES): Promise<ReadyFile | Skipped> {
  const problem = pathProblem(d.path);
  if (problem) return { path: d.path, reason: problem };
  if (d.file.size > maxBytes) return { path: d.path, reason: `larger than ${Math.round(maxBytes / 1024)} KiB` };
  const bytes = new Uint8Array(await d.file.arrayBuffer());
  if (!isText(bytes)) return { path: d.path, reason: 'not a text file' };
  return { path: d.path, content: new TextDecoder().decode(bytes) };
}
