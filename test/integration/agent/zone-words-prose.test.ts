/**
 * The skill-file read of issue #34 against the sandbox's `prose` dialect: the zone selects files
 * by `name` and refuses `?path=` as real zones do, with a code and a sentence
 * (`{"error":"name_required","message":"select it with the query parameter name, e.g. ?name=…"}`),
 * no list of expected names. The agent reads the refusal, retries once with `name`, learns it for
 * the query, and the next read goes straight under `name`: one request, no refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallWords } from '../../../src-main/contract/zone-words';
import { idOf, listOf } from '../../../src-main/contract/tolerant';
import { loopbackFetch } from '../../support/loopback-fetch';
import { harness } from './harness';

/** What the window sends for a skill file read (features/workflows/shapes/skill-file.ts). */
const PATH: CallWords = { query: { path: { role: 'skillFile.path', alts: ['file', 'filename', 'file_path'] } } };

describe('a skill file read against the prose sandbox', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  let base: string;
  const requests = async () =>
    ((await (await loopbackFetch(`${base}/_sandbox/requests`)).json()) as { count: number }).count;

  beforeAll(async () => {
    h = await harness({ dialect: 'prose' });
    base = h.sandbox.zones.find((z) => z.id === 'eu-1')!.baseUrl;
    zone = (await h.addAndSignIn('eu-1')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses ?path= in a code and a sentence only; the reader finds `name`, for the query', async () => {
    const skill = listOf((await h.invoke('api.call', { zone, operationId: 'skills.list' })).data)[0]!;
    // Without words the agent does not retry: the refusal is the answer, read.
    const err = await h
      .invoke('api.call', {
        zone,
        operationId: 'skills.files.content',
        params: { id: idOf(skill)! },
        query: { path: 'SKILL.md' },
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 400,
      code: 'name_required',
      message: 'select it with the query parameter name, e.g. ?name=…',
      details: { expected: ['name'], refusalHints: [{ name: 'name', kind: 'wanted', place: 'query' }] },
    });
    expect((await h.invoke('zones.list', {}))[0]!.learnedWords).toBeUndefined();
  });

  it('reads after one refusal, learns `name` for the query, and reads straight with it next time', async () => {
    const skill = listOf((await h.invoke('api.call', { zone, operationId: 'skills.list' })).data)[0]!;
    const id = idOf(skill)!;
    const files = listOf((await h.invoke('api.call', { zone, operationId: 'skills.files.list', params: { id } })).data);
    // The zone's own list names each file under `name`.
    const file = String(files[0]!.name);
    expect(files[0]!.path).toBeUndefined();

    const before = await requests();
    const read = (p: string) =>
      h.invoke('api.call', {
        zone,
        operationId: 'skills.files.content',
        params: { id },
        query: { path: p },
        words: PATH,
      });
    const first = await read(file);
    expect(first).toMatchObject({ status: 200, sent: { query: { 'skillFile.path': 'name' } } });
    expect(typeof first.data).toBe('string');
    expect((await requests()) - before).toBe(2);

    const [zoneView] = await h.invoke('zones.list', {});
    expect(zoneView!.learnedWords).toMatchObject([
      { role: 'skillFile.path', place: 'query', name: 'name', instead: 'path', operationId: 'skills.files.content' },
    ]);

    const again = before + 2;
    const second = await read(file);
    expect(second).toMatchObject({ status: 200, data: first.data, sent: { query: { 'skillFile.path': 'name' } } });
    expect((await requests()) - again).toBe(1);
  });
});
