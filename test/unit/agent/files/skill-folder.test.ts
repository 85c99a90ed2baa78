/** The skill-folder writer: names from a zone never steer a write outside the chosen folder. */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skillPathProblem, writeSkillFolder } from '../../../../src-main/agent/files/skill-folder';

const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('skillPathProblem', () => {
  it('accepts plain relative paths', () => {
    for (const ok of ['SKILL.md', 'scripts/count_words.py', 'a/b/c.txt', '.hidden', 'dir.with.dots/x'])
      expect(skillPathProblem(ok)).toBeNull();
  });
  it('refuses every name that could escape', () => {
    const bad = [
      '',
      '../x',
      'a/../../x',
      '..',
      '/etc/passwd',
      'a\\b',
      '..\\..\\x',
      'C:/Windows/x',
      'c:x',
      'a\0b',
      'a//b',
      'a/',
      './a',
      'a/./b',
      'a\nb',
    ];
    for (const name of bad) expect(skillPathProblem(name), JSON.stringify(name)).not.toBeNull();
  });
});

describe('writeSkillFolder', () => {
  let base: string;
  let root: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'zd-skill-folder-'));
    root = path.join(base, 'out', 'summarize');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const read = (name: string) => Promise.resolve(`content of ${name}\n`);

  it('writes every file 0600 in 0700 folders', async () => {
    const r = await writeSkillFolder(root, ['SKILL.md', 'scripts/count_words.py', 'a/b/c.txt'], read);
    expect(r.refused).toEqual([]);
    expect(r.written).toEqual(['SKILL.md', 'scripts/count_words.py', 'a/b/c.txt']);
    expect(readFileSync(path.join(root, 'scripts/count_words.py'), 'utf8')).toBe('content of scripts/count_words.py\n');
    expect(modeOf(path.join(root, 'SKILL.md'))).toBe(0o600);
    expect(modeOf(path.join(root, 'a/b/c.txt'))).toBe(0o600);
    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(path.join(root, 'a/b'))).toBe(0o700);
  });

  it('refuses escaping names, lists them, and still writes the rest (nothing lands outside)', async () => {
    const names = ['../escape.txt', '/tmp/abs.txt', 'a\\..\\..\\win.txt', 'C:/x.txt', 'n\0ul', 'a//b', 'ok.md'];
    const r = await writeSkillFolder(root, names, read);
    expect(r.written).toEqual(['ok.md']);
    expect(r.refused.map((x) => x.path)).toEqual(names.slice(0, -1));
    for (const x of r.refused) expect(x.reason).toMatch(/\w/);
    expect(() => lstatSync(path.join(base, 'out', 'escape.txt'))).toThrow();
    expect(readFileSync(path.join(root, 'ok.md'), 'utf8')).toBe('content of ok.md\n');
  });

  it('never reads a refused name from the zone', async () => {
    const asked: string[] = [];
    await writeSkillFolder(root, ['../x', 'y'], (n) => {
      asked.push(n);
      return read(n);
    });
    expect(asked).toEqual(['y']);
  });

  it('refuses a symlinked subfolder that leads outside, writing the others', async () => {
    const outside = path.join(base, 'outside');
    mkdirSync(outside);
    mkdirSync(root, { recursive: true });
    symlinkSync(outside, path.join(root, 'scripts'));
    const r = await writeSkillFolder(root, ['scripts/evil.sh', 'SKILL.md'], read);
    expect(r.written).toEqual(['SKILL.md']);
    expect(r.refused).toEqual([{ path: 'scripts/evil.sh', reason: expect.stringMatching(/symlink/) }]);
    expect(() => lstatSync(path.join(outside, 'evil.sh'))).toThrow();
  });

  it('replaces a symlink where a file goes instead of following it', async () => {
    const victim = path.join(base, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    mkdirSync(root, { recursive: true });
    symlinkSync(victim, path.join(root, 'SKILL.md'));
    const r = await writeSkillFolder(root, ['SKILL.md'], read);
    expect(r.written).toEqual(['SKILL.md']);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(path.join(root, 'SKILL.md')).isSymbolicLink()).toBe(false);
    expect(readFileSync(path.join(root, 'SKILL.md'), 'utf8')).toBe('content of SKILL.md\n');
    expect(() => readlinkSync(path.join(root, 'SKILL.md'))).toThrow();
  });

  it('refuses a path whose folder is a file on disk', async () => {
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, 'scripts'), 'a file');
    const r = await writeSkillFolder(root, ['scripts/x.py'], read);
    expect(r.written).toEqual([]);
    expect(r.refused[0]?.reason).toMatch(/not a folder/);
  });
});
