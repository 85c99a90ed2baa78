/**
 * A skill's files in whole API styles (#34): the path named in a nested record (JSON:API's
 * `attributes.path`) or in another case (AWS's `Path`) is the list's word, before any guess by
 * value (a JSON:API resource's `id` is its path too); a write sends the path under the list's own
 * word, firm, so a refusal naming one other field is the content's; the names a write was taken
 * under come first next time, dotted ones (`spec.content`) written nested; and the words' writer
 * puts any taught path nested, never through a prototype key.
 */
import { describe, expect, it } from 'vitest';
import { fileWrite, readFileList } from '../../../../src-renderer/features/workflows/shapes/skill-file';
import { field, nestedPath, worded } from '../../../../src-renderer/shapes/words';

describe('skill file lists in API styles', () => {
  it('JSON:API: the path is the attributes’ `path`, not the resource id that also holds it', () => {
    const listing = readFileList({
      data: [
        { type: 'files', id: 'SKILL.md', attributes: { path: 'SKILL.md', size: 57 } },
        { type: 'files', id: 'a/b.py', attributes: { path: 'a/b.py', size: 4 } },
      ],
    });
    expect(listing.pathName).toBe('path');
    expect(listing.rows.map((r) => [r.path, r.size])).toEqual([
      ['SKILL.md', 57],
      ['a/b.py', 4],
    ]);
  });

  it('AWS: `Path` is the list’s word; Kubernetes: metadata.name is no selector', () => {
    expect(readFileList({ SkillFiles: [{ Path: 'SKILL.md', Size: 57 }] }).pathName).toBe('Path');
    const k8s = {
      kind: 'SkillFileList',
      items: [{ kind: 'SkillFile', metadata: { name: 'SKILL.md' }, spec: { path: 'SKILL.md' } }],
    };
    expect(readFileList(k8s)).toMatchObject({ pathName: undefined, rows: [{ path: 'SKILL.md' }] });
  });
});

describe('skill file writes', () => {
  it('the path under the list’s own word, firm; the text under the read’s word, loose', () => {
    const w = fileWrite({ pathName: 's942x', listPath: 's942x', contentName: 'rk4p' }, 'SKILL.md', 'x');
    expect(w.body).toEqual({ s942x: 'SKILL.md', rk4p: 'x' });
    expect(w.words.body!.s942x).toMatchObject({ role: 'skillFile.path', firm: true });
    expect(w.words.body!.rk4p!.firm).toBeUndefined();
  });

  it('the names a write was taken under come first, over the read’s; the selection is not the body’s', () => {
    const w = fileWrite(
      { pathName: 'path', listPath: 's942x', contentName: 'rk4p', writePath: 's942x', writeContent: 'owpgdp8' },
      'SKILL.md',
      'x',
    );
    expect(w.body).toEqual({ s942x: 'SKILL.md', owpgdp8: 'x' });
    expect(Object.values(w.words.body!).every((c) => c.firm)).toBe(true);
  });

  it('names taken as paths are written nested, and stay the words the agent knows them by', () => {
    const w = fileWrite({ writePath: 'spec.path', writeContent: 'spec.content' }, 'SKILL.md', 'x');
    expect(w.body).toEqual({ spec: { path: 'SKILL.md', content: 'x' } });
    expect(Object.keys(w.words.body!)).toEqual(['spec.path', 'spec.content']);
    const api = fileWrite({ writePath: 'data.attributes.path', writeContent: 'data.attributes.content' }, 'a', 'x');
    expect(api.body).toEqual({ data: { attributes: { path: 'a', content: 'x' } } });
  });
});

describe('worded with taught paths', () => {
  const CONTENT = field('skillFile.content', 'content', 'text');

  it('a dotted name no record holds as a key is nested; one a record holds as a key is that key', () => {
    expect(worded([[field('x.c', 'spec.content', 'content'), 'v']], {}).values).toEqual({ spec: { content: 'v' } });
    expect(worded([[field('x.c', 'a.b', 'content'), 'v']], { 'a.b': 1 }).values).toEqual({ 'a.b': 'v' });
    expect(worded([[CONTENT, 'v']], { content: 1 }).values).toEqual({ content: 'v' });
  });

  it('a path is 2 to 4 identifiers and never a prototype key', () => {
    expect(nestedPath('spec.content')).toEqual(['spec', 'content']);
    for (const n of ['content', 'a.b.c.d.e', 'spec.__proto__', '__proto__.polluted', 'constructor.x', 'a-b.c'])
      expect(nestedPath(n)).toBeUndefined();
    const out = worded([[field('x.c', '__proto__.polluted', 'content'), 'v']], {}).values;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
