/**
 * "Save skill to folder…": the agent reads the skill's file list and every file's text from the
 * zone itself (the page never ferries content to disk) and writes them under the chosen folder,
 * in a subfolder named for the skill, through the skill-folder writer that refuses escaping names.
 */
import path from 'node:path';
import { z } from 'zod';
import type { SkillsCommands } from '../../contract/commands-skills';
import { findRoute, type Route } from '../../contract/routes';
import { AgentError } from '../../contract/errors';
import type { AgentContext } from '../context';
import { FILE_CODES, fileError } from '../files/file-errors';
import { sanitizeFileName } from '../files/names';
import { isProtectedInHome } from '../files/save-target';
import { writeSkillFolder } from '../files/skill-folder';
import { paramAskedFor, skillFileListing, skillFileText } from '../files/skill-folder-read';
import { SMALL_DOWNLOAD_CAP } from '../http/download-caps';
import { command, zoneId, type AreaTable } from './define';
import { nameById } from './infra/zone-fetch';
import { homeOf, targetFolder } from './places';

function route(id: string): Route {
  const r = findRoute(id);
  if (!r) throw new Error(`route ${id} missing from the route table`);
  return r;
}

async function send(ctx: AgentContext, zone: string, id: string, routeId: string, query?: Record<string, string>) {
  const rt = ctx.zones.get(zone);
  return rt.session.send(rt.client, {
    route: route(routeId),
    params: { id },
    ...(query ? { query } : {}),
    maxBytes: SMALL_DOWNLOAD_CAP,
  });
}

export const skillsSaveToFolder = command<'skills.saveToFolder'>(
  z
    .object({
      zone: zoneId,
      skillId: z.string().min(1).max(200),
      skillName: z.string().min(1).max(200).optional(),
      dir: z.string().min(1).max(4096).optional(),
      pick: z.boolean().optional(),
    })
    .strict(),
  async (input, ctx) => {
    const dir = await targetFolder(ctx, input, 'Save skill in');
    if (!dir) return null;
    const name = input.skillName ?? (await nameById(ctx, input.zone, 'skills.get', input.skillId));
    const folder = path.join(dir, sanitizeFileName(name, 'skill'));
    if (isProtectedInHome(homeOf(ctx), folder)) {
      throw fileError(
        FILE_CODES.protectedPath,
        `Zonedeck does not write to ${folder}: hidden folders in your home folder are off limits. Choose another folder.`,
        folder,
      );
    }
    const listed = await send(ctx, input.zone, input.skillId, 'skills.files.list');
    // Files are selected by the name the zone's own list gives a path; a 400 naming another is tried once.
    const listing = skillFileListing(listed.data);
    const names = listing.paths;
    let param = listing.param;
    let asked = false;
    const read = async (p: string): Promise<string> => {
      try {
        const res = await send(ctx, input.zone, input.skillId, 'skills.files.content', { [param]: p });
        return skillFileText(res.data, res.text);
      } catch (e) {
        const other =
          e instanceof AgentError && e.status === 400 && !asked ? paramAskedFor(e.details, param) : undefined;
        if (!other) throw e;
        asked = true;
        param = other;
        return read(p);
      }
    };
    const { written, refused } = await writeSkillFolder(folder, names, read, ctx.log.child('files'));
    return { folder, written: written.length, files: written, refused };
  },
);

export const SKILLS_COMMANDS: AreaTable<keyof SkillsCommands> = {
  'skills.saveToFolder': skillsSaveToFolder,
};
