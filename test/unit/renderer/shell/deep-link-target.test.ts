import { describe, expect, it } from 'vitest';
import type { ZoneView } from '../../../../src-main/contract/commands';
import { linkTarget } from '../../../../src-renderer/shell/deep-link-target';
import { registerNavigation } from '../../../../src-renderer/shell/areas';

registerNavigation();

const zones = [
  { id: 'eu-1', name: 'eu-1' },
  { id: 'prod-eu', name: 'Prod EU' },
] as ZoneView[];

describe('where a deep link leads', () => {
  it('finds the zone by id or by name, and the screen by section or area/section', () => {
    expect(linkTarget({ zone: 'eu-1', rest: ['containers', 'c1'] }, zones)).toEqual({
      zone: 'eu-1',
      area: 'compute',
      section: 'containers',
      id: 'c1',
    });
    expect(linkTarget({ zone: 'prod eu', rest: ['kubernetes', 'clusters'] }, zones)).toEqual({
      zone: 'prod-eu',
      area: 'kubernetes',
      section: 'clusters',
    });
    expect(linkTarget({ zone: 'eu-1', rest: ['workflows', 'workflows', 'w1'] }, zones)).toEqual({
      zone: 'eu-1',
      area: 'workflows',
      section: 'workflows',
      id: 'w1',
    });
    // The zone alone, or its home section (a zone-health notice): the zone's home page.
    expect(linkTarget({ zone: 'eu-1', rest: [] }, zones)).toEqual({ zone: 'eu-1', area: 'zone', section: 'home' });
    expect(linkTarget({ zone: 'eu-1', rest: ['home'] }, zones)).toEqual({
      zone: 'eu-1',
      area: 'zone',
      section: 'home',
    });
    // A part of an item: a workflow's run, as a notification opens it.
    expect(linkTarget({ zone: 'eu-1', rest: ['workflows', 'w1', 'runs', 'r9'] }, zones)).toEqual({
      zone: 'eu-1',
      area: 'workflows',
      section: 'workflows',
      id: 'w1',
      detail: ['runs', 'r9'],
    });
    expect(linkTarget({ zone: 'eu-1', rest: ['networking'] }, zones)).toEqual({
      zone: 'eu-1',
      area: 'networking',
      section: 'public-ips',
    });
  });

  it('says why when the zone or the screen is not here', () => {
    expect(linkTarget({ zone: 'us-9', rest: ['containers'] }, zones)).toMatch(/“us-9”, which is not in Zonedeck here/);
    expect(linkTarget({ zone: 'eu-1', rest: ['nowhere', 'x'] }, zones)).toMatch(/“nowhere\/x”/);
    expect(linkTarget({ zone: 'eu-1', rest: ['containers', 'a', 'b'] }, zones)).toMatch(/no screen/);
  });
});
