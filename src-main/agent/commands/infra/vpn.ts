/**
 * The VPN client profile, saved into a folder (default Downloads) as `<zone>-<name>.conf`, 0600,
 * atomically, never replacing an existing file. The zone prefix keeps two zones' "office"
 * profiles apart, and is still a valid wg-quick interface name for short names. Or, given `file`
 * (the terminal's `-o`), to exactly that path under the Save-as rules: no hidden file in HOME
 * outside ~/.kube, and an existing file is refused, never replaced.
 */
import { z } from 'zod';
import { checkSaveTarget, renameNoReplace, saveDownload, writeFileAtomic, zonedFileName } from '../../files';
import { command, zoneId } from '../define';
import { expandPath, homeOf, targetFolder } from '../places';
import { download, nameById } from './zone-fetch';
import { MAX_JSON_REPLY_BYTES } from '../../http/reply-bounds';

async function* once(text: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(text, 'utf8');
}

export const vpnSaveProfile = command<'vpn.saveProfile'>(
  z
    .object({
      zone: zoneId,
      gatewayId: z.string().min(1).max(200),
      gatewayName: z.string().min(1).max(200).optional(),
      dir: z.string().min(1).max(4096).optional(),
      file: z.string().min(1).max(4096).optional(),
      pick: z.boolean().optional(),
      maxBytes: z.number().int().positive().max(MAX_JSON_REPLY_BYTES).optional(),
    })
    .strict(),
  async (input, ctx) => {
    if (input.file !== undefined) {
      const target = expandPath(ctx, input.file);
      // Checked before the download too, so a refused path costs no request.
      await checkSaveTarget(homeOf(ctx), target);
      const { text } = await download(ctx, input.zone, 'vpnGateways.config', input.gatewayId, input.maxBytes);
      const checked = await checkSaveTarget(homeOf(ctx), target);
      const written = await writeFileAtomic(checked.path, text, {
        mode: 0o600,
        log: ctx.log.child('files'),
        rename: renameNoReplace,
      });
      return { path: written.path, bytes: written.bytes };
    }
    const dir = await targetFolder(ctx, input, 'Save VPN profile in');
    if (!dir) return null;
    const { text, fileName } = await download(ctx, input.zone, 'vpnGateways.config', input.gatewayId, input.maxBytes);
    const base =
      fileName ?? `${input.gatewayName ?? (await nameById(ctx, input.zone, 'vpnGateways.get', input.gatewayId))}.conf`;
    const named = zonedFileName(input.zone, base, 'conf');
    const saved = await saveDownload({ dir, fileName: named, body: once(text), log: ctx.log.child('files') });
    return { path: saved.path, bytes: saved.bytes };
  },
);
