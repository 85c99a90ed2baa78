/**
 * A pseudo-terminal for tests without a native module: util-linux `script` runs the command on a
 * pty and relays our pipe to it, so the program sees a TTY (raw mode, no echo of secrets) and we
 * see exactly what it drew. Under CI a missing `script` is a failure, never a skip.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

const probe = spawnSync('script', ['--version'], { encoding: 'utf8' });
export const ptyAvailable = probe.status === 0 && /util-linux/.test(probe.stdout);
export const ptyMissing = ptyAvailable
  ? undefined
  : `util-linux script not runnable (${probe.error?.message ?? probe.stderr})`;

export interface Pty {
  child: ChildProcess;
  /** Everything drawn so far. */
  output(): string;
  write(text: string): void;
  /** Resolves once the output (after `from`) matches. */
  waitFor(re: RegExp, timeoutMs?: number, from?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export function spawnPty(argv: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Pty {
  // -e: script exits with the command's code; -f: flush at once; -q: no banner.
  const child = spawn('script', ['-qfec', argv.map(quote).join(' '), '/dev/null'], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return ptyOf(child);
}

/** A pty's output, written to and waited on, from a child whose stdio is pipes relaying a terminal. */
export function ptyOf(child: ChildProcess): Pty {
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (c: Buffer) => {
    out += c.toString();
    waiters.forEach((w) => w());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
  return {
    child,
    output: () => out,
    write: (text) => void child.stdin!.write(text),
    waitFor(re, timeoutMs = 60_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.slice(from).match(re);
          if (!m) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${re} in ${timeoutMs} ms; the terminal shows:\n${out}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    exited,
  };
}
