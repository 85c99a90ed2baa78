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
