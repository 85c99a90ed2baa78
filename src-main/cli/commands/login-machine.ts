/**
 * `zonedeck login <zone> --client-id ID`: the spec's machine sign-in for scripts and CI, with an API
 * client's secret read from standard input (--client-secret-stdin) or ZONEDECK_CLIENT_SECRET —
 * never from argv, where other users' `ps` could read it. The agent keeps the id and the secret
 * with the session, as when the window signs in with an API client.
 */
import type { ZoneView } from '../../contract/commands';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { readStdinLine } from '../prompt';

const CLIENT_SECRET_ENV = 'ZONEDECK_CLIENT_SECRET';

async function clientSecret(fromStdin: boolean): Promise<string> {
  const env = process.env[CLIENT_SECRET_ENV];
  if (fromStdin && env)
    throw new CliError(
      `Give the client secret on standard input or in ${CLIENT_SECRET_ENV}, not both.`,
      EXIT.usage,
      'invalid_input',
    );
  const secret = fromStdin ? await readStdinLine() : (env ?? '').trim();
  if (!secret)
    throw new CliError(
      `A client secret is needed: --client-secret-stdin, or ${CLIENT_SECRET_ENV} in the environment.`,
      EXIT.usage,
      'invalid_input',
    );
  return secret;
}

export async function machineLogin(
  link: AgentLink,
  out: Output,
  zones: readonly ZoneView[],
  clientId: string,
  secretFromStdin: boolean,
): Promise<void> {
  const secret = await clientSecret(secretFromStdin);
  const done: string[] = [];
  for (const zone of zones) {
    await link.invoke('auth.machine', { zone: zone.id, clientId, clientSecret: secret });
    done.push(zone.name);
    out.note(`Signed in to ${zone.name} as API client ${clientId}.`);
  }
  out.result(`Signed in: ${done.join(', ')}.`, { signedIn: done, clientId });
}
