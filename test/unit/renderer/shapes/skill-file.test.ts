/**
 * Shape matrix for skills and their files: every reader against every alternative a zone may
 * use (names, envelopes, bare strings, JSON or raw text, epoch times) and every writer in the
 * zone's words (selection parameter from the list, body encodings, a refusal asking for text).
 */
import { describe, expect, it } from 'vitest';
import {
  encodingAskedFor,
  pathNameAskedFor,
  fileSelection,
  fileWrite,
  readFileContent,
  readFileList,
  storedText,
} from '../../../../src-renderer/features/workflows/shapes/skill-file';
import { skillBody, toSkillRow } from '../../../../src-renderer/features/workflows/shapes/skill';
import { oneRow } from '../../../support/readers';

const skillRow = oneRow(toSkillRow, 'skill');

describe('skill records', () => {
  it.each([
    [{ id: 's1', name: 'sum', description: 'd', file_count: 2, updated_at: '2026-01-01T00:00:00Z' }],
    [{ uuid: 's1', display_name: 'sum', summary: 'd', files_count: '2', updatedAt: 1767225600 }],
    [{ skill_id: 's1', title: 'sum', desc: 'd', files: [{}, {}], modified_at: 1767225600000 }],
  ])('reads name, description, file count and time in any of their names: %j', (raw) => {
    const r = skillRow(raw, 0);
    expect(r).toMatchObject({ id: 's1', key: 's1', name: 'sum', description: 'd', fileCount: 2 });
    expect(r.updatedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('names a nameless skill by its id or its place', () => {
    expect(skillRow({ id: 'x' }, 0).name).toBe('x');
    expect(skillRow({}, 4)).toMatchObject({ key: '#4', name: '(unnamed 5)' });
  });

  it("writes a create under the zone's other skills' names, an update under the skill's own", () => {
    const others = [{ id: 'a', title: 'x', summary: 'y' }];
    expect(skillBody({ name: 'n', description: 'd' }, others).values).toEqual({ title: 'n', summary: 'd' });
    expect(skillBody({ name: 'n' }, { display_name: 'old' })).toEqual({
      values: { display_name: 'n' },
      words: { display_name: { role: 'skill.name', alts: ['name', 'title', 'slug'], firm: true } },
    });
    expect(skillBody({ name: 'n', description: 'd' }, []).values).toEqual({ name: 'n', description: 'd' });
  });
});

describe('skill file list', () => {
  it.each([
    [{ items: [{ path: 'b.md', size: 3 }, { path: 'a.md' }] }, 'path'],
    [{ data: [{ file: 'b.md', bytes: 3 }, { file: 'a.md' }], next: null }, 'file'],
    [{ files: [{ filename: 'b.md', size_bytes: '3' }, { filename: 'a.md' }] }, 'filename'],
    [[{ file_path: 'b.md', length: 3 }, { file_path: 'a.md' }], 'file_path'],
    [{ results: [{ key: 'b.md', size: 3 }, { key: 'a.md' }], cursor: 'c' }, 'key'],
    [{ data: { files: [{ path: 'b.md', size: 3 }, { path: 'a.md' }] } }, 'path'],
  ])('reads the paths of %j and learns the selection parameter %s', (reply, param) => {
    const l = readFileList(reply);
    expect(l.rows.map((r) => r.path)).toEqual(['a.md', 'b.md']);
    expect(l.rows[1]!.size).toBe(3);
    expect(l.pathName).toBe(param);
  });

  it('takes bare strings, drops junk, keeps each path once, and does not take `name` as a selector', () => {
    const l = readFileList([{ name: 'k.txt' }, 'plain.txt', 42, null, { other: 1 }, 'plain.txt']);
    expect(l.rows.map((r) => r.path)).toEqual(['k.txt', 'plain.txt']);
    expect(l.pathName).toBeUndefined();
    expect(readFileList('garbage')).toEqual({ rows: [], pathName: undefined });
  });

  it('reads times as text or epoch seconds', () => {
    const [a] = readFileList([{ path: 'a', mtime: 1767225600 }]).rows;
    expect(a!.updatedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('skill file content', () => {
  it.each([
    ['hello', { ok: true, text: 'hello', readAs: 'text' }],
    [{ content: 'wrapped' }, { ok: true, text: 'wrapped', readAs: 'json', contentName: 'content' }],
    [
      { path: 'a', text: 'wrapped' },
      { ok: true, text: 'wrapped', readAs: 'json', contentName: 'text' },
    ],
    [{ data: { body: 'wrapped' } }, { ok: true, text: 'wrapped', readAs: 'json', contentName: 'body' }],
    [{ data: 'wrapped' }, { ok: true, text: 'wrapped', readAs: 'json', contentName: 'data' }],
    [{ file: { contents: '' } }, { ok: true, text: '', readAs: 'json', contentName: 'contents' }],
    [null, { ok: true, text: '', readAs: 'text' }],
  ])('reads %j', (reply, want) => {
    expect(readFileContent(reply)).toEqual(want);
  });

  it('says when a reply holds no text it can find, with the field names', () => {
    expect(readFileContent({ blob_ref: 'x', size: 3 })).toEqual({
      ok: false,
      record: { blob_ref: 'x', size: 3 },
      unread: ['blob_ref', 'size'],
    });
  });

  it('a write reply carries the stored text only as a record with content', () => {
    expect(storedText({ path: 'a', content: 'x' })).toBe('x');
    expect(storedText({ path: 'a', size: 1 })).toBeUndefined();
    expect(storedText(undefined)).toBeUndefined();
    expect(storedText('OK')).toBeUndefined();
  });
});

describe('skill file calls', () => {
  it('selects a file by the parameter the list named, loosely (the agent may learn another)', () => {
    expect(fileSelection({ pathName: 'file' }, 'a.md')).toEqual({
      query: { file: 'a.md' },
      words: { query: { file: { role: 'skillFile.path', alts: expect.any(Array) as unknown } } },
    });
    expect(fileSelection({}, 'a.md').query).toEqual({ path: 'a.md' });
  });

  it('writes JSON by default, under the names the list and the read used', () => {
    expect(fileWrite({}, 'a.md', 'x')).toMatchObject({ query: {}, body: { path: 'a.md', content: 'x' } });
    const w = fileWrite({ pathName: 'filename', contentName: 'text', readAs: 'json' }, 'a.md', 'x');
    expect(w.body).toEqual({ filename: 'a.md', text: 'x' });
    expect(w.encoding).toBeUndefined();
    expect(Object.values(w.words.body!).some((c) => c.firm)).toBe(false);
  });

  it('writes raw text with the path in the query once the zone takes text', () => {
    expect(fileWrite({ pathName: 'file', writeAs: 'text' }, 'a.md', 'x\n')).toMatchObject({
      query: { file: 'a.md' },
      body: 'x\n',
      encoding: 'text',
    });
  });

  it('reads a refusal that asks for the other encoding, and nothing else', () => {
    const e = (status: number, message: string) => ({ status, code: 'bad', message });
    expect(encodingAskedFor(e(415, 'Unsupported Media Type'), 'json')).toBe('text');
    expect(encodingAskedFor(e(400, 'body must be text/plain'), 'json')).toBe('text');
    expect(encodingAskedFor(e(400, 'send the raw text of the file'), 'json')).toBe('text');
    // A JSON write refused for a missing query parameter: the zone selects in the query, as text writes do.
    expect(encodingAskedFor(e(400, 'query parameter `file` is required'), 'json')).toBe('text');
    expect(encodingAskedFor(e(422, "missing required field 'contents'"), 'json')).toBeUndefined();
    expect(encodingAskedFor(e(415, 'expected application/json'), 'text')).toBe('json');
    expect(encodingAskedFor(e(500, 'text/plain'), 'json')).toBeUndefined();
  });

  it('takes the path parameter a refusal named, when it reads as a path', () => {
    const e = (details: Record<string, unknown>) => ({ status: 400, code: 'bad', message: 'm', details });
    expect(pathNameAskedFor(e({ param: 'file' }))).toBe('file');
    expect(pathNameAskedFor(e({ expected: ['file_path'] }))).toBe('file_path');
    expect(pathNameAskedFor(e({ field: 'content' }))).toBeUndefined();
  });
});
