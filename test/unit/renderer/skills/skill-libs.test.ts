/** The skills screen's pure parts: language by extension, front matter, the file tree, tolerant records, upload checks. */
import { describe, expect, it } from 'vitest';
import { checkFrontMatter } from '../../../../src-renderer/features/workflows/skills/skill-front-matter';
import { isMarkdown, isSkillDoc, languageOf } from '../../../../src-renderer/features/workflows/skills/skill-language';
import {
  buildTree,
  normalizePath,
  pathProblem,
  visibleNodes,
} from '../../../../src-renderer/features/workflows/skills/skill-paths';
import { isText, stripSkillFolder } from '../../../../src-renderer/features/workflows/skills/skill-upload';

describe('languageOf', () => {
  it('maps extensions to Monaco languages', () => {
    expect(languageOf('SKILL.md')).toBe('markdown');
    expect(languageOf('a/b/config.YML')).toBe('yaml');
    expect(languageOf('x.yaml')).toBe('yaml');
    expect(languageOf('data.json')).toBe('json');
    expect(languageOf('scripts/count_words.py')).toBe('python');
    expect(languageOf('src/x.ts')).toBe('typescript');
    expect(languageOf('x.mjs')).toBe('javascript');
    expect(languageOf('run.sh')).toBe('shell');
    expect(languageOf('Dockerfile')).toBe('dockerfile');
    expect(languageOf('README')).toBe('plaintext');
    expect(languageOf('.env')).toBe('plaintext');
    expect(languageOf('x.unknown')).toBe('plaintext');
  });
  it('knows Markdown and the skill document', () => {
    expect(isMarkdown('docs/guide.markdown')).toBe(true);
    expect(isMarkdown('x.py')).toBe(false);
    expect(isSkillDoc('SKILL.md')).toBe(true);
    expect(isSkillDoc('sub/skill.md')).toBe(true);
    expect(isSkillDoc('README.md')).toBe(false);
  });
});

describe('checkFrontMatter', () => {
  it('accepts name and description and returns the body', () => {
    const c = checkFrontMatter('---\nname: summarize\ndescription: Summarises.\n---\n# Title\n');
    expect(c.problems).toEqual([]);
    expect(c.fields).toEqual({ name: 'summarize', description: 'Summarises.' });
    expect(c.body).toBe('# Title\n');
  });
  it('flags a missing block in a SKILL.md, not in other Markdown', () => {
    expect(checkFrontMatter('# Just text\n').problems[0]?.message).toMatch(/No front matter/);
    expect(checkFrontMatter('# Just text\n', false).problems).toEqual([]);
  });
  it('flags missing or empty fields', () => {
    const c = checkFrontMatter('---\nname: x\ndescription: ""\n---\n');
    expect(c.problems.map((p) => p.message)).toEqual(['“description” must be non-empty text.']);
    expect(checkFrontMatter('---\ndescription: d\n---\n').problems[0]?.message).toMatch(/no “name”/);
  });
  it('flags broken YAML with a line, an unclosed block, and a non-mapping', () => {
    const broken = checkFrontMatter('---\nname: [unclosed\ndescription: d\n---\nbody');
    expect(broken.problems.some((p) => /not valid YAML/.test(p.message))).toBe(true);
    expect(checkFrontMatter('---\nname: x\ndescription: y\n').problems.some((p) => /not closed/.test(p.message))).toBe(
      true,
    );
    expect(checkFrontMatter('---\n- a\n- b\n---\n').problems[0]?.message).toMatch(/key: value/);
  });
});

describe('skill paths', () => {
  it('refuses what the zone would refuse, and what could escape', () => {
    for (const ok of ['SKILL.md', 'scripts/x.py', '.hidden']) expect(pathProblem(ok)).toBeNull();
    for (const bad of ['', '/abs', 'a//b', 'a/', '../x', 'a/./b', 'a\\b', 'x'.repeat(256), 'a\0b'])
      expect(pathProblem(bad), bad).not.toBeNull();
    expect(normalizePath('  ./scripts/x.py ')).toBe('scripts/x.py');
  });
  it('builds folders from "/" with folders first, and hides collapsed folders', () => {
    const tree = buildTree(['SKILL.md', 'scripts/b.py', 'scripts/a.py', 'templates/x/y.txt', 'a.txt']);
    expect(tree.map((n) => `${n.kind}:${n.path}`)).toEqual([
      'folder:scripts',
      'folder:templates',
      'file:a.txt',
      'file:SKILL.md',
    ]);
    const rows = visibleNodes(tree, new Set(['templates']));
    expect(rows.map((n) => `${n.depth}:${n.path}`)).toEqual([
      '0:scripts',
      '1:scripts/a.py',
      '1:scripts/b.py',
      '0:templates',
      '0:a.txt',
      '0:SKILL.md',
    ]);
    expect(visibleNodes(tree, new Set()).find((n) => n.path === 'templates/x/y.txt')?.depth).toBe(2);
  });
});

describe('upload checks', () => {
  it('tells text from binary', () => {
    expect(isText(new TextEncoder().encode('héllo\n'))).toBe(true);
    expect(isText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]))).toBe(false);
    expect(isText(new Uint8Array([0xff, 0xfe, 0x41]))).toBe(false);
  });
  it('drops the folder name of one dropped skill folder, keeps others', () => {
    expect(stripSkillFolder(['my-skill/SKILL.md', 'my-skill/scripts/a.py'])).toEqual(['SKILL.md', 'scripts/a.py']);
    expect(stripSkillFolder(['scripts/a.py', 'scripts/b.py'])).toEqual(['scripts/a.py', 'scripts/b.py']);
    expect(stripSkillFolder(['a.md', 'b/SKILL.md'])).toEqual(['a.md', 'b/SKILL.md']);
  });
});

describe('front matter line numbers', () => {
  it('names the line in the whole file, once', () => {
    const c = checkFrontMatter('---\nname: [oops\ndescription: d\n---\n');
    const p = c.problems.find((x) => /not valid YAML/.test(x.message));
    expect(p?.line).toBeGreaterThanOrEqual(2);
    expect(p?.message).not.toMatch(/at line \d+, column/);
  });
});
