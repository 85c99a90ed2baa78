/**
 * Errors of the file writers. Local failures have no zone behind them, so status is 0 (see
 * contract/errors.ts); the codes below are stable so the UI can tell "your kubeconfig is broken"
 * from "the disk is full".
 */
import { AgentError } from '../../contract/errors';

export const FILE_CODES = {
  invalidKubeconfig: 'invalid_kubeconfig',
  writeFailed: 'file_write_failed',
  readFailed: 'file_read_failed',
  /** The file exists and the person did not confirm replacing that exact path. */
  exists: 'file_exists',
  /** A place Zonedeck never writes: shell start-up files, ~/.ssh, other dotfiles, a folder. */
  protectedPath: 'protected_path',
  /** The file is read-only (0400): its owner meant it; kubectl would refuse too. */
  readOnly: 'file_read_only',
  /** Another program holds the kubeconfig lock (<file>.lock) for too long. */
  locked: 'file_locked',
} as const;

export function fileError(code: string, message: string, path: string): AgentError {
  return new AgentError({ status: 0, code, message, details: { path } });
}

/** Node's errno codes turned into words a person can act on. */
const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'the path is a folder',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  EBUSY: 'the file is in use',
};

export function errnoCode(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Wraps any failure while writing `path`; an AgentError (say, a cancelled download) passes through. */
export function writeError(path: string, e: unknown): AgentError {
  if (e instanceof AgentError) return e;
  const code = errnoCode(e);
  const reason = (code && CAUSES[code]) || (e instanceof Error ? e.message : String(e));
  return new AgentError({
    status: 0,
    code: FILE_CODES.writeFailed,
    message: `Could not write ${path}: ${reason}.`,
    details: { path, ...(code ? { errno: code } : {}) },
  });
}

export function readError(path: string, e: unknown): AgentError {
  if (e instanceof AgentError) return e;
  const code = errnoCode(e);
  const reason = (code && CAUSES[code]) || (e instanceof Error ? e.message : String(e));
  return new AgentError({
    status: 0,
    code: FILE_CODES.readFailed,
    message: `Could not read ${path}: ${reason}.`,
    details: { path, ...(code ? { errno: code } : {}) },
  });
}

export function invalidKubeconfig(message: string, details?: Record<string, unknown>): AgentError {
  return new AgentError({ status: 0, code: FILE_CODES.invalidKubeconfig, message, ...(details ? { details } : {}) });
}
