/**
 * The zone refuses to install plugin or theme code through the CMS command line (the spec: site
 * files are re-cloned from the repository on every deploy, so installs outside it are lost). This
 * spots such a line before it is sent, and words the zone's refusal when it comes back.
 */
import type { AgentErrorData } from '@contract/errors';

/** The spec's reason, in words a person acts on. */
export const INSTALL_REASON =
  'Site files are re-cloned from the repository on every deploy, so a plugin or theme installed from the command line would be lost. Commit the plugin or theme to the workspace’s repository instead, then activate it here.';

export interface InstallLine {
  /** 'plugin' or 'theme'. */
  kind: 'plugin' | 'theme';
  /** Index in the arguments of the kind word and of `install`, for the editor's marker. */
  at: [number, number];
  /** What would be installed (zip paths and URLs included), without flags. */
  targets: string[];
}

/** Global flags (`--path=…`, `--allow-root`) may come before the command in the CMS's CLI. */
function positional(args: string[]): number[] {
  return args.map((a, i) => (a.startsWith('-') ? -1 : i)).filter((i) => i >= 0);
}

/** The install this argument array asks for, or null. `plugin install x --activate` counts too. */
export function installLine(args: readonly string[]): InstallLine | null {
  const list = [...args];
  const pos = positional(list);
  const [k, v] = pos;
  if (k === undefined || v === undefined) return null;
  const kind = list[k]!.toLowerCase();
  if ((kind !== 'plugin' && kind !== 'theme') || list[v]!.toLowerCase() !== 'install') return null;
  return { kind, at: [k, v], targets: pos.slice(2).map((i) => list[i]!) };
}

/** The warning shown on such a line before it is sent. */
export function installWarning(line: InstallLine): string {
  const what = line.targets.length ? `${line.kind} ${line.targets.join(', ')}` : `a ${line.kind}`;
  return `The zone refuses to install ${what} this way. ${INSTALL_REASON}`;
}

/** True when a failure is the zone's install refusal (422 install_not_allowed, or its words). */
export function isInstallRefusal(err: AgentErrorData): boolean {
  if (err.code === 'install_not_allowed') return true;
  return err.status === 422 && /install/i.test(err.message) && /(plugin|theme)/i.test(err.message);
}

/** The refusal in words: what happened, the reason, what to do. */
export function refusalWords(): string {
  return `Refused by the zone: plugins and themes cannot be installed from the command line. ${INSTALL_REASON}`;
}
