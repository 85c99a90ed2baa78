/** Where this agent writes people's files: the home it was given (tests use a temp dir) and Downloads. */
import os from 'node:os';
import path from 'node:path';
import type { AgentContext } from '../context';

export function homeOf(ctx: AgentContext): string {
  return ctx.options.homeDir ?? os.homedir();
}

export function downloadsOf(ctx: AgentContext): string {
  return ctx.options.downloadsDir ?? path.join(homeOf(ctx), 'Downloads');
}

/** `~/x` as people type it in a path field; relative paths are taken from home, not the agent's cwd. */
export function expandPath(ctx: AgentContext, input: string): string {
  const home = homeOf(ctx);
  const t = input.trim();
  if (t === '~') return home;
  if (t.startsWith('~/') || t.startsWith('~\\')) return path.join(home, t.slice(2));
  return path.resolve(home, t);
}

/**
 * The folder a download goes to: the typed one, else Downloads; with `pick` the native folder
 * picker (Electron) starts there. Null when the person cancelled the picker.
 */
export async function targetFolder(
  ctx: AgentContext,
  input: { dir?: string; pick?: boolean },
  title: string,
): Promise<string | null> {
  const dir = input.dir ? expandPath(ctx, input.dir) : downloadsOf(ctx);
  if (!input.pick || !ctx.options.pickFolder) return dir;
  return ctx.options.pickFolder({ title, defaultPath: dir });
}
