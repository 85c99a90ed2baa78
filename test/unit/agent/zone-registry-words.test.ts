/** Learned words in the registry: kept per zone in the zones file, one per role, forgotten on re-pointing and on request. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZoneRegistry } from '../../../src-main/agent/zones';
import type { LearnedWord } from '../../../src-main/contract/zone-words';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-words-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const URL_A = 'https://eu-1.example.com';
const word = (role: string, name: string, instead = 'x'): LearnedWord => ({
  role,
  place: 'body',
  name,
  instead,
  operationId: 'workflows.update',
  learnedAt: '2026-11-27T05:00:00.000Z',
});

describe('ZoneRegistry learned words', () => {
  it('keeps one word per role and place, and keeps them across instances', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    expect(reg.learnWords(z.id, URL_A, [word('workflow.draft', 'definition')])).toBe(true);
    expect(reg.learnWords(z.id, URL_A, [word('workflow.draft', 'spec')])).toBe(true);
    expect(reg.learnWords(z.id, URL_A, [word('skillFile.path', 'file')])).toBe(true);
    const again = new ZoneRegistry({ dataDir: dir }).get(z.id)!;
    expect(again.learnedWords?.map((w) => [w.role, w.name])).toEqual([
      ['workflow.draft', 'spec'],
      ['skillFile.path', 'file'],
    ]);
    const file = JSON.parse(readFileSync(join(dir, 'zones.json'), 'utf8')) as { version: number };
    expect(file.version).toBe(6);
  });

  it('does not learn for a zone re-pointed since the call, and forgets on re-pointing', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    reg.learnWords(z.id, URL_A, [word('workflow.draft', 'definition')]);
    reg.update(z.id, { name: 'eu-one' });
    expect(reg.get(z.id)?.learnedWords).toHaveLength(1);
    reg.update(z.id, { baseUrl: 'https://eu-2.example.com' });
    expect(reg.get(z.id)?.learnedWords).toBeUndefined();
    expect(reg.learnWords(z.id, URL_A, [word('workflow.draft', 'definition')])).toBe(false);
    expect(reg.get(z.id)?.learnedWords).toBeUndefined();
    expect(reg.learnWords('nope', URL_A, [word('a', 'b')])).toBe(false);
  });

  it('keeps only words the file reads back', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    expect(reg.learnWords(z.id, URL_A, [word('a', 'file name'), word('b', 'x'.repeat(65))])).toBe(false);
    expect(reg.learnWords(z.id, URL_A, [word('a', 'odd name'), word('c', 'fine')])).toBe(true);
    expect(new ZoneRegistry({ dataDir: dir }).get(z.id)?.learnedWords?.map((w) => w.name)).toEqual(['fine']);
    // Never a prototype key, nor one as a dotted segment (#35).
    for (const bad of ['__proto__', 'constructor', 'prototype', 'a.__proto__', 'constructor.x'])
      expect(reg.learnWords(z.id, URL_A, [word('d', bad)])).toBe(false);
    expect(new ZoneRegistry({ dataDir: dir }).get(z.id)?.learnedWords?.map((w) => w.name)).toEqual(['fine']);
  });

  it('forgets on request', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    reg.learnWords(z.id, URL_A, [word('workflow.draft', 'definition')]);
    expect(reg.forgetWords(z.id).learnedWords).toBeUndefined();
    expect(new ZoneRegistry({ dataDir: dir }).get(z.id)?.learnedWords).toBeUndefined();
  });

  it('keeps a zone whose hand-edited list does not read, dropping the list; drops a stray list from before format 5', () => {
    const z = {
      id: 'fra',
      name: 'F',
      baseUrl: URL_A,
      color: '#ff0000',
      sandbox: false,
      protected: false,
      createdAt: 'x',
    };
    const bad = [{ role: 'r', place: 'header', name: '<x>', instead: 'y', operationId: 'o', learnedAt: 't' }];
    writeFileSync(join(dir, 'zones.json'), JSON.stringify({ version: 5, zones: [{ ...z, learnedWords: bad }] }));
    expect(new ZoneRegistry({ dataDir: dir }).get('fra')).toMatchObject({ id: 'fra' });
    expect(new ZoneRegistry({ dataDir: dir }).get('fra')?.learnedWords).toBeUndefined();
    writeFileSync(
      join(dir, 'zones.json'),
      JSON.stringify({ version: 4, zones: [{ ...z, learnedWords: [word('a', 'b')] }] }),
    );
    expect(new ZoneRegistry({ dataDir: dir }).get('fra')?.learnedWords).toBeUndefined();
  });
});
