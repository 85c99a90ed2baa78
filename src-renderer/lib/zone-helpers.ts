/** Pure helpers for the zones store and form: short names, session events, selection, colours, addresses. */
import type { SessionView, ZoneView } from '@contract/commands';
import { nextZoneColor, ZONE_PALETTE } from '@contract/zone-colors';
import { checkBaseUrl } from '@contract/zone-url';

/** Up to four characters for the rail: "eu-1" stays, "Production EU" becomes "PE". */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 4) return trimmed;
  const words = trimmed.split(/[\s_]+/).filter(Boolean);
  if (words.length > 1)
    return words
      .slice(0, 3)
      .map((w) => w[0]!.toUpperCase())
      .join('');
  return trimmed.slice(0, 4);
}

export function withSession(zones: readonly ZoneView[], zoneId: string, session: SessionView): ZoneView[] {
  return zones.map((z) => (z.id === zoneId ? { ...z, session } : z));
}

/** Keep the selection if the zone still exists; otherwise fall back to the first zone. */
export function keepSelection(zones: readonly ZoneView[], current: string | null): string | null {
  if (current && zones.some((z) => z.id === current)) return current;
  return zones[0]?.id ?? null;
}

/** The swatches offered when adding a zone: the agent's palette (contract/zone-colors.ts). */
export const ZONE_COLORS = ZONE_PALETTE;

/** The colour the agent would give a new zone, preselected in the form. */
export function nextColor(zones: readonly ZoneView[]): string {
  return nextZoneColor(zones.map((z) => z.color));
}

/** The form's message for a base URL the agent would refuse (same rule: contract/zone-url.ts). */
export function validateBaseUrl(value: string): string | null {
  const r = checkBaseUrl(value);
  return r.ok ? null : r.reason;
}

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const INK_LIGHT = '#ffffff';
const INK_DARK = '#15171a';

/** The text colour that reads best on a zone's colour (white on deep ones, near-black on light ones). */
export function inkOn(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return INK_LIGHT;
  const l = luminance(color);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance(INK_DARK) + 0.05) ? INK_LIGHT : INK_DARK;
}
