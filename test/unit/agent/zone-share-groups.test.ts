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
