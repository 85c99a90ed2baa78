import { describe, expect, it } from 'vitest';
import type { ZoneView } from '../../../../src-main/contract/commands';
import {
  COLLAPSED_KEY,
  groupBadge,
  groupNames,
  railSections,
  readCollapsed,
  toggleCollapsed,
  zonesOf,
} from '../../../../src-renderer/lib/zone-groups';

const zone = (id: string, group?: string, signedIn = false): ZoneView => ({
  id,
  name: id,
  baseUrl: `https://${id}.example.com`,
  color: '#2f80ed',
  sandbox: false,
  protected: false,
  ...(group !== undefined ? { group } : {}),
  session: signedIn ? { state: 'signed_in', email: 'a@b.c' } : { state: 'signed_out' },
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}

describe('zone groups', () => {
  it('puts ungrouped zones first, then groups by name, each keeping the list order', () => {
    const zones = [
      zone('p1', 'production'),
      zone('sb'),
      zone('s1', 'staging'),
      zone('p2', 'Production '),
      zone('x', ''),
    ];
    const sections = railSections(zones);
    expect(sections.map((s) => [s.group, s.zones.map((z) => z.id)])).toEqual([
      [null, ['sb', 'x']],
      ['production', ['p1']],
      ['Production', ['p2']],
      ['staging', ['s1']],
    ]);
    expect(groupNames(zones)).toEqual(['production', 'Production', 'staging']);
  });

  it('has no ungrouped block when every zone is in a group, and none at all for no zones', () => {
    expect(railSections([zone('a', 'b10'), zone('c', 'b9')]).map((s) => s.group)).toEqual(['b9', 'b10']);
    expect(railSections([])).toEqual([]);
  });

  it('finds the zones of a group', () => {
    const zones = [zone('a', 'staging', true), zone('b', 'staging'), zone('c')];
    expect(zonesOf(zones, 'staging').map((z) => z.id)).toEqual(['a', 'b']);
  });

  it('makes a short badge for a collapsed group', () => {
    expect(groupBadge('production')).toBe('PRO');
    expect(groupBadge('live eu zones')).toBe('LEZ');
    expect(groupBadge('qa')).toBe('QA');
  });

  it('remembers collapsed groups, forgets groups that no longer exist, and survives garbage', () => {
    const storage = new MemoryStorage();
    expect(readCollapsed(storage).size).toBe(0);
    let set = toggleCollapsed(storage, readCollapsed(storage), 'staging', ['staging', 'production']);
    expect([...readCollapsed(storage)]).toEqual(['staging']);
    set = toggleCollapsed(storage, new Set([...set, 'gone']), 'production', ['staging', 'production']);
    expect([...readCollapsed(storage)]).toEqual(['production', 'staging']);
    set = toggleCollapsed(storage, set, 'staging', ['staging', 'production']);
    expect([...set]).toEqual(['production']);
    storage.setItem(COLLAPSED_KEY, '{not json');
    expect(readCollapsed(storage).size).toBe(0);
    storage.setItem(COLLAPSED_KEY, JSON.stringify(['a', 3, null]));
    expect([...readCollapsed(storage)]).toEqual(['a']);
  });
});
