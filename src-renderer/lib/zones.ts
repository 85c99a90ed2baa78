/** Pure helpers for the zones store: short names, merging live session events, selection. */
import type { SessionView, ZoneView } from '@contract/commands';

/** Up to four characters for the rail: "eu-1" stays, "Production EU" becomes "PE". */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 4) return trimmed;
  const words = trimmed.split(/[\s_]+/).filter(Boolean);
  if (words.length > 1) return words.slice(0, 3).map((w) => w[0]!.toUpperCase()).join('');
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

/** The preset colours offered when adding a zone; distinct in light and dark. */
export const ZONE_COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b'] as const;

/** The first preset not used by another zone, so new zones are told apart at a glance. */
export function nextColor(zones: readonly ZoneView[]): string {
  const used = new Set(zones.map((z) => z.color.toLowerCase()));
  return ZONE_COLORS.find((c) => !used.has(c)) ?? ZONE_COLORS[zones.length % ZONE_COLORS.length]!;
}

export function validateBaseUrl(value: string): string | null {
  try {
    const u = new URL(value.trim());
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'Use an http:// or https:// address.';
    return null;
  } catch {
    return 'Enter a full address, e.g. https://eu-1.example.com';
  }
}
