/**
 * `zonedeck kubeconfig <zone>/<cluster>`: the window's kubeconfig commands, so the same file rules
 * hold — ~/.kube/zonedeck/<zone>-<cluster>.yaml at 0600, a merge under kubectl's lock with a
 * backup, a copy elsewhere never over a file unless --replace names it.
 */
import { withProgress } from '../progress';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { resolveIn } from '../resolve';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';

export interface KubeconfigFlags {
  merge?: boolean;
  setCurrent?: boolean;
  stdout?: boolean;
  output?: string;
  replace?: boolean;
}

export async function kubeconfigCommand(link: AgentLink, out: Output, ref: string, f: KubeconfigFlags): Promise<void> {
  if ([f.merge, f.stdout, f.output !== undefined].filter(Boolean).length > 1)
    throw new CliError('Choose one of --merge, --stdout and -o.', EXIT.usage, 'invalid_input');
  const c = await resolveIn(link, out, ref, 'cluster', 'kubernetes.list');
  const cluster = { zone: c.zone.id, clusterId: c.id, clusterName: c.name };
  if (f.merge) {
    // This terminal's KUBECONFIG and folder, not those of the app's agent (shared mode).
    const kubeconfig = process.env.KUBECONFIG;
    const terminal = { cwd: process.cwd(), ...(kubeconfig !== undefined ? { kubeconfig } : {}) };
    const m = await link.invoke('kubeconfig.merge', { ...cluster, setCurrent: f.setCurrent ?? false, terminal });
    const backup = m.backup ? ` (backup: ${m.backup})` : '';
    out.result(`Merged context ${m.context} into ${m.target}${backup}${m.setCurrent ? '; it is now current' : ''}.`, m);
    return;
  }
  if (f.stdout) return printKubeconfig(link, cluster);
  if (f.output !== undefined) {
    const target = path.resolve(f.output);
    const saved = await link.invoke('kubeconfig.saveAs', {
      ...cluster,
      path: target,
      ...(f.replace ? { replace: target } : {}),
    });
    if (!saved) throw new CliError('Nothing was saved.', EXIT.failed);
    out.note(`Wrote ${saved.path} (${saved.bytes} bytes, mode 0600).`);
    out.result(`export KUBECONFIG=${shellQuote(saved.path)}`, saved);
    return;
  }
  const saved = await withProgress(
    out,
    `Downloading the kubeconfig of ${c.zone.name}/${c.name}…`,
    link.invoke('kubeconfig.save', cluster),
  );
  out.note(`Wrote ${saved.path} (${saved.bytes} bytes, mode 0600).`);
  out.result(saved.exportCommand, saved);
}

/**
 * --stdout: the agent writes its copy (0600) into a fresh 0700 folder of this user, which is
 * printed and removed at once: the file rules and the download cap stay the agent's.
 */
async function printKubeconfig(link: AgentLink, cluster: { zone: string; clusterId: string; clusterName: string }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zonedeck-'));
  try {
    const file = path.join(dir, 'kubeconfig.yaml');
    await link.invoke('kubeconfig.saveAs', { ...cluster, path: file });
    process.stdout.write(readFileSync(file, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function shellQuote(p: string): string {
  return /^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replaceAll("'", `'\\''`)}'`;
}
