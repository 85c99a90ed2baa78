/**
 * Deep links: `zonedeck://zone/<zone>/<section>/<id>` (or `<area>/<section>/<id>`, and a part of
 * the item after its id, e.g. `workflows/<id>/runs/<run>`), and the same
 * path in the browser host's URL fragment (`#/zone/…`), so a link in a chat or a runbook opens the
 * right zone and resource. A link comes from outside (another app, a web page): it is only parsed
 * here, never followed as a path or URL, and every part is bounded and must be a plausible name or
 * id: never a dot segment (however often encoded), a prototype's name, or invisible characters.
 */
import { PROTO_KEYS } from './zone-words';

export const DEEP_LINK_SCHEME = 'zonedeck';

export interface DeepLink {
  /** The zone's id or name as the sender knows it. */
  zone: string;
  /**
   * None (the zone's home page) to five segments after the zone: section, area/section, section/id
   * or area/section/id, and after an id one part of the item as two more (`runs/<run>`).
   */
  rest: string[];
}

const MAX_LINK = 2048;
/** Longer than any zone name (40), zone id (64) or resource id a zone hands out. */
const MAX_SEGMENT = 128;

/**
 * Characters no plausible name or id holds: controls (C0, DEL, C1), path separators, and the
 * invisible and bidirectional marks that make a link read as something else.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNFIT = /[\u0000-\u001f\u007f-\u009f/\\\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
/** A percent escape left after decoding: a name encoded twice, meant for a second decoder. */
const STILL_ESCAPED = /%[0-9a-f]{2}/i;

function decode(seg: string): string | null {
  let s: string;
  try {
    s = decodeURIComponent(seg);
  } catch {
    return null;
  }
  const fit =
    s.length > 0 &&
    s.length <= MAX_SEGMENT &&
    s.trim() === s &&
    !UNFIT.test(s) &&
    !STILL_ESCAPED.test(s) &&
    !/^\.{1,2}$/.test(s) &&
    !PROTO_KEYS.has(s);
  return fit ? s : null;
}

/** The link's zone and segments, or null when it is not a Zonedeck link. */
export function parseDeepLink(raw: string): DeepLink | null {
  if (typeof raw !== 'string' || raw.length > MAX_LINK) return null;
  let path: string;
  if (raw.startsWith(`${DEEP_LINK_SCHEME}://`)) path = raw.slice(DEEP_LINK_SCHEME.length + 3);
  else if (raw.startsWith('#/')) path = raw.slice(2);
  else if (raw.startsWith('/')) path = raw.slice(1);
  else return null;
  const parts = path.split(/[?#]/)[0]!.replace(/\/+$/, '').split('/');
  if (parts[0] !== 'zone' || parts.length < 2 || parts.length > 6) return null;
  const decoded = parts.slice(1).map(decode);
  if (decoded.some((d) => d === null)) return null;
  const [zone, ...rest] = decoded as string[];
  return { zone: zone!, rest };
}

/** The first Zonedeck link among command-line arguments (Windows and Linux pass it to a second instance). */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((a) => a.startsWith(`${DEEP_LINK_SCHEME}://`)) ?? null;
}
