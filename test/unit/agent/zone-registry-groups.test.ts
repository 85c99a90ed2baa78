/** Zone groups in the registry: set, trimmed, cleared, bounded, and absent from zones stored before format 4. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZoneRegistry } from '../../../src-main/agent/zones';
import { AgentError } from '../../../src-main/contract/errors';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-groups-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const saved = () => JSON.parse(readFileSync(join(dir, 'zones.json'), 'utf8')) as { version: number; zones: object[] };

describe('ZoneRegistry groups', () => {
  it('adds a zone in a group, trimmed, and keeps it across instances', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const a = reg.add({ name: 'prod-eu', baseUrl: 'https://prod-eu.example.com', group: '  production  ' });
    const b = reg.add({ name: 'dev', baseUrl: 'https://dev.example.com', group: '   ' });
    expect(a.group).toBe('production');
    expect('group' in b).toBe(false);
    expect(new ZoneRegistry({ dataDir: dir }).get(a.id)?.group).toBe('production');
    expect(saved().zones[1]).not.toHaveProperty('group');
  });

  it('moves a zone to another group and out of any with null or a blank name', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const a = reg.add({ name: 'eu-1', baseUrl: 'https://eu-1.example.com' });
    expect(reg.update(a.id, { group: 'staging' }).group).toBe('staging');
    expect(reg.update(a.id, { name: 'eu-one' })).toMatchObject({ name: 'eu-one', group: 'staging' });
    expect(reg.update(a.id, { group: 'live  zones' }).group).toBe('live zones');
    expect('group' in reg.update(a.id, { group: null })).toBe(false);
    reg.update(a.id, { group: 'staging' });
    expect('group' in reg.update(a.id, { group: '' })).toBe(false);
  });

  it('refuses a group longer than 40 characters or not a string, and changes nothing', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const a = reg.add({ name: 'eu-1', baseUrl: 'https://eu-1.example.com', group: 'staging' });
    const before = readFileSync(join(dir, 'zones.json'), 'utf8');
    for (const group of ['x'.repeat(41), 7 as unknown as string]) {
      let caught: unknown;
      try {
        reg.update(a.id, { group });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(AgentError);
      expect((caught as AgentError).code).toBe('invalid_input');
    }
    expect(() => reg.add({ name: 'b', baseUrl: 'https://b.example.com', group: 'y'.repeat(41) })).toThrow(/at most 40/);
    expect(readFileSync(join(dir, 'zones.json'), 'utf8')).toBe(before);
    expect(reg.get(a.id)?.group).toBe('staging');
  });

  it('migrates a version-3 file to 4: its zones keep no group, even a stray one', () => {
    const v3 = {
      id: 'fra',
      name: 'Frankfurt',
      baseUrl: 'https://fra.example.com',
      color: '#ff0000',
      sandbox: false,
      protected: true,
      createdAt: 'x',
    };
    writeFileSync(
      join(dir, 'zones.json'),
      JSON.stringify({
        version: 3,
        zones: [v3, { ...v3, id: 'ams', baseUrl: 'https://ams.example.com', group: 'from a hand edit' }],
      }),
    );
    const reg = new ZoneRegistry({ dataDir: dir });
    expect(reg.list().map((z) => [z.id, z.protected, z.group])).toEqual([
      ['fra', true, undefined],
      ['ams', true, undefined],
    ]);
    expect(saved().version).toBe(6);
    expect(saved().zones).toHaveLength(2);
    expect(saved().zones.some((z) => 'group' in z)).toBe(false);
  });

  it('reads a version-4 file with groups as it is', () => {
    const z = {
      id: 'fra',
      name: 'Frankfurt',
      baseUrl: 'https://fra.example.com',
      color: '#ff0000',
      sandbox: false,
      protected: false,
      group: 'production',
      createdAt: 'x',
    };
    writeFileSync(join(dir, 'zones.json'), JSON.stringify({ version: 4, zones: [z] }));
    expect(new ZoneRegistry({ dataDir: dir }).get('fra')?.group).toBe('production');
  });
});
