/**
 * `zonedeck zones import FILE` and `zones export [FILE]`: the window's zones file (README, "The
 * zones file"). An import is all or nothing: an entry that would be skipped, or a zone of the same
 * name at another address not named with --take, stops it before anything changes; a write that
 * fails half-way is undone by the agent. An export goes to stdout, or to a new 0600 file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ZoneImportPlan } from '../../contract/commands';
import { renameNoReplace, writeFileAtomic } from '../../agent/files';
import { AgentError } from '../../contract/errors';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';

/** As the agent bounds it: a larger file is not read at all. */
const MAX_ZONES_FILE = 256 * 1024;

function readZonesFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : path.resolve(file), 'utf8');
  } catch (err) {
    throw new CliError(`Could not read ${file}: ${(err as Error).message}`, EXIT.failed, 'unreadable');
  }
  if (Buffer.byteLength(text) > MAX_ZONES_FILE)
    throw new CliError(`${file} is too large to be a zones file (256 KiB at most).`, EXIT.usage, 'invalid_input');
  return text;
}

/** Why the plan cannot be applied whole, one line per entry; empty when it can. */
function blockers(plan: ZoneImportPlan, take: readonly string[]): string[] {
  return [
    ...plan.skipped.map((s) => `${s.name}: ${s.reason}`),
    ...plan.conflicts
      .filter((c) => !take.includes(c.name))
      .map(
        (c) =>
          `${c.name}: here at ${c.currentBaseUrl}, in the file at ${c.baseUrl} (--take "${c.name}" to re-point it)`,
      ),
  ];
}

export async function zonesImportCommand(
  link: AgentLink,
  out: Output,
  file: string,
  f: { take?: string[] },
): Promise<void> {
  const text = readZonesFile(file);
  const take = f.take ?? [];
  const { plan } = await link.invoke('zones.import', { text, apply: false });
  const stop = blockers(plan, take);
  if (stop.length)
    throw new CliError(
      `Nothing was imported: ${stop.length === 1 ? 'one entry' : `${stop.length} entries`} cannot be.\n  ${stop.join('\n  ')}`,
      EXIT.usage,
      'import_refused',
    );
  const { applied } = await link.invoke('zones.import', { text, apply: true, take });
  for (const e of [...plan.added, ...plan.changed, ...plan.conflicts]) if (e.note) out.note(`${e.name}: ${e.note}`);
  const none = applied.length === 0;
  const human = none
    ? `Nothing to import: the ${plan.unchanged.length === 1 ? 'zone is' : 'zones are'} here already.`
    : `Imported ${applied.join(', ')}${plan.unchanged.length ? ` (${plan.unchanged.length} unchanged)` : ''}.`;
  out.result(human, {
    added: plan.added.map((a) => a.name),
    changed: [...plan.changed, ...plan.conflicts.filter((c) => take.includes(c.name))].map((c) => c.name),
    unchanged: plan.unchanged,
    applied,
  });
}

export async function zonesExportCommand(
  link: AgentLink,
  out: Output,
  file: string | undefined,
  f: { replace?: boolean },
): Promise<void> {
  const { text } = await link.invoke('zones.export', {});
  if (file === undefined || file === '-') return void process.stdout.write(text);
  const target = path.resolve(file);
  try {
    const written = await writeFileAtomic(target, text, {
      mode: 0o600,
      ...(f.replace ? {} : { rename: renameNoReplace }),
    });
    out.result(`Wrote ${written.path} (${written.bytes} bytes, mode 0600).`, {
      path: written.path,
      bytes: written.bytes,
    });
  } catch (err) {
    if (err instanceof AgentError && err.code === 'file_exists')
      throw new CliError(`${target} exists: give --replace to write over it.`, EXIT.usage, 'file_exists');
    throw err;
  }
}
