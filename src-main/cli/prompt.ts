/**
 * Questions on the terminal: typed answers echoed, secrets not. On a TTY the keys are read in raw
 * mode (so nothing of a password reaches the screen or a scrollback); from a pipe, one line per
 * answer. Ctrl-C while asking ends the command with 130. Questions go to stderr, never stdout.
 */
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';

const stdin = process.stdin;
let buffered = '';
let ended = false;
const waiters: (() => void)[] = [];
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  stdin.setEncoding('utf8');
  stdin.on('data', (chunk: string) => {
    buffered += chunk;
    waiters.splice(0).forEach((w) => w());
  });
  stdin.on('end', () => {
    ended = true;
    waiters.splice(0).forEach((w) => w());
  });
}

async function more(): Promise<void> {
  stdin.resume();
  await new Promise<void>((r) => waiters.push(r));
}

/** Reads keys in raw mode until Enter; echoes them unless `hidden`. */
async function rawLine(hidden: boolean): Promise<string> {
  let line = '';
  try {
    for (;;) {
      while (buffered.length) {
        const ch = buffered[0]!;
        buffered = buffered.slice(1);
        if (ch === '\r' || ch === '\n') {
          process.stderr.write('\n');
          return line;
        }
        if (ch === '\u0003') {
          process.stderr.write('\n');
          throw new CliError('Interrupted.', EXIT.interrupted, 'interrupted');
        }
        if (ch === '\u0004' && line === '') throw new CliError('No answer given.', EXIT.usage, 'no_input');
        if (ch === '\u007f' || ch === '\b') {
          if (line.length) {
            line = line.slice(0, -1);
            if (!hidden) process.stderr.write('\b \b');
          }
          continue;
        }
        if (ch < ' ') continue;
        line += ch;
        if (!hidden) process.stderr.write(ch);
      }
      if (ended) return line;
      await more();
    }
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

async function pipedLine(): Promise<string> {
  for (;;) {
    const nl = buffered.indexOf('\n');
    if (nl >= 0) {
      const line = buffered.slice(0, nl).replace(/\r$/, '');
      buffered = buffered.slice(nl + 1);
      stdin.pause();
      return line;
    }
    if (ended) {
      if (buffered === '') throw new CliError('No answer given (standard input ended).', EXIT.usage, 'no_input');
      const line = buffered;
      buffered = '';
      return line;
    }
    await more();
  }
}

export async function ask(question: string, opts: { hidden?: boolean } = {}): Promise<string> {
  listen();
  // Raw mode before the question shows: keys typed as soon as it appears are never echoed.
  if (stdin.isTTY) stdin.setRawMode(true);
  process.stderr.write(question);
  const answer = stdin.isTTY ? await rawLine(opts.hidden ?? false) : await pipedLine();
  if (!stdin.isTTY) process.stderr.write('\n');
  return answer.trim();
}

/** One line of standard input, for --password-stdin. */
export async function readStdinLine(): Promise<string> {
  listen();
  return (await pipedLine()).trim();
}
