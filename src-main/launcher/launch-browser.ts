/** Browser mode: runs the browser host (src-main/web/cli.ts) with the user's flags and waits for it. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export function launchBrowser(root: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    // A child process rather than an import: the host parses process.argv and owns its own exit.
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src-main/web/cli.ts'), ...args], {
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
