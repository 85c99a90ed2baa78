/**
 * Where "Save as" may write. A path comes from the person (or from a renderer that may not be
 * trustworthy), and a kubeconfig's text comes from a zone: written over ~/.bashrc it would run at
 * the next shell. So: no dotfile or dot-folder in HOME except under ~/.kube/ (that covers the
 * shell start-up files, ~/.ssh, ~/.config/autostart, ~/.local/bin), no folder, and an existing
 * file is replaced only inside HOME and only when the person confirmed that exact path.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { errnoCode, FILE_CODES, fileError, writeError } from './file-errors';

/** `file` relative to `home` when it is inside it, else null. */
function insideHome(home: string, file: string): string | null {
  const rel = path.relative(home, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel;
}

/** True for a path in HOME that passes through a dot-name other than `.kube`. */
export function isProtectedInHome(home: string, file: string): boolean {
  const rel = insideHome(home, file);
  if (rel === null) return false;
  const parts = rel.split(path.sep);
  if (parts[0] === '.kube') return parts.slice(1).some((p) => p.startsWith('.'));
  return parts.some((p) => p.startsWith('.'));
}

/** The folder as the file system sees it (a link to ~/.ssh is ~/.ssh); as given when it does not exist yet. */
export async function realFolder(dir: string): Promise<string> {
  if (dir.includes('\0')) throw nulError();
  try {
    return await fsp.realpath(dir);
  } catch (e) {
    if (errnoCode(e) !== 'ENOENT') throw e;
    const parent = path.dirname(dir);
    return parent === dir ? dir : path.join(await realFolder(parent), path.basename(dir));
  }
}

function nulError(): Error {
  return fileError(FILE_CODES.writeFailed, 'That path holds a NUL character, which no file name may contain.', '');
}

export interface SaveTarget {
  /** Absolute path, its folder resolved: where the file lands. */
  path: string;
  exists: boolean;
}

/**
 * Checks a Save-as target. `confirmed` is the path the person agreed to replace (the native
 * dialog asks itself; in browser mode the page asks "Replace …?" and sends it back).
 */
export async function checkSaveTarget(home: string, chosen: string, confirmed?: string): Promise<SaveTarget> {
  if (chosen.includes('\0') || confirmed?.includes('\0')) throw nulError();
  try {
    return await checked(home, chosen, confirmed);
  } catch (e) {
    // A folder that cannot be read (EACCES on the way) is a file error in words, not an internal one.
    throw writeError(path.resolve(chosen), e);
  }
}

async function checked(home: string, chosen: string, confirmed?: string): Promise<SaveTarget> {
  const realHome = await realFolder(path.resolve(home));
  const given = path.resolve(chosen);
  const target = path.join(await realFolder(path.dirname(given)), path.basename(given));
  if (isProtectedInHome(path.resolve(home), given) || isProtectedInHome(realHome, target)) {
    throw fileError(
      FILE_CODES.protectedPath,
      `Zonedeck does not write to ${given}: hidden files and folders in your home folder (shell start-up files, ~/.ssh, ~/.config) are off limits. Only ~/.kube/ is allowed.`,
      given,
    );
  }
  let stat;
  try {
    stat = await fsp.lstat(target);
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return { path: target, exists: false };
    throw e;
  }
  if (!stat.isFile() && !stat.isSymbolicLink()) {
    throw fileError(
      FILE_CODES.protectedPath,
      `${target} is a folder or a special file, not a place to save to.`,
      target,
    );
  }
  if (insideHome(realHome, target) === null) {
    throw fileError(
      FILE_CODES.protectedPath,
      `${target} already exists outside your home folder; Zonedeck never replaces such a file. Choose a new name.`,
      target,
    );
  }
  const agreed = confirmed === undefined ? undefined : path.resolve(confirmed);
  if (agreed !== target && agreed !== given) {
    throw fileError(FILE_CODES.exists, `${target} already exists. Replace it?`, target);
  }
  return { path: target, exists: true };
}
