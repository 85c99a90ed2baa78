/**
 * Where a deep link leads in this window: its zone (by id, else by name, as the sender knew it)
 * and a screen that exists here (`<section>`, `<area>/<section>`, either with an item id after
 * it). A link naming something this window lacks gets a sentence instead of a guess.
 */
import type { ZoneView } from '@contract/commands';
import type { DeepLink } from '@contract/deep-link';
import { AREAS, findArea, type AreaId } from '../state/navigation';

export interface LinkTarget {
  zone: string;
  area: AreaId;
  section: string;
  id?: string;
}

function screenOf(rest: string[]): { area: AreaId; section: string; id?: string } | null {
  const [first, second, third] = rest;
  const area = findArea(first ?? '');
  if (area && second && area.sections.some((s) => s.id === second))
    return rest.length <= 3 ? { area: area.id, section: second, ...(third ? { id: third } : {}) } : null;
  if (rest.length > 2) return null;
  const owner = AREAS.find((a) => a.sections.some((s) => s.id === first));
  if (owner) return { area: owner.id, section: first!, ...(second ? { id: second } : {}) };
  if (area && rest.length === 1) return { area: area.id, section: area.sections[0]!.id };
  return null;
}

export function linkTarget(link: DeepLink, zones: readonly ZoneView[]): LinkTarget | string {
  const wanted = link.zone.toLowerCase();
  const zone = zones.find((z) => z.id === link.zone) ?? zones.find((z) => z.name.toLowerCase() === wanted);
  if (!zone)
    return `The link is for the zone “${link.zone}”, which is not in Zonedeck here. Add it, or import your team’s zones file.`;
  const screen = screenOf(link.rest);
  if (!screen) return `The link points at “${link.rest.join('/')}”, which Zonedeck has no screen for.`;
  return { zone: zone.id, ...screen };
}
