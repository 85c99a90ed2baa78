/**
 * The zone colours: one palette for the agent (a new zone's default) and the add-zone form
 * (the swatches), and one rule for a colour a person types.
 */

/** Distinct, readable on light and dark backgrounds; new zones take the first one not in use. */
export const ZONE_PALETTE = [
  '#2f80ed',
  '#27ae60',
  '#eb5757',
  '#f2994a',
  '#9b51e0',
  '#00a3a3',
  '#d4a017',
  '#e84393',
  '#5b6b7f',
  '#8d6e63',
] as const;

/** The first palette colour no zone uses yet, so zones are told apart at a glance. */
export function nextZoneColor(inUse: readonly string[]): string {
  const used = new Set(inUse.map((c) => c.toLowerCase()));
  return ZONE_PALETTE.find((c) => !used.has(c)) ?? ZONE_PALETTE[inUse.length % ZONE_PALETTE.length]!;
}

export type ColorCheck = { ok: true; color: string } | { ok: false; reason: string };

/** #rrggbb, stored in lower case. */
export function checkZoneColor(raw: string): ColorCheck {
  const color = raw.trim().toLowerCase();
  return /^#[0-9a-f]{6}$/.test(color)
    ? { ok: true, color }
    : { ok: false, reason: `The colour "${raw}" should look like ${ZONE_PALETTE[0]}` };
}
