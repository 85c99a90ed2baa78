/**
 * `zonedeck grab <words>`: the palette's quick grab. The same index (grab.index, every signed-in
 * zone) and the same matching (contract/term-match.ts); one match is written at once, several
 * are listed, `--pick N` takes the Nth of that list.
 */
import { withProgress } from '../progress';
import type { GrabItem } from '../../contract/commands-infra';
import { rankByTerms } from '../../contract/term-match';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { table } from '../output';

/** The palette's label for an entry, so words match here as they do there. */
const labelOf = (g: GrabItem) => `${g.name} · ${g.zoneName}`;

export async function grabCommand(link: AgentLink, out: Output, words: string[], f: { pick?: string }): Promise<void> {
  const index = await withProgress(
    out,
    'Searching every signed-in zone…',
    link.sessionsRestored().then(() => link.invoke('grab.index', {})),
  );
  for (const fail of index.failures) out.note(`${fail.zoneName}: not searched — ${fail.message}`);
  const files = index.items.filter((g) => g.kind === 'cluster' || g.kind === 'vpn-gateway');
  const matches = rankByTerms(files, labelOf, words.join(' '), 20);
  if (matches.length === 0)
    throw new CliError(`Nothing to grab matches “${words.join(' ')}”.`, EXIT.notFound, 'not_found');
  let chosen: GrabItem | undefined;
  if (f.pick !== undefined) {
    const n = Number(f.pick);
    chosen = Number.isInteger(n) ? matches[n - 1] : undefined;
    if (!chosen)
      throw new CliError(`--pick takes 1 to ${matches.length}, not “${f.pick}”.`, EXIT.usage, 'invalid_input');
  } else if (matches.length === 1) chosen = matches[0];
  if (!chosen) {
    const rows = matches.map((g, i) => [
      String(i + 1),
      g.kind === 'cluster' ? 'cluster' : 'vpn',
      `${g.zoneName}/${g.name}`,
    ]);
    if (out.json) out.result('', { matches });
    else process.stdout.write(`${table(['#', 'KIND', 'NAME'], rows)}\n`);
    throw new CliError(`${matches.length} matches: add words, or choose one with --pick N.`, EXIT.usage, 'ambiguous');
  }
  if (chosen.kind === 'cluster') {
    const saved = await link.invoke('kubeconfig.save', {
      zone: chosen.zone,
      clusterId: chosen.id,
      clusterName: chosen.name,
    });
    out.note(`Wrote ${saved.path} (${saved.bytes} bytes, mode 0600).`);
    out.result(saved.exportCommand, { kind: chosen.kind, zone: chosen.zoneName, ...saved, cluster: chosen.name });
    return;
  }
  const saved = await link.invoke('vpn.saveProfile', {
    zone: chosen.zone,
    gatewayId: chosen.id,
    gatewayName: chosen.name,
  });
  if (!saved) throw new CliError('Nothing was saved.', EXIT.failed);
  out.result(`Wrote ${saved.path} (${saved.bytes} bytes, mode 0600).`, {
    kind: chosen.kind,
    zone: chosen.zoneName,
    name: chosen.name,
    ...saved,
  });
}
