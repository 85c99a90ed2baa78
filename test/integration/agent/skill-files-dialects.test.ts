/**
 * A skill file's write and read as the window sends them (features/workflows/shapes/skill-file.ts),
 * against zones in whole public API styles and in random words (#34): a Kubernetes zone refuses a
 * flat body naming `spec.path`, `spec.content`, a JSON:API one naming `/data/attributes/…`
 * pointers — the agent moves the fields there, nested, and learns the paths; an AWS zone selects
 * by `path` though its list says `Path`, and writes `Content`; a lenient random zone writes a
 * file's text under another name than its reads answer it, and its refusal names that name. Each
 * write is taken after one refusal; the next goes straight, and what was written reads back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallWords } from '../../../src-main/contract/zone-words';
import type { Dialect } from '../../../src-main/sandbox/dialect/choose';
import { KeyMap } from '../../../src-main/sandbox/dialect/random-names';
import { loopbackFetch } from '../../support/loopback-fetch';
import { harness } from './harness';

const PATHS = ['path', 'file', 'filename', 'file_path', 'filepath', 'name', 'key'];
const CONTENTS = ['content', 'text', 'body', 'data', 'contents', 'source'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/;

/** The words of a write with the path under `path` (firm when the zone's list named it) and the text under `content`. */
function writeWords(path: string, content: string, firmPath: boolean): CallWords {
  return {
    body: {
      [path]: { role: 'skillFile.path', alts: PATHS.filter((n) => n !== path), ...(firmPath ? { firm: true } : {}) },
      [content]: { role: 'skillFile.content', alts: CONTENTS.filter((n) => n !== content) },
    },
  };
}

/** The first UUID anywhere in a record: the skill's id, whatever the style calls it. */
function uuidIn(v: unknown): string | undefined {
  if (typeof v === 'string') return UUID.test(v) ? v : undefined;
  if (v && typeof v === 'object') for (const x of Object.values(v)) if (uuidIn(x)) return uuidIn(x);
  return undefined;
}

const ZONES: { id: string; dialect: Dialect }[] = [
  { id: 'k8s', dialect: 'style:k8s' as Dialect },
  { id: 'jsonapi', dialect: 'style:jsonapi' as Dialect },
  { id: 'aws', dialect: 'style:aws' as Dialect },
  { id: 'r13', dialect: 'random:13' as Dialect },
];

describe('skill files against zones in other styles', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  const zone: Record<string, string> = {};
  const skill: Record<string, string> = {};
  const requests = async (id: string) => {
    const base = h.sandbox.zones.find((z) => z.id === id)!.baseUrl;
    return ((await (await loopbackFetch(`${base}/_sandbox/requests`)).json()) as { count: number }).count;
  };
  const put = (id: string, body: Record<string, unknown>, words: CallWords) =>
    h.invoke('api.call', { zone: zone[id]!, operationId: 'skills.files.put', params: { id: skill[id]! }, body, words });
  const read = (id: string, query: Record<string, string>, words?: CallWords) =>
    h.invoke('api.call', {
      zone: zone[id]!,
      operationId: 'skills.files.content',
      params: { id: skill[id]! },
      query,
      ...(words ? { words } : {}),
    });
  const learned = async (id: string) => (await h.invoke('zones.list', {})).find((z) => z.id === zone[id])?.learnedWords;

  beforeAll(async () => {
    h = await harness({ zones: ZONES });
    for (const z of ZONES) {
      zone[z.id] = (await h.addAndSignIn(z.id)).id;
      const list = await h.invoke('api.call', { zone: zone[z.id]!, operationId: 'skills.list' });
      const rows = Object.values(list.data as object).find(Array.isArray) as unknown[];
      skill[z.id] = uuidIn(rows.find((r) => JSON.stringify(r).includes('"summarize"')))!;
    }
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('Kubernetes: a refusal naming spec.path, spec.content moves both into spec and is learned as paths', async () => {
    const words = writeWords('path', 'content', false);
    const first = await put('k8s', { path: 'SKILL.md', content: 'k8s one' }, words);
    expect(first.sent).toEqual({ body: { 'skillFile.path': 'spec.path', 'skillFile.content': 'spec.content' } });
    expect(await learned('k8s')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'skillFile.path', place: 'body', name: 'spec.path', instead: 'path' }),
        expect.objectContaining({ role: 'skillFile.content', place: 'body', name: 'spec.content', instead: 'content' }),
      ]),
    );
    const before = await requests('k8s');
    await put('k8s', { path: 'SKILL.md', content: 'k8s two' }, words);
    expect((await requests('k8s')) - before).toBe(1);
    expect((await read('k8s', { path: 'SKILL.md' })).data).toBe('k8s two');
  });

  it('JSON:API: pointers /data/attributes/… move the fields into data.attributes, the firm path too', async () => {
    const words = writeWords('path', 'content', true);
    const res = await put('jsonapi', { path: 'SKILL.md', content: 'api one' }, words);
    expect(res.sent).toEqual({
      body: { 'skillFile.path': 'data.attributes.path', 'skillFile.content': 'data.attributes.content' },
    });
    expect((await read('jsonapi', { path: 'SKILL.md' })).data).toBe('api one');
  });

  it('AWS: a read by the list’s `Path` is refused naming `path` and retried so; the write learns `Content`', async () => {
    const sel: CallWords = { query: { Path: { role: 'skillFile.path', alts: PATHS } } };
    const got = await read('aws', { Path: 'SKILL.md' }, sel);
    expect(got.sent).toEqual({ query: { 'skillFile.path': 'path' } });
    const res = await put('aws', { Path: 'SKILL.md', content: 'aws one' }, writeWords('Path', 'content', true));
    expect(res.sent).toEqual({ body: { 'skillFile.path': 'Path', 'skillFile.content': 'Content' } });
    expect((await read('aws', { Path: 'SKILL.md' }, sel)).data).toBe('aws one');
  });

  it('random: the refusal names the zone’s own word for the text, and the write is taken under it', async () => {
    const keys = new KeyMap(13);
    const [path, content] = [keys.nameOf('path'), keys.nameOf('content')];
    // The window opens the file first: the read answers a record with the text under the zone's word for `text`.
    const opened = (await read('r13', { [path]: 'SKILL.md' })).data as Record<string, unknown>;
    const text = Object.keys(opened).find((k) => k !== path)!;
    expect(text).toBe(keys.nameOf('text'));
    expect(text).not.toBe(content);
    // It writes under the names the zone's list (the path) and its read (the text) used.
    const res = await put('r13', { [path]: 'SKILL.md', [text]: 'random one' }, writeWords(path, text, true));
    expect(res.sent).toEqual({ body: { 'skillFile.path': path, 'skillFile.content': content } });
    const back = (await read('r13', { [path]: 'SKILL.md' })).data as Record<string, unknown>;
    expect(back[text]).toBe('random one');
  });
});
