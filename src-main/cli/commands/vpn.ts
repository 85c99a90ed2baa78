/** `zonedeck vpn <zone>/<gateway>`: the gateway's client profile, saved as the window saves it (0600, never over a file). */
import path from 'node:path';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { resolveIn } from '../resolve';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';

export async function vpnCommand(
  link: AgentLink,
  out: Output,
  ref: string,
  f: { dir?: string; output?: string },
): Promise<void> {
  if (f.dir && f.output) throw new CliError('Give a folder (-d) or a file (-o), not both.', EXIT.usage);
  const g = await resolveIn(link, out, ref, 'gateway', 'vpnGateways.list');
  const saved = await link.invoke('vpn.saveProfile', {
    zone: g.zone.id,
    gatewayId: g.id,
    gatewayName: g.name,
    ...(f.dir ? { dir: path.resolve(f.dir) } : {}),
    ...(f.output ? { file: path.resolve(f.output) } : {}),
  });
  if (!saved) throw new CliError('Nothing was saved.', EXIT.failed);
  out.result(`Wrote ${saved.path} (${saved.bytes} bytes, mode 0600).`, saved);
}
