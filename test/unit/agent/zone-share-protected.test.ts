import { describe, expect, it } from 'vitest';
import { applyImport, exportZones, planImport } from '../../../src-main/agent/zones/zone-share';
import type { ZoneRecord } from '../../../src-main/agent/zones/zone-types';

const record = (name: string, protectedZone: boolean): ZoneRecord => ({
  id: name,
  name,
  baseUrl: `https://${name}.example.com`,
  color: '#2f80ed',
  sandbox: false,
  protected: protectedZone,
  createdAt: 'x',
});
const file = (zones: unknown[]) => JSON.stringify({ format: 'zonedeck.zones', version: 1, zones });

describe('sharing protected zones', () => {
  it('exports protection only where it is set', () => {
    const out = exportZones([record('prod', true), record('dev', false)]);
    expect(out.zones.map((z) => z.protected)).toEqual([true, undefined]);
  });

  it('imports protection for new and known zones, and never takes it away', async () => {
    const current = [record('prod', false), record('live', true)];
    const plan = planImport(
      current,
      file([
        { name: 'prod', baseUrl: 'https://prod.example.com', protected: true },
        { name: 'live', baseUrl: 'https://live.example.com' },
        { name: 'new', baseUrl: 'https://new.example.com', protected: true },
        { name: 'odd', baseUrl: 'https://odd.example.com', protected: 'yes' },
      ]),
    );
    expect(plan.added).toEqual([
      { name: 'new', baseUrl: 'https://new.example.com', protected: true },
      { name: 'odd', baseUrl: 'https://odd.example.com' },
    ]);
    expect(plan.changed).toEqual([{ name: 'prod', baseUrl: 'https://prod.example.com', protected: true, id: 'prod' }]);
    expect(plan.unchanged).toEqual(['live']);

    const calls: unknown[] = [];
    await applyImport(plan, [], {
      add: async (e) => calls.push(['add', e]),
      update: async (id, p) => calls.push(['update', id, p]),
    });
    expect(calls).toEqual([
      ['add', { name: 'new', baseUrl: 'https://new.example.com', protected: true }],
      ['add', { name: 'odd', baseUrl: 'https://odd.example.com' }],
      ['update', 'prod', { baseUrl: 'https://prod.example.com', protected: true }],
    ]);
  });
});
