/**
 * Writes a skill's files into a folder on disk. The file names come from a zone, so none of them
 * may steer a write outside that folder: absolute names, `..`, backslashes, drive letters, NUL and
 * empty segments are refused by name, and a subfolder that is a symlink leading outside is refused
 * when met. A symlink where a file goes is replaced (rename swaps the link itself), never followed.
 * The skill's own folder may not be a link, and each file's folder is resolved after the zone's
 * text has arrived and checked again just before the rename: a folder swapped for a link while the
 * agent waited on the zone sends nothing elsewhere. A refused name does not stop the others.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { SkillFileRefused } from '../../contract/commands-skills';
import type { Logger } from '../log';
import { commitTempFile, writeTempFile } from './atomic-write';
import { errnoCode } from './file-errors';
import { ensurePrivateDir, PRIVATE_DIR_MODE } from './fs-steps';

/** Why `name` may not be written under a folder, or null when it may. Pure: the same rule everywhere. */
export function skillPathProblem(name: string): string | null {
  if (name === '') return 'the name is empty';
  if (name.includes('\0')) return 'the name contains a NUL character';
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(name)) return 'the name contains a control character';
  if (name.includes('\\')) return 'the name contains a backslash';
  if (/^[A-Za-z]:/.test(name)) return 'the name starts with a drive letter';
  if (name.startsWith('/')) return 'the name is an absolute path';
  const segments = name.split('/');
  if (segments.some((s) => s === '')) return 'the name has an empty path segment';
  if (segments.some((s) => s === '..')) return 'the name climbs out of the folder (..)';
  if (segments.some((s) => s === '.')) return 'the name has a "." segment';
  if (segments.some((s) => s.length > 255)) return 'a path segment is longer than 255 characters';
  return null;
}

function inside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

class Refused extends Error {}

/** The whole save is refused (the skill's folder is a link): nothing was written. */
export class SkillFolderRefused extends Error {}

/** The skill's folder is still the real folder it was when the save began. */
async function unchangedRoot(root: string, realRoot: string): Promise<void> {
  const st = await fsp.lstat(root).catch(() => null);
  if (!st || st.isSymbolicLink() || (await fsp.realpath(root).catch(() => null)) !== realRoot)
    throw new Refused('the skill folder changed on disk while saving (it became a link)');
}

/**
 * The real folder for `segments` under `root`, each missing level created 0700. A level that is a
 * symlink is followed only while it stays inside `root`; one that is a file is refused.
 */
async function folderFor(root: string, segments: string[]): Promise<string> {
  let current = root;
  for (const seg of segments) {
    const next = path.join(current, seg);
    let stat;
    try {
      stat = await fsp.lstat(next);
    } catch (e) {
      if (errnoCode(e) !== 'ENOENT') throw e;
      await fsp.mkdir(next, { mode: PRIVATE_DIR_MODE }).catch((err: unknown) => {
        if (errnoCode(err) !== 'EEXIST') throw err;
      });
      stat = await fsp.lstat(next);
    }
    if (stat.isSymbolicLink()) {
      const real = await fsp.realpath(next).catch(() => null);
      if (!real || !inside(root, real))
        throw new Refused(`the subfolder ${seg} is a symlink that leads outside the folder`);
      if (!(await fsp.stat(real)).isDirectory()) throw new Refused(`${seg} is a symlink to a file, not a folder`);
      current = real;
    } else if (stat.isDirectory()) {
      current = next;
    } else {
      throw new Refused(`${seg} is a file on disk, not a folder`);
    }
  }
  return current;
}

export interface SkillFolderResult {
  written: string[];
  refused: SkillFileRefused[];
}

/**
 * Writes each of `names` under `root` (created 0700 if missing) with the text `read(name)` gives,
 * one file at a time (atomic, 0600). Names are checked before anything is read.
 */
export async function writeSkillFolder(
  root: string,
  names: readonly string[],
  read: (name: string) => Promise<string>,
  log?: Logger,
): Promise<SkillFolderResult> {
  // A link where the skill's folder goes could lead anywhere (~/.config/autostart): never follow it.
  if ((await fsp.lstat(root).catch(() => null))?.isSymbolicLink())
    throw new SkillFolderRefused(`${root} is a symbolic link; Zonedeck does not save a skill through a link.`);
  await ensurePrivateDir(root);
  const realRoot = await fsp.realpath(root);
  const written: string[] = [];
  const refused: SkillFileRefused[] = [];
  for (const name of names) {
    const problem = skillPathProblem(name);
    if (problem) {
      refused.push({ path: name, reason: problem });
      continue;
    }
    const segments = name.split('/');
    const base = segments.pop()!;
    try {
      // The zone's text first: the folder is resolved only after the wait, not before it.
      const text = await read(name);
      await unchangedRoot(root, realRoot);
      const dir = await folderFor(realRoot, segments);
      const target = path.join(dir, base);
      const existing = await fsp.lstat(target).catch(() => null);
      if (existing?.isDirectory()) throw new Refused('a folder of that name is already there');
      // The temporary file goes in the skill's real folder, resolved once: never through a subfolder.
      const temp = await writeTempFile(realRoot, base, text, { ...(log ? { log } : {}), displayPath: target });
      // Checked again at the last moment: a folder swapped for a link since gets no file.
      await commitTempFile(
        temp,
        target,
        async (from, to) => {
          if ((await fsp.realpath(path.dirname(to)).catch(() => null)) !== dir)
            throw new Refused('its folder changed on disk while saving (it became a link)');
          await fsp.rename(from, to);
        },
        log,
      );
      written.push(name);
    } catch (e) {
      if (!(e instanceof Refused)) log?.warn('a skill file could not be written', { name, err: e });
      refused.push({ path: name, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  return { written, refused };
}
