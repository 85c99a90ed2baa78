/**
 * Browser mode: runs the built browser host (out/main/web.js, from src-main/web/cli.ts) with the
 * user's flags and waits for it. Built JavaScript, not TypeScript transpiled at start: ready in a
 * fraction of the time.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export function launchBrowser(root: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    // A child process rather than an import: the host parses process.argv and owns its own exit.
    const child = spawn(process.execPath, [join(root, 'out/main/web.js'), ...args], {
      cwd: root,
      stdio: 'inherit',
    });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.on('error', (err) => {
      console.error(`The browser host could not start: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
