/**
 * "Save skill to folder…": the agent reads the skill's file list and every file's text from the
 * zone itself (the page never ferries content to disk) and writes them under the chosen folder,
 * in a subfolder named for the skill, through the skill-folder writer that refuses escaping names.
 */
import path from 'node:path';
import { z } from 'zod';
import type { SkillsCommands } from '../../contract/commands-skills';
import { findRoute, type Route } from '../../contract/routes';
import type { AgentContext } from '../context';
import { FILE_CODES, fileError } from '../files/file-errors';
import { sanitizeFileName } from '../files/names';
import { isProtectedInHome, realFolder } from '../files/save-target';
import { SkillFolderRefused, writeSkillFolder } from '../files/skill-folder';
import { FILE_PATH_NAMES, skillFileListing, skillFileText } from '../files/skill-folder-read';
import { SMALL_DOWNLOAD_CAP } from '../http/download-caps';
import { command, zoneId, type AreaTable } from './define';
import { nameById } from './infra/zone-fetch';
import { homeOf, targetFolder } from './places';
import { wordedCall } from './worded-call';

function route(id: string): Route {
  const r = findRoute(id);
  if (!r) throw new Error(`route ${id} missing from the route table`);
  return r;
}

function send(
  ctx: AgentContext,
  zone: string,
  id: string,
  routeId: string,
  query?: Record<string, string | number | boolean>,
) {
  const rt = ctx.zones.get(zone);
  return rt.session.send(rt.client, {
    route: route(routeId),
    params: { id },
    ...(query ? { query } : {}),
    maxBytes: SMALL_DOWNLOAD_CAP,
  });
}

/**
 * Reads one file selected as the zone selects it: by the parameter its file list names the path
 * with (or one it taught the agent), retried once under the one a 400 asks for (worded-call.ts).
 */
async function readFile(ctx: AgentContext, zone: string, id: string, param: string, p: string): Promise<string> {
  const r = route('skills.files.content');
  const words = { query: { [param]: { role: 'skillFile.path', alts: FILE_PATH_NAMES.filter((n) => n !== param) } } };
  const { res } = await wordedCall(r, { zone, params: { id }, query: { [param]: p }, words }, ctx, (i) =>
    send(ctx, zone, id, r.id, i.query),
  );
  return skillFileText(res.data, res.text);
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
    // Where the folder really is: a chosen folder that is a link into ~/.ssh is ~/.ssh.
    const given = path.join(path.resolve(dir), sanitizeFileName(name, 'skill'));
    const folder = path.join(await realFolder(path.resolve(dir)), sanitizeFileName(name, 'skill'));
    const home = homeOf(ctx);
    if (
      isProtectedInHome(home, given) ||
      isProtectedInHome(home, folder) ||
      isProtectedInHome(await realFolder(home), folder)
    ) {
      throw fileError(
        FILE_CODES.protectedPath,
        `Zonedeck does not write to ${folder}: hidden folders in your home folder are off limits. Choose another folder.`,
        folder,
      );
    }
    const listed = await send(ctx, input.zone, input.skillId, 'skills.files.list');
    // Files are selected by the name the zone's own list gives a path (a learned or 400-named one after).
    const { paths: names, param } = skillFileListing(listed.data);
    const read = (p: string) => readFile(ctx, input.zone, input.skillId, param, p);
    let result;
    try {
      result = await writeSkillFolder(folder, names, read, ctx.log.child('files'));
    } catch (e) {
      if (e instanceof SkillFolderRefused) throw fileError(FILE_CODES.protectedPath, e.message, folder);
      throw e;
    }
    const { written, refused } = result;
    return { folder, written: written.length, files: written, refused };
  },
);

export const SKILLS_COMMANDS: AreaTable<keyof SkillsCommands> = {
  'skills.saveToFolder': skillsSaveToFolder,
};
