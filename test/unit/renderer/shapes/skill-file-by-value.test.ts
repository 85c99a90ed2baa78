/**
 * A skill's files in words nobody here wrote: the file list's path field found by its values
 * (unique relative paths), which is then the selection parameter; a read's one text field beside
 * it is the content, under which a write sends it back. Two path-like fields, no guess.
 */
import { describe, expect, it } from 'vitest';
import {
  fileSelection,
  fileWrite,
  readFileContent,
  readFileList,
} from '../../../../src-renderer/features/workflows/shapes/skill-file';

const list = {
  results: [
    { s942x: 'SKILL.md', s5pn: 57, blbt1z3j2: 1796176746502 },
    { s942x: 'scripts/count_words.py', s5pn: 48, blbt1z3j2: 1796176746502 },
  ],
};

describe('skill files read by value', () => {
  it('finds the path field by its values and selects and writes files by it', () => {
    const listing = readFileList(list);
    expect(listing.rows.map((r) => r.path)).toEqual(['SKILL.md', 'scripts/count_words.py']);
    expect(listing.pathName).toBe('s942x');
    expect(fileSelection({ pathName: 's942x' }, 'SKILL.md').query).toEqual({ s942x: 'SKILL.md' });

    const read = readFileContent({ s942x: 'SKILL.md', rk4p: '# Summarize\n' }, 's942x');
    expect(read).toEqual({ ok: true, text: '# Summarize\n', readAs: 'json', contentName: 'rk4p' });
    expect(fileWrite({ pathName: 's942x', contentName: 'rk4p' }, 'SKILL.md', 'x').body).toEqual({
      s942x: 'SKILL.md',
      rk4p: 'x',
    });
  });

  it('guesses nothing when two fields look like paths, or a read holds two texts', () => {
    const two = { results: [{ a1: 'a.md', b2: 'docs/a.md' }] };
    expect(readFileList(two)).toEqual({ rows: [], pathName: undefined });
    expect(readFileContent({ s942x: 'a.md', x1: 'one', y2: 'two' }, 's942x').ok).toBe(false);
  });
});
