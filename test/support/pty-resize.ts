/**
 * A pseudo-terminal that can be resized from a test: Python's pty module runs the command on a pty
 * of `rows`×`cols`; SIGUSR1 to it sets the size to `then` with TIOCSWINSZ, so the kernel sends
 * SIGWINCH to the program exactly as a terminal window being resized does. util-linux `script`
 * cannot: it copies the size of a terminal it does not have here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { ptyOf, type Pty } from './pty';

const HELPER = `
import fcntl, os, pty, select, signal, struct, sys, termios
rows, cols, rows2, cols2 = (int(a) for a in sys.argv[1:5])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[5], sys.argv[5:])
def size(r, c):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', r, c, 0, 0))
size(rows, cols)
signal.signal(signal.SIGUSR1, lambda *_: size(rows2, cols2))
inp = sys.stdin.fileno()
while True:
    r, _, _ = select.select([fd, inp] if inp is not None else [fd], [], [])
    if fd in r:
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b''
        if not data:
            break
        os.write(1, data)
    if inp is not None and inp in r:
        data = os.read(inp, 65536)
        if data:
            os.write(fd, data)
        else:
            inp = None
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
`;

const probe = spawnSync('python3', ['-c', 'import pty, termios, fcntl; print("ok")'], { encoding: 'utf8' });
export const resizablePtyMissing =
  probe.status === 0 && probe.stdout.trim() === 'ok'
    ? undefined
    : `python3 with pty, termios and fcntl not runnable (${probe.error?.message ?? probe.stderr})`;

export interface ResizablePty extends Pty {
  /** Sets the size given as `then`; the program gets SIGWINCH. */
  resize(): void;
}

export function spawnResizablePty(
  argv: string[],
  o: { cwd: string; env: NodeJS.ProcessEnv; size: [number, number]; then: [number, number] },
): ResizablePty {
  const child = spawn('python3', ['-c', HELPER, ...[...o.size, ...o.then].map(String), ...argv], {
    cwd: o.cwd,
    env: o.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return { ...ptyOf(child), resize: () => void child.kill('SIGUSR1') };
}
