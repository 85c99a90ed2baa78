/**
 * Names as people type them (`eu-1/demo`) to the ids the agent takes: a zone by its name or id,
 * a cluster, gateway, workflow or container by name or id from the zone's list. Anything unknown
 * is a one-line error with the closest names.
 */
import type { Output } from './output';
import { withProgress } from './progress';
import type { ZoneView } from '../contract/commands';
import { listOf } from '../contract/tolerant';
import { zoneKindReader } from '../contract/dictionary/kind-reader';
import { findNamed, namedRecords } from '../contract/dictionary/find-named';
import { KIND_WORDS, LIST_KINDS, type ListOperation } from '../contract/dictionary/record-kinds';
import { CliError } from './cli-error';
import { notFoundMessage } from './closest-names';
import { EXIT } from './exit-codes';
import type { AgentLink } from './link';
import { running } from './run-state';
import { mark } from '../agent/marks';

export async function resolveZone(link: AgentLink, typed: string): Promise<ZoneView> {
  const zones = await link.invoke('zones.list', {});
  mark('zones.listed');
  const found =
    zones.find((z) => z.name === typed) ??
    zones.find((z) => z.id === typed) ??
    zones.find((z) => z.name.toLowerCase() === typed.toLowerCase());
  if (found) {
    running.zone = found.name;
    return found;
  }
  throw new CliError(
    notFoundMessage(
      'zone',
      typed,
      zones.map((z) => z.name),
    ),
    EXIT.notFound,
    'unknown_zone',
  );
}

/** `zone/name` → its two parts; a missing part is a usage error naming the form. */
export function splitRef(ref: string, what: string): { zone: string; name: string } {
  const at = ref.indexOf('/');
  if (at <= 0 || at === ref.length - 1)
    throw new CliError(`Name the ${what} as <zone>/<${what}>, not “${ref}”.`, EXIT.usage, 'invalid_input');
  return { zone: ref.slice(0, at), name: ref.slice(at + 1) };
}

export interface Resolved {
  zone: ZoneView;
  id: string;
  name: string;
}

/**
 * Lists `listOp` in the zone (restoring its session first) and finds `name` there, reading the
 * records through the zone's dictionary as the window does (and telling the agent what was inferred).
 */
export async function resolveIn(
  link: AgentLink,
  out: Output,
  ref: string,
  what: string,
  listOp: ListOperation,
): Promise<Resolved> {
  const { zone: zoneName, name } = splitRef(ref, what);
  const zone = await resolveZone(link, zoneName);
  const res = await withProgress(
    out,
    `Reaching ${zone.name}…`,
    link.sessionsRestored([zone.id]).then(() => link.invoke('api.call', { zone: zone.id, operationId: listOp })),
  );
  mark('zone.listed');
  const kind = LIST_KINDS[listOp];
  const records = listOf(res.data);
  const reader = zoneKindReader(zone.dictionary, records, kind);
  if (reader.sampled > 0)
    // Best effort, as the window's reads: the dictionary is a cache of what the records show.
    await link.invoke('dictionary.note', { zone: zone.id, kind, seen: reader.entry() }).catch(() => undefined);
  const found = findNamed(reader, records, name);
  if (found) return { zone, id: found.id, name: found.name };
  const lacking = (['id', 'name'] as const).filter((r) => reader.sampled > 0 && !reader.paths[r]);
  const unread = lacking.length
    ? unreadNote(zone.name, KIND_WORDS[kind], lacking, reader.fields) +
      ` Or: zonedeck fields ${zone.name} ${kind} ${lacking[0]}=<field>.`
    : '';
  throw new CliError(
    notFoundMessage(
      what,
      name,
      namedRecords(reader, records).map((i) => i.name),
      zone.name,
    ) + unread,
    EXIT.notFound,
    'not_found',
  );
}

/** Why a record was not found: the zone's records carry no field read as their id or name, and where to choose one. */
function unreadNote(zone: string, kind: string, roles: readonly string[], fields: readonly string[]): string {
  return ` ${zone}'s ${kind} have no field Zonedeck reads as their ${roles.join(' or ')} (their fields: ${fields.slice(0, 12).join(', ')}); choose one in the app: the zone's details, "How Zonedeck reads this zone".`;
}
