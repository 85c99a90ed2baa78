/**
 * A CMS script (one command per line) read into argument arrays the way a POSIX shell splits
 * words, so what the person typed and what the zone receives agree. Pure: no DOM, no Monaco.
 *
 * The rules, in shell terms:
 * - Words are split on spaces and tabs; a newline ends a command. Empty lines are skipped.
 * - `#` at the start of a word starts a comment to the end of the line (`a#b` stays one word).
 * - 'single quotes' keep everything literal; "double quotes" take backslash escapes of `"` `\`
 *   `$` and backtick only (any other backslash stays as typed); a backslash outside quotes makes
 *   the next character literal. `--opt="a b"` is one word `--opt=a b`; `''` is an empty word.
 * - A backslash at the very end of a line continues the command on the next line (outside
 *   single quotes). Quotes never span lines otherwise: an unclosed quote is an error at its
 *   column rather than swallowing the lines below, which in an editor would hide every later command.
 * - No variables, globs, pipes or substitution: `$HOME` and `*` are sent as typed.
 * - A leading `wp` (the CMS's usual CLI name) is dropped with a note, since the zone takes the
 *   arguments without the command name.
 */

export interface CmsWord {
  value: string;
  /** Text offsets [start, end) of the word as typed (quotes included). */
  start: number;
  end: number;
}

export interface CmsCommand {
  /** 1-based line where the command starts, and the line where it ends (continuations). */
  line: number;
  lastLine: number;
  /** Text offsets [start, end) of the command's source, comment excluded. */
  start: number;
  end: number;
  /** The source as typed (continuations kept), for the output's heading. */
  source: string;
  /** The arguments sent to the zone (leading `wp` dropped). */
  words: CmsWord[];
  args: string[];
  /** Set when a leading `wp` was dropped. */
  note?: string;
}

export interface CmsLineError {
  line: number;
  /** 1-based column in UTF-16 units, as Monaco counts. */
  column: number;
  start: number;
  end: number;
  message: string;
}

export interface CmsScript {
  commands: CmsCommand[];
  errors: CmsLineError[];
}

const WP_ALONE = '“wp” alone sends nothing: write the command after it, e.g. plugin list.';

export const WP_NOTE = 'The leading “wp” is not sent: the zone takes the arguments without the command name.';

function isBlank(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r';
}

/** Length of a backslash-newline (or backslash-CRLF) at `i`, 0 when there is none. */
function continuationAt(text: string, i: number): number {
  if (text[i] !== '\\') return 0;
  if (text[i + 1] === '\n') return 2;
  return text[i + 1] === '\r' && text[i + 2] === '\n' ? 3 : 0;
}

/** Reads every command of `text`; a line with an error yields no command. */
export function parseScript(text: string): CmsScript {
  const commands: CmsCommand[] = [];
  const errors: CmsLineError[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const nextLine = (skip: number) => {
    i += skip;
    line++;
    lineStart = i;
  };

  while (i < text.length) {
    // One command: words until an unescaped newline or the end of the text.
    const first = line;
    const words: CmsWord[] = [];
    let error: CmsLineError | null = null;
    let word: { value: string; start: number } | null = null;
    const endWord = (at: number) => {
      if (word) words.push({ value: word.value, start: word.start, end: at });
      word = null;
    };
    const begin = (at: number): { value: string; start: number } => (word ??= { value: '', start: at });

    while (i < text.length && text[i] !== '\n') {
      const c = text[i]!;
      const cont = continuationAt(text, i);
      if (cont) nextLine(cont);
      else if (isBlank(c)) {
        endWord(i);
        i++;
      } else if (c === '#' && !word) {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (c === '\\') {
        // Outside quotes a backslash makes the next character literal; at the very end it is dropped.
        if (i + 1 < text.length) begin(i).value += text[i + 1];
        i += 2;
      } else if (c === "'" || c === '"') {
        const w = begin(i);
        const open = i;
        const openLine = line;
        const openColumn = open - lineStart + 1;
        i++;
        let closed = false;
        while (i < text.length) {
          const q = text[i]!;
          if (q === c) {
            closed = true;
            i++;
            break;
          }
          const qCont = c === '"' ? continuationAt(text, i) : 0;
          if (qCont) nextLine(qCont);
          else if (q === '\n') break;
          else if (c === '"' && q === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) {
            w.value += text[i + 1];
            i += 2;
          } else {
            w.value += q;
            i++;
          }
        }
        if (!closed) {
          const kind = c === "'" ? 'single' : 'double';
          error = {
            line: openLine,
            column: openColumn,
            start: open,
            end: i,
            message: `Unterminated ${kind} quote at column ${openColumn}: close it with ${c} on the same line, or end the line with \\ to go on.`,
          };
          // Skip the rest of this line; the next line starts afresh.
          while (i < text.length && text[i] !== '\n') i++;
          break;
        }
      } else {
        begin(i).value += c;
        i++;
      }
    }
    endWord(i);
    const last = line;
    if (text[i] === '\n') nextLine(1);
    if (!error && words.length === 1 && isWp(words[0]!)) {
      const w = words[0]!;
      error = {
        line: first,
        column: w.start - text.lastIndexOf('\n', w.start - 1),
        start: w.start,
        end: w.end,
        message: WP_ALONE,
      };
    }
    if (error) errors.push(error);
    else if (words.length) commands.push(toCommand(text, words, first, last));
  }
  return { commands, errors };
}

/** A bare `wp` as typed (a quoted 'wp' is an argument the person meant). */
function isWp(w: CmsWord): boolean {
  return w.value === 'wp' && w.end - w.start === 2;
}

function toCommand(text: string, all: CmsWord[], line: number, lastLine: number): CmsCommand {
  const start = all[0]!.start;
  const end = all[all.length - 1]!.end;
  const dropWp = isWp(all[0]!);
  const words = dropWp ? all.slice(1) : all;
  const cmd: CmsCommand = {
    line,
    lastLine,
    start,
    end,
    source: text.slice(start, end),
    words,
    args: words.map((w) => w.value),
  };
  if (dropWp) cmd.note = WP_NOTE;
  return cmd;
}

/** The command whose lines hold `offset` (the cursor), if any. */
export function commandAt(script: CmsScript, text: string, offset: number): CmsCommand | undefined {
  const line = lineOf(text, offset);
  return script.commands.find((c) => c.line <= line && line <= c.lastLine);
}

/** The error on the cursor's line, if any. */
export function errorAt(script: CmsScript, text: string, offset: number): CmsLineError | undefined {
  const line = lineOf(text, offset);
  return script.errors.find((e) => e.line === line);
}

/** 1-based line of a text offset. */
export function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let k = 0; k < offset && k < text.length; k++) if (text[k] === '\n') n++;
  return n;
}

/** Reads one line typed in the command input: its arguments, or the error in words. */
export function parseOne(line: string): { args: string[]; note?: string } | { error: CmsLineError } {
  const s = parseScript(line.replace(/\n/g, ' '));
  if (s.errors.length) return { error: s.errors[0]! };
  const c = s.commands[0];
  return c ? { args: c.args, ...(c.note ? { note: c.note } : {}) } : { args: [] };
}
