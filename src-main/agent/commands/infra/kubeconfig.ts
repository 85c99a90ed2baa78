/**
 * Kubeconfig commands: download to ~/.kube/zonedeck/<zone>-<cluster>.yaml, merge into the user's
 * kubeconfig (with a backup), or save a copy where the person chooses. Every file is renamed to
 * `<zone>-<cluster>` entries, so any two of them can sit in one KUBECONFIG list without clashing.
 */
import path from 'node:path';
import { z } from 'zod';
import { AGENT_CODES, AgentError } from '../../../contract/errors';
import {
  checkSaveTarget,
  clusterEntryName,
  mergeIntoKubeconfig,
  renameNoReplace,
  saveClusterKubeconfig,
  writeFileAtomic,
} from '../../files';
import type { AgentContext } from '../../context';
import { command, zoneId } from '../define';
import { expandPath, homeOf } from '../places';
import { download, nameById } from './zone-fetch';
import { MAX_JSON_REPLY_BYTES } from '../../http/reply-bounds';
import { mark } from '../../marks';

const ref = {
  zone: zoneId,
  clusterId: z.string().min(1).max(200),
  clusterName: z.string().min(1).max(200).optional(),
  /** Lifts the 4 MiB cap on the download (held in memory, so never past the JSON reply cap). */
  maxBytes: z.number().int().positive().max(MAX_JSON_REPLY_BYTES).optional(),
};

interface Loaded {
  /** `<zone>-<cluster>`. */
  name: string;
  cluster: string;
  /** Standalone kubeconfig with the renamed entries, current-context set. */
  standalone: string;
  /** The zone's file as sent (the merge renames it itself). */
  original: string;
}

async function load(
  ctx: AgentContext,
  input: { zone: string; clusterId: string; clusterName?: string | undefined; maxBytes?: number | undefined },
): Promise<Loaded> {
  // mergeKubeconfig also checks the download is a usable kubeconfig before anything is written.
  // Loaded with the first kubeconfig, not at start, with the yaml package it needs
  // (docs/benchmarks.md, start-up): while the zone is asked, not after it answered (issue #28).
  const merging = import('../../files/kubeconfig-merge');
  merging.catch(() => undefined); // a failure is thrown where it is awaited
  const cluster = input.clusterName ?? (await nameById(ctx, input.zone, 'kubernetes.get', input.clusterId));
  const name = clusterEntryName(input.zone, cluster);
  const { text } = await download(ctx, input.zone, 'kubernetes.kubeconfig', input.clusterId, input.maxBytes);
  mark('kubeconfig.downloaded');
  const { mergeKubeconfig } = await merging;
  const standalone = mergeKubeconfig('', text, { name, setCurrent: true }).text;
  mark('kubeconfig.renamed');
  return { name, cluster, standalone, original: text };
}

export const kubeconfigSave = command<'kubeconfig.save'>(z.object(ref).strict(), async (input, ctx) => {
  const k = await load(ctx, input);
  const saved = await saveClusterKubeconfig({
    home: homeOf(ctx),
    zone: input.zone,
    cluster: k.cluster,
    content: k.standalone,
    log: ctx.log.child('files'),
  });
  mark('kubeconfig.written');
  return {
    path: saved.path,
    bytes: saved.bytes,
    exportCommand: saved.exportCommand,
    kubectlCommand: saved.kubectlCommand,
    name: k.name,
  };
});

/** A terminal's folder and KUBECONFIG, as `zonedeck` sends them (absolute folder, bounded). */
const terminal = z
  .object({
    cwd: z
      .string()
      .min(1)
      .max(4096)
      .refine((p) => path.isAbsolute(p) && !p.includes('\0'), 'Must be an absolute path'),
    kubeconfig: z
      .string()
      .max(64 * 1024)
      .optional(),
  })
  .strict();

export const kubeconfigMerge = command<'kubeconfig.merge'>(
  z.object({ ...ref, setCurrent: z.boolean().optional(), terminal: terminal.optional() }).strict(),
  async (input, ctx) => {
    const k = await load(ctx, input);
    const setCurrent = input.setCurrent ?? false;
    // The terminal's KUBECONFIG and folder when a terminal sent them: the app's agent has its own.
    const t = input.terminal;
    const res = await mergeIntoKubeconfig({
      env: t ? (t.kubeconfig !== undefined ? { KUBECONFIG: t.kubeconfig } : {}) : process.env,
      ...(t ? { cwd: t.cwd } : {}),
      home: homeOf(ctx),
      zone: input.zone,
      cluster: k.cluster,
      content: k.original,
      setCurrent,
      log: ctx.log.child('files'),
    });
    return { ...res, setCurrent };
  },
);

export const kubeconfigSaveAs = command<'kubeconfig.saveAs'>(
  z
    .object({ ...ref, path: z.string().min(1).max(4096).optional(), replace: z.string().min(1).max(4096).optional() })
    .strict(),
  async (input, ctx) => {
    let target = input.path ? expandPath(ctx, input.path) : null;
    let confirmed = input.replace;
    if (!target) {
      const pick = ctx.options.pickSavePath;
      if (!pick) {
        throw new AgentError({
          status: 0,
          code: AGENT_CODES.validation,
          message: 'Type the path to save the kubeconfig to.',
          details: { fields: { path: 'Required' } },
        });
      }
      const suggested = input.clusterName
        ? `${clusterEntryName(input.zone, input.clusterName)}.yaml`
        : 'kubeconfig.yaml';
      target = await pick({
        title: 'Save kubeconfig as',
        defaultPath: path.join(homeOf(ctx), suggested),
        filters: [{ name: 'Kubeconfig', extensions: ['yaml', 'yml', 'conf'] }],
      });
      if (!target) return null;
      confirmed = target; // the native dialog asked before replacing a file
    }
    // Checked before the download too, so a refused path costs no request.
    await checkSaveTarget(homeOf(ctx), target, confirmed);
    const k = await load(ctx, input);
    const checked = await checkSaveTarget(homeOf(ctx), target, confirmed);
    const written = await writeFileAtomic(checked.path, k.standalone, {
      mode: 0o600,
      log: ctx.log.child('files'),
      ...(checked.exists ? {} : { rename: renameNoReplace }),
    });
    return { path: written.path, bytes: written.bytes };
  },
);
