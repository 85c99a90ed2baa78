/**
 * A one-line "working…" on stderr while a command waits on a zone, on a terminal only: never in
 * --json, a pipe or a CI log. It shows after a moment, so a quick command draws nothing, and
 * it leaves no trace on the screen. Twenty lines of our own rather than ora and its dependencies.
 */
import type { Output } from './output';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SHOW_AFTER_MS = 250;
const FRAME_MS = 80;

export async function withProgress<T>(out: Output, label: string, work: Promise<T>): Promise<T> {
  if (out.json || process.stderr.isTTY !== true) return work;
  let frame = 0;
  let shown = false;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    shown = true;
    process.stderr.write(`\r\u001b[2K${FRAMES[frame++ % FRAMES.length]} ${label}`);
    timer = setTimeout(draw, FRAME_MS);
    timer.unref();
  };
  timer = setTimeout(draw, SHOW_AFTER_MS);
  timer.unref();
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    if (shown) process.stderr.write('\r\u001b[2K');
  }
}
