/**
 * Names as people type them (`eu-1/demo`) to the ids the agent takes: a zone by its name or id,
 * a cluster, gateway, workflow or container by name or id from the zone's list. Anything unknown
 * is a one-line error with the closest names.
 */
import type { Output } from './output';
import { withProgress } from './progress';
import type { ZoneView } from '../contract/commands';
import type { OperationId } from '../contract/routes';
import { idOf, listOf, nameOf } from '../contract/tolerant';
import { CliError } from './cli-error';
import { notFoundMessage } from './closest-names';
import { EXIT } from './exit-codes';
import type { AgentLink } from './link';
import { mark } from '../agent/marks';

/** The zone the command is about, so an error's hint can name it (`zonedeck login eu-1`). */
export const lastZone: { name?: string } = {};

export async function resolveZone(link: AgentLink, typed: string): Promise<ZoneView> {
  const zones = await link.invoke('zones.list', {});
  mark('zones.listed');
  const found =
    zones.find((z) => z.name === typed) ??
    zones.find((z) => z.id === typed) ??
    zones.find((z) => z.name.toLowerCase() === typed.toLowerCase());
  if (found) {
    lastZone.name = found.name;
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

/** Lists `listOp` in the zone (restoring its session first) and finds `name` there. */
export async function resolveIn(
  link: AgentLink,
  out: Output,
  ref: string,
  what: string,
  listOp: OperationId,
): Promise<Resolved> {
  const { zone: zoneName, name } = splitRef(ref, what);
  const zone = await resolveZone(link, zoneName);
  const res = await withProgress(
    out,
    `Reaching ${zone.name}…`,
    link.sessionsRestored([zone.id]).then(() => link.invoke('api.call', { zone: zone.id, operationId: listOp })),
  );
  mark('zone.listed');
  const items = listOf(res.data).flatMap((raw) => {
    const id = idOf(raw);
    return id ? [{ id, name: nameOf(raw) ?? id }] : [];
  });
  const found =
    items.find((i) => i.name === name) ??
    items.find((i) => i.id === name) ??
    items.find((i) => i.name.toLowerCase() === name.toLowerCase());
  if (!found)
    throw new CliError(
      notFoundMessage(
        what,
        name,
        items.map((i) => i.name),
        zone.name,
      ),
      EXIT.notFound,
      'not_found',
    );
  return { zone, ...found };
}
