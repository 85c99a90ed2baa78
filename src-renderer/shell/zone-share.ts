/**
 * Zone definitions as a file for a team: export the zone list (no secret is in it) and import one
 * in two steps, a plan the person reads and then the import. The agent validates and merges.
 */
import type { ZoneImportPlan } from '@contract/commands';
import { agent } from '../agent';

/** The agent refuses larger files too; checked here first so a wrong file is not even read. */
export const MAX_ZONES_FILE_BYTES = 256 * 1024;

export async function exportZonesFile(): Promise<{ fileName: string; text: string }> {
  return agent.invoke('zones.export', {});
}

export async function planZonesImport(text: string): Promise<ZoneImportPlan> {
  return (await agent.invoke('zones.import', { text, apply: false })).plan;
}

/** Applies the file again from its text (the agent plans afresh), taking the named conflicts. */
export async function applyZonesImport(text: string, take: string[]): Promise<string[]> {
  return (await agent.invoke('zones.import', { text, apply: true, take })).applied;
}
