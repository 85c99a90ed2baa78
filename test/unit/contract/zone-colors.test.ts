import { describe, expect, it } from 'vitest';
import { checkZoneColor, nextZoneColor, ZONE_PALETTE } from '../../../src-main/contract/zone-colors';
import { nextColor, ZONE_COLORS } from '../../../src-renderer/lib/zone-helpers';

describe('the zone palette', () => {
  it('holds distinct #rrggbb colours', () => {
    expect(new Set(ZONE_PALETTE).size).toBe(ZONE_PALETTE.length);
    for (const c of ZONE_PALETTE) expect(checkZoneColor(c)).toEqual({ ok: true, color: c });
  });

  it('gives the first colour not in use, whatever its case, and wraps when all are taken', () => {
    expect(nextZoneColor([])).toBe(ZONE_PALETTE[0]);
    expect(nextZoneColor([ZONE_PALETTE[0].toUpperCase(), '#123456'])).toBe(ZONE_PALETTE[1]);
    expect(nextZoneColor([...ZONE_PALETTE])).toBe(ZONE_PALETTE[0]);
    expect(nextZoneColor([...ZONE_PALETTE, '#000000'])).toBe(ZONE_PALETTE[1]);
  });

  it('is the palette the add-zone form offers and preselects from', () => {
    expect(ZONE_COLORS).toBe(ZONE_PALETTE);
    const zone = (color: string) => ({ color }) as Parameters<typeof nextColor>[0][number];
    expect(nextColor([zone(ZONE_PALETTE[0]), zone(ZONE_PALETTE[2])])).toBe(
      nextZoneColor([ZONE_PALETTE[0], ZONE_PALETTE[2]]),
    );
  });

  it('stores a typed colour in lower case and refuses anything else', () => {
    expect(checkZoneColor(' #AABBCC ')).toEqual({ ok: true, color: '#aabbcc' });
    for (const bad of ['red', '#abc', '#gggggg', 'aabbcc']) {
      const r = checkZoneColor(bad);
      expect(r.ok || r.reason, bad).toMatch(/colour .* should look like #2f80ed/);
    }
  });
});
