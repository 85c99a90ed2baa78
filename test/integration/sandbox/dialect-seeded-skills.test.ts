/**
 * Seeded dialects, both directions, on skill files (issue #22, journey 1): a seeded zone lists
 * files under its own path field, answers a read in its own encoding, refuses a write in the
 * standard names (naming what it wants, or 415 when it takes raw text), accepts one in its own,
 * and stores exactly what the standard zone stores for the same write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from './helpers';
import { byName, idOf, namedIn, rows, send, startSeeded, type Rec, type SeededZone } from './dialect-support';

const SEEDS = ['seed:8119', 'seed:10315', 'seed:904', 'seed:976', 'seed:591'] as const;
let sb: TestSandbox;
let std: SeededZone;
const zones: Record<string, SeededZone> = {};

beforeAll(async () => {
  const started = await startSeeded(SEEDS);
  sb = started.sb;
  std = started.zones[0]!;
  for (const z of started.zones.slice(1)) zones[z.dialect] = z;
});
afterAll(() => sb.close());

async function skillId(z: SeededZone): Promise<string> {
  return idOf(await byName(z, '/skills', 'summarize'), z.ch, 'skill');
}

/** Reads a file the way this zone answers: raw text, or JSON with the text at its place. */
async function readFile(z: SeededZone, id: string, path: string): Promise<string> {
  const r = await send(z, 'GET', `/skills/${id}/files/content?${z.ch.filePath}=${encodeURIComponent(path)}`);
  expect(r.status).toBe(200);
  if (z.ch.fileRead === 'text') {
    expect(r.type).toMatch(/^text\/plain/);
    return r.text;
  }
  expect(r.type).toMatch(/^application\/json/);
  const b = r.body as Rec;
  if (z.ch.fileRead === 'json_text') return b.text as string;
  if (z.ch.fileRead === 'json_data_content') return (b.data as Rec).content as string;
  return b.content as string;
}

/** Writes a file in this zone's own words and encoding. */
function writeFile(z: SeededZone, id: string, path: string, content: string) {
  if (z.ch.fileWrite === 'raw')
    return send(z, 'PUT', `/skills/${id}/files?${z.ch.filePath}=${encodeURIComponent(path)}`, content, 'text/plain');
  const contentName = z.ch.fileWrite === 'json_text' ? 'text' : 'content';
  return send(z, 'PUT', `/skills/${id}/files`, { [z.ch.filePath]: path, [contentName]: content });
}

describe.each(SEEDS)('skill files in %s', (dialect) => {
  const z = () => zones[dialect]!;

  it('lists files under its own path field', async () => {
    const files = rows((await send(z(), 'GET', `/skills/${await skillId(z())}/files`)).body);
    expect(files.map((f) => f[z().ch.filePath])).toEqual(['SKILL.md', 'scripts/count_words.py']);
    if (z().ch.filePath !== 'path') expect(files[0]).not.toHaveProperty('path');
  });

  it('answers a read in its own encoding, the same text the standard zone holds', async () => {
    const standard = await send(std, 'GET', `/skills/${await skillId(std)}/files/content?path=SKILL.md`);
    expect(await readFile(z(), await skillId(z()), 'SKILL.md')).toBe(standard.text);
  });

  it('refuses a read by another parameter with 400 naming its own', async () => {
    const r = await send(z(), 'GET', `/skills/${await skillId(z())}/files/content?path=SKILL.md`);
    if (z().ch.filePath === 'path') return expect(r.status).toBe(200);
    expect(r.status).toBe(400);
    expect(namedIn(r.body)).toBe(z().ch.filePath);
  });

  it('refuses a write in the standard names, naming what it wants (or 415 when it takes raw text)', async () => {
    const r = await send(z(), 'PUT', `/skills/${await skillId(z())}/files`, { path: 'x.md', content: 'x' });
    if (z().ch.fileWrite === 'raw') {
      expect(r.status).toBe(415);
      expect(JSON.stringify(r.body)).toMatch(/text\/plain/);
    } else {
      expect(r.status).toBe(422);
      expect(namedIn(r.body)).toBe(z().ch.filePath);
    }
  });

  it('accepts a write in its own words and stores what the standard zone stores', async () => {
    const text = `# Notes for ${dialect}\nline two ✓\n`;
    const id = await skillId(z());
    const w = await writeFile(z(), id, `notes/${dialect.replace(':', '-')}.md`, text);
    const expected = { meta: 201, stored: 201, ack: 201, empty: 204 }[z().ch.fileWriteReply];
    expect(w.status).toBe(expected === 201 ? Number(z().ch.createStatus) : expected);
    if (z().ch.fileWriteReply === 'empty') expect(w.text).toBe('');
    const s = await send(std, 'PUT', `/skills/${await skillId(std)}/files`, {
      path: `notes/${dialect.replace(':', '-')}.md`,
      content: text,
    });
    expect(s.status).toBe(201);
    const standardText = await readFile(std, await skillId(std), `notes/${dialect.replace(':', '-')}.md`);
    expect(await readFile(z(), id, `notes/${dialect.replace(':', '-')}.md`)).toBe(standardText);
    expect(standardText).toBe(text);
  });

  it('says a missing file in its own error shape', async () => {
    const r = await send(z(), 'GET', `/skills/${await skillId(z())}/files/content?${z().ch.filePath}=nope.md`);
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).toContain('not_found');
    if (z().ch.errorShape === 'nested') expect(r.body).toMatchObject({ error: { code: 'not_found' } });
    if (z().ch.errorShape === 'errors_array') expect(r.body).toMatchObject({ errors: [{ code: 'not_found' }] });
    if (z().ch.errorShape === 'code_detail') expect(r.body).toMatchObject({ code: 'not_found' });
  });
});
