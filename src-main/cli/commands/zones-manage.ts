/**
 * `zonedeck zones add | set-url | rename | remove`: the window's zone commands, so the same rules
 * hold (the registry validates; re-pointing a zone forgets its session and what the old address
 * taught). Through the running app's agent when there is one, so its window sees the change at once.
 */
import path from 'node:path';
import type { ZoneView } from '../../contract/commands';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { ask } from '../prompt';
import { resolveZone } from '../resolve';

export interface ZoneAddFlags {
  group?: string;
  protected?: boolean;
  colour?: string;
  caFile?: string;
}

export async function zonesAddCommand(
  link: AgentLink,
  out: Output,
  name: string,
  url: string,
  f: ZoneAddFlags,
): Promise<void> {
  const zone = await link.invoke('zones.add', {
    name,
    baseUrl: url,
    ...(f.group !== undefined ? { group: f.group } : {}),
    ...(f.colour !== undefined ? { color: f.colour } : {}),
    // This terminal's folder, not the app's: the agent takes only absolute paths.
    ...(f.caFile !== undefined ? { caFile: path.resolve(f.caFile) } : {}),
    ...(f.protected ? { protected: true } : {}),
  });
  out.result(`Added ${zone.name} at ${zone.baseUrl}${zone.protected ? ' (protected)' : ''}.`, zone);
}

export async function zonesSetUrlCommand(link: AgentLink, out: Output, name: string, url: string): Promise<void> {
  const before = await resolveZone(link, name);
  const zone = await link.invoke('zones.update', { id: before.id, baseUrl: url });
  if (zone.baseUrl === before.baseUrl) return out.result(`${zone.name} already points at ${zone.baseUrl}.`, zone);
  // The new runtime's restore is what forgets a sign-in stored for the old origin (the app's
  // agent restores at once; a standalone one only when asked).
  await link.sessionsRestored([zone.id]);
  const moved = new URL(zone.baseUrl).origin !== new URL(before.baseUrl).origin;
  const forgot = `the names learned from ${before.baseUrl} were forgotten${moved ? ', and its sign-in with them' : ''}`;
  out.result(`${zone.name} now points at ${zone.baseUrl}; ${forgot}.`, zone);
}

export async function zonesRenameCommand(link: AgentLink, out: Output, name: string, next: string): Promise<void> {
  const before = await resolveZone(link, name);
  const zone = await link.invoke('zones.update', { id: before.id, name: next });
  out.result(`Renamed ${before.name} to ${zone.name}.`, zone);
}

/**
 * A protected zone goes only once its name is typed, as in the window: asked on a terminal, or
 * given as --confirm; a script without --confirm is refused rather than left waiting.
 */
async function confirmed(zone: ZoneView, confirm: string | undefined): Promise<boolean> {
  if (!zone.protected) return true;
  if (confirm !== undefined) return confirm === zone.name;
  if (!process.stdin.isTTY)
    throw new CliError(
      `${zone.name} is protected: give --confirm ${zone.name} to remove it.`,
      EXIT.usage,
      'confirm_required',
    );
  return (await ask(`${zone.name} is protected. Type its name to remove it: `)) === zone.name;
}

export async function zonesRemoveCommand(
  link: AgentLink,
  out: Output,
  name: string,
  f: { confirm?: string },
): Promise<void> {
  const zone = await resolveZone(link, name);
  if (!(await confirmed(zone, f.confirm)))
    throw new CliError(`The name did not match: ${zone.name} was not removed.`, EXIT.usage, 'confirm_mismatch');
  // Restored first, so the zone is told to end the session, not only this machine.
  await link.sessionsRestored([zone.id]);
  await link.invoke('zones.remove', { id: zone.id });
  out.result(`Removed ${zone.name}; its session on this computer is gone.`, { removed: zone.name, id: zone.id });
}
