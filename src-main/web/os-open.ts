/**
 * Hands a folder or a URL to the desktop's own opener (xdg-open, open, explorer/start), detached
 * so it outlives nothing of ours. Resolves '' when it went (the opener ran and did not fail
 * within a moment), else a sentence saying why not — Electron's shell.openPath contract, so the
 * agent treats both hosts alike.
 */
import { spawn } from 'node:child_process';

/** An opener still running after this long has handed over to a file manager or browser. */
const SETTLE_MS = 1500;

function opener(target: string, kind: 'folder' | 'url', platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]];
  if (platform === 'win32') return kind === 'folder' ? ['explorer', [target]] : ['cmd', ['/c', 'start', '', target]];
  return ['xdg-open', [target]];
}

export function osOpen(
  target: string,
  kind: 'folder' | 'url',
  platform: NodeJS.Platform = process.platform,
): Promise<string> {
  const [cmd, args] = opener(target, kind, platform);
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    } catch (err) {
      return resolve(`${cmd} could not start: ${(err as Error).message}`);
    }
    const timer = setTimeout(() => resolve(''), SETTLE_MS);
    timer.unref();
    child.once('error', (err) => {
      clearTimeout(timer);
      resolve(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? `${cmd} is not installed here.`
          : `${cmd} failed: ${err.message}`,
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      // explorer.exe answers 1 even when it opened the folder.
      resolve(code === 0 || platform === 'win32' ? '' : `${cmd} found nothing to open it with (exit code ${code}).`);
    });
    child.unref();
  });
}
