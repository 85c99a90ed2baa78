/**
 * The real `zonedeck` entry point as a child process, talked to while it runs: what it asks on
 * stderr is waited for, answers are written to its stdin (a mailed code known only once asked).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, type CliRun } from './cli-world';

/** tsx by its file, so a command may be typed in any folder (a bare `tsx` resolves from the cwd). */
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export interface CliChild {
  /** Resolves once stderr (from the start) matches. */
  asked(re: RegExp, timeoutMs?: number): Promise<void>;
  answer(line: string): void;
  /** Ends stdin and resolves with what it printed and its exit code. */
  done(): Promise<CliRun>;
}

export function spawnCli(args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): CliChild {
  const child = spawn(process.execPath, ['--import', TSX, path.join(ROOT, 'src-main/cli/main.ts'), ...args], {
    cwd: o.cwd,
    env: o.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    waiters.forEach((w) => w());
  });
  const closed = new Promise<CliRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      resolve({ code, stdout, stderr });
      waiters.forEach((w) => w());
    });
  });
  if (o.input !== undefined) child.stdin.write(o.input);
  return {
    asked: (re, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (re.test(stderr)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          } else if (child.exitCode !== null) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`zonedeck ended (${child.exitCode}) without asking ${re}:\n${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`zonedeck did not ask ${re} in ${timeoutMs} ms:\n${stderr}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    answer: (line) => void child.stdin.write(`${line}\n`),
    done: () => {
      child.stdin.end();
      return closed;
    },
  };
}

/** Runs one command to its end with `input` on stdin. */
export function runCli(args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<CliRun> {
  return spawnCli(args, o).done();
}
