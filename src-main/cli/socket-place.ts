/**
 * Where the app's socket lives: always in a folder only this user can enter, so no other local
 * user can take its name first or listen in its place. The data folder when the path fits a Unix
 * socket (~104 bytes) and the folder is private; else `$XDG_RUNTIME_DIR` when it is this user's and
 * 0700; else a 0700 folder made for it under the temp folder with an unpredictable name (never a
 * name another user could guess). The announce file in the data folder says which; the client
 * checks the place is still private before it sends its secret.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A Unix socket's path must fit sockaddr_un (104 bytes on macOS, 108 on Linux), with its NUL. */
const MAX_SOCKET_PATH = 100;

export interface SocketPlace {
  path: string;
  /** The folder made for this launch's socket, removed when the socket closes. */
  madeDir?: string;
}

/** This process's user id; undefined where there is none (Windows). */
const myUid = (): number | undefined => process.getuid?.();

/** Why a folder is not this user's alone, or undefined when it is: owned by us, no group or world write. */
export function folderProblem(dir: string, strict = false): string | undefined {
  let st;
  try {
    st = statSync(dir);
  } catch {
    return 'missing';
  }
  if (!st.isDirectory()) return 'not a folder';
  const uid = myUid();
  if (uid !== undefined && st.uid !== uid) return `owned by user ${st.uid}`;
  // The server keeps its socket only where nobody else may even look; the client refuses a folder others may write.
  if (st.mode & (strict ? 0o077 : 0o022)) return `mode ${(st.mode & 0o777).toString(8)}`;
  return undefined;
}

/** Why the socket at `where` is not safe to send the secret to, or undefined when it is. */
export function socketProblem(where: string): string | undefined {
  let st;
  try {
    st = lstatSync(where);
  } catch {
    return 'missing';
  }
  if (!st.isSocket()) return 'not a socket';
  const uid = myUid();
  if (uid !== undefined && st.uid !== uid) return `owned by user ${st.uid}`;
  const dir = folderProblem(path.dirname(where));
  return dir && `its folder is ${dir}`;
}

/** The named pipe on Windows: its ACL is the creator's by default, and no folder holds it. */
function pipeName(dataDir: string): string {
  return `\\\\.\\pipe\\zonedeck-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

const fits = (p: string) => Buffer.byteLength(p) < MAX_SOCKET_PATH;

/** Picks (and where needed makes) the socket's place for this launch. */
export function chooseSocketPlace(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  tmp = os.tmpdir(),
  platform = process.platform,
): SocketPlace {
  if (platform === 'win32') return { path: pipeName(dataDir) };
  const inData = path.join(dataDir, 'agent.sock');
  if (fits(inData) && !folderProblem(dataDir, true)) return { path: inData };
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && path.isAbsolute(runtime) && !folderProblem(runtime, true)) {
    const tag = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
    const inRuntime = path.join(runtime, `zonedeck-${tag}.sock`);
    if (fits(inRuntime)) return { path: inRuntime };
  }
  // mkdtemp makes the folder 0700 with random characters in its name: nobody can have taken it.
  const made = mkdtempSync(
    path.join(fits(path.join(tmp, 'zonedeck-XXXXXX', 'agent.sock')) ? tmp : '/tmp', 'zonedeck-'),
  );
  return { path: path.join(made, 'agent.sock'), madeDir: made };
}

/**
 * A host that crashed left its socket's made folder behind: removed when it is one of ours (the
 * mkdtemp name in the temp folder, owned by this user) and nobody answers on its socket (the caller checked).
 */
export function forgetMadeFolder(socket: string): void {
  const dir = path.dirname(socket);
  const inTemp = [os.tmpdir(), '/tmp'].includes(path.dirname(dir));
  if (!inTemp || !/^zonedeck-[A-Za-z0-9]{6}$/.test(path.basename(dir)) || folderProblem(dir, true)) return;
  rmSync(dir, { recursive: true, force: true });
}
