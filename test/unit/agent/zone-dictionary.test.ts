/**
 * The zone's dictionary in the registry and the zones file: kept across restarts, only what a
 * person chose survives re-pointing, a hand-edited one that does not read is dropped (the zone
 * kept), and a zones file carries chosen and learned fields to a colleague, never inferences.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZoneRegistry } from '../../../src-main/agent/zones';
import { applyImport, exportZones, planImport } from '../../../src-main/agent/zones/zone-share';
import { chooseField, noteRead } from '../../../src-main/contract/dictionary/dictionary-edits';
import { readDictionary } from '../../../src-main/agent/zones/dictionary-schema';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-dict-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const URL_A = 'https://eu-1.example.com';
const inferred = { read: { name: { path: ['title'], from: 'inferred' as const } }, fields: ['id', 'title'] };

describe('the zone dictionary in the registry', () => {
  it('keeps inferred and chosen fields across instances, and writes nothing for a read that found the same', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    expect(reg.editDictionary(z.id, (d) => noteRead(d, 'cluster', inferred), URL_A)).toBeDefined();
    expect(reg.editDictionary(z.id, (d) => noteRead(d, 'cluster', inferred), URL_A)).toBeUndefined();
    reg.editDictionary(z.id, (d) => chooseField(d, 'container', 'state', ['status', 'phase']));
    const again = new ZoneRegistry({ dataDir: dir }).get(z.id)!;
    expect(again.dictionary?.kinds.cluster?.read.name).toEqual({ path: ['title'], from: 'inferred' });
    expect(again.dictionary?.kinds.container?.read.state).toEqual({ path: ['status', 'phase'], from: 'chosen' });
    expect((JSON.parse(readFileSync(join(dir, 'zones.json'), 'utf8')) as { version: number }).version).toBe(6);
  });

  it('skips a read made at the zone’s old address; re-pointing keeps only what a person chose', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    reg.editDictionary(z.id, (d) => noteRead(d, 'cluster', inferred), URL_A);
    reg.editDictionary(z.id, (d) => chooseField(d, 'container', 'name', ['label']));
    reg.update(z.id, { baseUrl: 'https://eu-2.example.com' });
    expect(reg.get(z.id)!.dictionary).toEqual({
      kinds: { container: { read: { name: { path: ['label'], from: 'chosen' } } } },
    });
    expect(reg.editDictionary(z.id, (d) => noteRead(d, 'cluster', inferred), URL_A)).toBeUndefined();
  });

  it('drops a hand-edited dictionary that does not read, keeping the zone; never a prototype key', () => {
    const zone = (dictionary: unknown) => ({
      id: 'eu-1',
      name: 'eu-1',
      baseUrl: URL_A,
      color: '#2f80ed',
      sandbox: false,
      protected: false,
      createdAt: 'x',
      dictionary,
    });
    writeFileSync(
      join(dir, 'zones.json'),
      JSON.stringify({
        version: 6,
        zones: [zone({ kinds: { cluster: { read: { name: { path: ['__proto__'], from: 'chosen' } } } } })],
      }),
    );
    const reg = new ZoneRegistry({ dataDir: dir });
    expect(reg.get('eu-1')).toBeDefined();
    expect(reg.get('eu-1')!.dictionary).toBeUndefined();
    expect(readDictionary({ kinds: { constructor: { read: {} } } })).toBeUndefined();
    expect(
      readDictionary({ kinds: { cluster: { read: { name: { path: ['a', 'b', 'c'], from: 'chosen' } } } } }),
    ).toBeUndefined();
    expect(() => reg.editDictionary('eu-1', (d) => chooseField(d, 'cluster', 'name', ['constructor']))).toThrow(
      /not a field/,
    );
  });
});

describe('the dictionary in a zones file', () => {
  it('reads a path through a tag list’s entry, and files written before it (keys only) as they were', () => {
    const tag = { list: 'Tags', key: 'Key', match: 'Name', value: 'Value' };
    const d = readDictionary({
      kinds: {
        container: { read: { name: { path: [tag], from: 'chosen' }, id: { path: ['ContainerId'], from: 'inferred' } } },
        cluster: { read: { name: { path: ['metadata', 'name'], from: 'inferred' } }, unsure: { id: [[tag], ['a']] } },
      },
    });
    expect(d?.kinds.container?.read.name?.path).toEqual([tag]);
    expect(d?.kinds.cluster?.read.name?.path).toEqual(['metadata', 'name']);
    for (const bad of [
      { ...tag, list: '__proto__' },
      { ...tag, match: 'constructor' },
      { ...tag, value: 'Key' },
      { ...tag, more: 'x' },
    ])
      expect(
        readDictionary({ kinds: { container: { read: { name: { path: [bad], from: 'chosen' } } } } }),
      ).toBeUndefined();
  });

  it('exports chosen and learned fields only, and an import adds them to the zone', async () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    reg.editDictionary(z.id, (d) => noteRead(d, 'cluster', inferred), URL_A);
    reg.editDictionary(z.id, (d) => chooseField(d, 'container', 'state', ['k3']));
    const text = JSON.stringify(exportZones(reg.list()));
    expect(text).not.toContain('"inferred"');
    expect(JSON.parse(text).zones[0].dictionary).toEqual({
      kinds: { container: { read: { state: { path: ['k3'], from: 'chosen' } } } },
    });

    const other = mkdtempSync(join(tmpdir(), 'zd-dict-b-'));
    try {
      const theirs = new ZoneRegistry({ dataDir: other });
      const plan = planImport(theirs.list(), text);
      expect(plan.added[0]!.dictionary).toBeDefined();
      await applyImport(plan, [], {
        add: async (e) => theirs.add(e),
        update: async (id, p) => theirs.update(id, p),
        dictionary: async (id, d) => theirs.editDictionary(id, () => d),
      });
      expect(theirs.list()[0]!.dictionary?.kinds.container?.read.state).toEqual({ path: ['k3'], from: 'chosen' });
      // The same file again changes nothing; a file with a hostile dictionary still brings the zone.
      expect(planImport(theirs.list(), text).unchanged).toEqual(['eu-1']);
      const hostile = text.replace('"k3"', '"__proto__"');
      expect(planImport([], hostile).added[0]).not.toHaveProperty('dictionary');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('writing what reads inferred', () => {
  it('keeps a burst of inferences in memory and writes the file once, at the burst’s end or a flush', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const z = reg.add({ name: 'eu-1', baseUrl: URL_A });
    const changes: number[] = [];
    reg.onChange(() => changes.push(Date.now()));
    for (const kind of ['cluster', 'skill', 'workflow'])
      reg.editDictionary(z.id, (d) => noteRead(d, kind, inferred), URL_A, { soon: true });
    expect(reg.get(z.id)!.dictionary?.kinds.workflow).toBeDefined();
    expect(changes).toHaveLength(0);
    expect(readFileSync(join(dir, 'zones.json'), 'utf8')).not.toContain('"workflow"');
    reg.flush();
    expect(changes).toHaveLength(1);
    expect(new ZoneRegistry({ dataDir: dir }).get(z.id)!.dictionary?.kinds.workflow).toBeDefined();
  });
});
