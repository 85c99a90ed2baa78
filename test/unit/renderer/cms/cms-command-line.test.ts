import { describe, expect, it } from 'vitest';
import {
  commandAt,
  parseOne,
  parseScript,
  WP_NOTE,
} from '../../../../src-renderer/features/workspaces/cms/cms-command-line';

const args = (text: string) => parseScript(text).commands.map((c) => c.args);

describe('CMS command lines → argument arrays', () => {
  it('splits words on spaces and tabs, one command per line', () => {
    expect(args('option get blogname\npost   list\t--format=json')).toEqual([
      ['option', 'get', 'blogname'],
      ['post', 'list', '--format=json'],
    ]);
  });

  it('keeps single quotes literal and takes double-quote escapes of " \\ $ and backtick only', () => {
    expect(args(`post create --post_title='It\\'s "fine" $x'`)).toEqual([]);
    expect(args(`option update blogname 'It is "fine" $x \\n'`)).toEqual([
      ['option', 'update', 'blogname', 'It is "fine" $x \\n'],
    ]);
    expect(args('option update blogname "say \\"hi\\" \\\\ \\$5 \\` \\n"')).toEqual([
      ['option', 'update', 'blogname', 'say "hi" \\ $5 ` \\n'],
    ]);
  });

  it('makes the next character literal after a backslash outside quotes', () => {
    expect(args('post create --post_title=Hello\\ World \\#not-a-comment a\\"b')).toEqual([
      ['post', 'create', '--post_title=Hello World', '#not-a-comment', 'a"b'],
    ]);
  });

  it('joins quoted parts into one word (--opt="a b") and keeps empty quoted words', () => {
    expect(args(`post update 12 --post_title="A b"c'd e' ''`)).toEqual([
      ['post', 'update', '12', '--post_title=A bcd e', ''],
    ]);
  });

  it('keeps unicode as typed', () => {
    expect(args('option update blogname "Café 東京 🚀"\npost create --post_title=Ünïcödé')).toEqual([
      ['option', 'update', 'blogname', 'Café 東京 🚀'],
      ['post', 'create', '--post_title=Ünïcödé'],
    ]);
  });

  it('skips empty lines and # comments, but # inside a word is kept', () => {
    const s = parseScript('\n  \n# a comment\noption get blogname # trailing\n\t# indented\nmenu list a#b\n');
    expect(s.commands.map((c) => c.args)).toEqual([
      ['option', 'get', 'blogname'],
      ['menu', 'list', 'a#b'],
    ]);
    expect(s.commands.map((c) => c.line)).toEqual([4, 6]);
    expect(s.errors).toEqual([]);
  });

  it('reports an unterminated quote with its line and column and keeps the other lines', () => {
    const text = 'post list\noption update blogname "Oops\nuser list';
    const s = parseScript(text);
    expect(s.commands.map((c) => c.args)).toEqual([
      ['post', 'list'],
      ['user', 'list'],
    ]);
    expect(s.errors).toHaveLength(1);
    const e = s.errors[0]!;
    expect(e.line).toBe(2);
    expect(e.column).toBe(24);
    expect(text.slice(e.start, e.start + 1)).toBe('"');
    expect(e.message).toMatch(/Unterminated double quote at column 24/);
    expect(parseScript("post list 'x").errors[0]).toMatchObject({ line: 1, column: 11 });
  });

  it('continues a command on the next line after a trailing backslash (also inside double quotes)', () => {
    const text = 'post create \\\n  --post_title="Two \\\nlines" \\\r\n  --post_status=draft\nuser list';
    const s = parseScript(text);
    expect(s.commands.map((c) => c.args)).toEqual([
      ['post', 'create', '--post_title=Two lines', '--post_status=draft'],
      ['user', 'list'],
    ]);
    expect(s.commands.map((c) => [c.line, c.lastLine])).toEqual([
      [1, 4],
      [5, 5],
    ]);
    // The cursor on any of the continued lines is on that command.
    expect(commandAt(s, text, text.indexOf('--post_status'))?.args[0]).toBe('post');
    expect(commandAt(s, text, text.length)?.args).toEqual(['user', 'list']);
    // Inside single quotes a backslash is literal: the quote is left open.
    expect(parseScript("post list 'a\\\nb'").errors[0]).toMatchObject({ line: 1, column: 11 });
  });

  it('drops a leading wp with a note, since the zone takes the arguments without the command name', () => {
    const [c] = parseScript('wp plugin list --status=active').commands;
    expect(c!.args).toEqual(['plugin', 'list', '--status=active']);
    expect(c!.note).toBe(WP_NOTE);
    expect(parseScript("'wp' plugin list").commands[0]!.args).toEqual(['wp', 'plugin', 'list']);
    expect(parseScript('wpx list').commands[0]!.note).toBeUndefined();
    expect(parseScript('post list\n  wp  # nothing else').errors[0]).toMatchObject({ line: 2, column: 3 });
  });

  it('gives word offsets for markers', () => {
    const text = '  plugin install "akismet"';
    const [c] = parseScript(text).commands;
    expect(c!.words.map((w) => text.slice(w.start, w.end))).toEqual(['plugin', 'install', '"akismet"']);
    expect(c!.source).toBe('plugin install "akismet"');
  });

  it('reads one typed line for the command input', () => {
    expect(parseOne('wp cache flush')).toEqual({ args: ['cache', 'flush'], note: WP_NOTE });
    expect(parseOne('')).toEqual({ args: [] });
    expect('error' in parseOne('post list "x')).toBe(true);
  });
});
