/** Groups in the zones file: exported where set, imported when usable, a bad one dropped but never the zone. */
import { describe, expect, it } from 'vitest';
import { applyImport, exportZones, planImport } from '../../../src-main/agent/zones/zone-share';
import type { ZoneRecord } from '../../../src-main/agent/zones/zone-types';

const record = (name: string, group?: string): ZoneRecord => ({
  id: name,
  name,
  baseUrl: `https://${name}.example.com`,
  color: '#2f80ed',
  sandbox: false,
  protected: false,
  ...(group ? { group } : {}),
  createdAt: 'x',
});
const file = (zones: unknown[]) => JSON.stringify({ format: 'zonedeck.zones', version: 1, zones });

describe('sharing zone groups', () => {
  it('exports the group only where there is one', () => {
    const out = exportZones([record('prod', 'production'), record('dev')]);
    expect(out.zones.map((z) => z.group)).toEqual(['production', undefined]);
    expect(Object.keys(out.zones[1]!)).not.toContain('group');
  });

  it('imports groups, drops a bad one and keeps the zone, and leaves a group the file does not name', async () => {
    const current = [record('prod'), record('live', 'production'), record('same', 'staging')];
    const plan = planImport(
      current,
      file([
        { name: 'prod', baseUrl: 'https://prod.example.com', group: ' production ' },
        { name: 'live', baseUrl: 'https://live.example.com' },
        { name: 'same', baseUrl: 'https://same.example.com', group: 'staging' },
        { name: 'new', baseUrl: 'https://new.example.com', group: 'staging' },
        { name: 'long', baseUrl: 'https://long.example.com', group: 'g'.repeat(41) },
        { name: 'odd', baseUrl: 'https://odd.example.com', group: { nested: true } },
        { name: 'blank', baseUrl: 'https://blank.example.com', group: '  ' },
      ]),
    );
    expect(plan.added).toEqual([
      { name: 'new', baseUrl: 'https://new.example.com', group: 'staging' },
      { name: 'long', baseUrl: 'https://long.example.com' },
      { name: 'odd', baseUrl: 'https://odd.example.com' },
      { name: 'blank', baseUrl: 'https://blank.example.com' },
    ]);
    expect(plan.changed).toEqual([
      { name: 'prod', baseUrl: 'https://prod.example.com', group: 'production', id: 'prod' },
    ]);
    expect(plan.unchanged).toEqual(['live', 'same']);
    expect(plan.skipped).toEqual([]);

    const calls: unknown[] = [];
    await applyImport(plan, [], {
      add: async (e) => calls.push(['add', e]),
      update: async (id, p) => calls.push(['update', id, p]),
    });
    expect(calls).toContainEqual(['add', { name: 'new', baseUrl: 'https://new.example.com', group: 'staging' }]);
    expect(calls).toContainEqual(['update', 'prod', { baseUrl: 'https://prod.example.com', group: 'production' }]);
  });
});

describe('an import that names one address twice, or fails half-way', () => {
  const zone = (id: string, baseUrl: string, extra: Partial<ZoneRecord> = {}): ZoneRecord =>
    ({ id, name: id, baseUrl, color: '#2f80ed', protected: false, sandbox: false, ...extra }) as ZoneRecord;

  it('skips the second name for an address already listed in the file, before anything is written', () => {
    const text = JSON.stringify({
      format: 'zonedeck.zones',
      version: 1,
      zones: [
        { name: 'one', baseUrl: 'https://same.example.com' },
        { name: 'two', baseUrl: 'https://same.example.com/' },
      ],
    });
    const plan = planImport([], text);
    expect(plan.added.map((a) => a.name)).toEqual(['one']);
    expect(plan.skipped).toEqual([{ name: 'two', reason: 'its address is also listed in the file as one' }]);
  });

  it('takes back what it wrote when a later write fails, and says so', async () => {
    const before = [zone('prod', 'https://prod.example.com', { group: undefined })];
    const plan = planImport(
      before,
      JSON.stringify({
        format: 'zonedeck.zones',
        version: 1,
        zones: [
          { name: 'new', baseUrl: 'https://new.example.com' },
          { name: 'prod', baseUrl: 'https://prod.example.com', group: 'production' },
          { name: 'late', baseUrl: 'https://late.example.com' },
        ],
      }),
    );
    const calls: unknown[] = [];
    await expect(
      applyImport(
        plan,
        [],
        {
          add: async (e) => {
            if (e.name === 'late') throw new Error('the disk is full');
            calls.push(['add', e.name]);
            return { id: `id-${e.name}` };
          },
          update: async (id, p) => calls.push(['update', id, p]),
          remove: async (id) => calls.push(['remove', id]),
        },
        before,
      ),
    ).rejects.toThrow(/not applied \(the disk is full\); the zones are as they were/);
    // Adds run before updates: "new" was added and is removed again; "prod" was never touched.
    expect(calls).toEqual([
      ['add', 'new'],
      ['remove', 'id-new'],
    ]);
  });
});
