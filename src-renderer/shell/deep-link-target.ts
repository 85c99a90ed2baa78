/**
 * Where a deep link leads in this window: its zone (by id, else by name, as the sender knew it)
 * and a screen that exists here (`<section>`, `<area>/<section>`, either with an item id after
 * it, and after the id one part of the item: `workflows/<id>/runs/<run>`). A link naming something this window lacks gets a sentence instead of a guess.
 */
import type { ZoneView } from '@contract/commands';
import type { DeepLink } from '@contract/deep-link';
import { AREAS, findArea, type AreaId } from '../state/navigation';

export interface LinkTarget {
  zone: string;
  area: AreaId;
  section: string;
  id?: string;
  /** A part of the item after its id, as two segments (`runs`, `<run id>`). */
  detail?: [string, string];
}

type Screen = Omit<LinkTarget, 'zone'>;

/** The segments after a screen: none, the item's id, or its id and one part of it. */
function withItem(area: AreaId, section: string, after: string[]): Screen | null {
  const [id, part, partId] = after;
  if (after.length === 0) return { area, section };
  if (after.length === 1) return { area, section, id };
  if (after.length === 3) return { area, section, id, detail: [part!, partId!] };
  return null;
}

function screenOf(rest: string[]): Screen | null {
  // The zone alone: its home page.
  if (rest.length === 0) return { area: 'zone', section: 'home' };
  const [first, second] = rest;
  const area = findArea(first ?? '');
  if (area && second && area.sections.some((s) => s.id === second)) return withItem(area.id, second, rest.slice(2));
  const owner = AREAS.find((a) => a.sections.some((s) => s.id === first));
  if (owner) return withItem(owner.id, first!, rest.slice(1));
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
