/**
 * How results reach the person: plain lines and aligned tables on a terminal, JSON with --json.
 * Colour only on a TTY and never when NO_COLOR is set (https://no-color.org).
 */
import type { Writable } from 'node:stream';

export interface Output {
  json: boolean;
  /** The result: JSON with --json, else the human text. */
  result(human: string, data: unknown): void;
  /** Progress and notes for the person, on stderr (never mixed into what a script reads). */
  note(text: string): void;
  color(stream: 'stdout' | 'stderr'): boolean;
}

export function colorOn(stream: Writable & { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function createOutput(json: boolean, env: NodeJS.ProcessEnv = process.env): Output {
  return {
    json,
    result(human, data) {
      process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : human.endsWith('\n') ? human : `${human}\n`);
    },
    note(text) {
      if (!json) process.stderr.write(`${text}\n`);
    },
    color: (s) => colorOn(s === 'stdout' ? process.stdout : process.stderr, env),
  };
}

const CODES = { red: [31, 39], green: [32, 39], yellow: [33, 39], dim: [2, 22], bold: [1, 22] } as const;
export type Style = keyof typeof CODES;

export function paint(on: boolean, style: Style, text: string): string {
  if (!on) return text;
  const [open, close] = CODES[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [head, ...rows];
  // Colour codes take no room on screen.
  // eslint-disable-next-line no-control-regex -- the escape character is what is matched
  const width = (s: string) => s.replace(/\u001b\[\d+m/g, '').length;
  const widths = head.map((_, i) => Math.max(...all.map((r) => width(r[i] ?? ''))));
  return all
    .map((r) =>
      r
        .map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i]! - width(cell))))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
