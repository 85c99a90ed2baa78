/**
 * `zonedeck login <zone>` and `logout`: the window's sign-in commands, asked on the terminal.
 * The tokens stay in the agent; what renews them goes to the keychain, so the window (and the
 * next command) are signed in too. `--group` signs in to every zone of a group with one password.
 */
import type { ZoneView } from '../../contract/commands';
import { AgentError } from '../../contract/errors';
import { CliError } from '../cli-error';
import { notFoundMessage } from '../closest-names';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { ask, readStdinLine } from '../prompt';
import { resolveZone } from '../resolve';
import { machineLogin } from './login-machine';

export interface LoginFlags {
  email?: string;
  group?: string;
  remember?: boolean;
  passwordStdin?: boolean;
  clientId?: string;
  clientSecretStdin?: boolean;
  insecureStorage?: boolean;
}

interface Who {
  email: string;
  password: string;
}

/** Wrong codes are asked again, up to this many tries in all. */
const CODE_TRIES = 3;

async function signIn(link: AgentLink, out: Output, zone: ZoneView, who: Who, remember: boolean): Promise<void> {
  let step = await link.invoke('auth.login', { zone: zone.id, email: who.email, password: who.password });
  for (let tries = 1; step.status === 'mfa_required'; tries++) {
    const how =
      step.method === 'email'
        ? `${step.mail_sent ? 'A code was mailed' : 'Use the code mailed'} to ${step.email_hint}.`
        : 'Open your authenticator app.';
    out.note(how);
    const code = await ask(`Code for ${zone.name}: `);
    try {
      step = await link.invoke('auth.verify', {
        zone: zone.id,
        challenge: step.challenge,
        code,
        rememberDevice: remember,
      });
    } catch (err) {
      // A wrong code may be typed again while the zone allows (attempts_left); anything else ends here.
      const left = (err as AgentError).details?.attempts_left;
      if (!(err instanceof AgentError) || err.code !== 'invalid_code' || left === 0 || tries >= CODE_TRIES) throw err;
      out.note(`${err.message} Try again.`);
    }
  }
}

export async function loginCommand(
  link: AgentLink,
  out: Output,
  zoneName: string | undefined,
  f: LoginFlags,
): Promise<void> {
  const zones = await targets(link, zoneName, f.group);
  if (f.insecureStorage) await storeInFile(link, out);
  if (f.clientId !== undefined) return machineLogin(link, out, zones, f.clientId, f.clientSecretStdin ?? false);
  if (f.clientSecretStdin)
    throw new CliError('--client-secret-stdin goes with --client-id.', EXIT.usage, 'invalid_input');
  const email = f.email ?? (await ask('Email: '));
  const password = f.passwordStdin ? await readStdinLine() : await ask('Password: ', { hidden: true });
  if (!email || !password) throw new CliError('An email and a password are needed.', EXIT.usage, 'invalid_input');
  const done: string[] = [];
  for (const zone of zones) {
    await signIn(link, out, zone, { email, password }, f.remember ?? false);
    done.push(zone.name);
    out.note(`Signed in to ${zone.name} as ${email}.`);
  }
  out.result(`Signed in: ${done.join(', ')}.`, { signedIn: done, email });
}

/** Opted in by name only: the sign-in that follows, and every later one, goes to a 0600 file. */
async function storeInFile(link: AgentLink, out: Output): Promise<void> {
  const info = await link.invoke('app.info', {});
  await link.invoke('settings.update', { secretStorage: 'file' });
  const file = (await link.invoke('app.info', {})).keychain.file;
  if (info.keychain.file === undefined)
    out.note(
      `Sign-ins are stored in a file from now on (${file ?? 'in the data folder'}), not the keychain; not encrypted.`,
    );
}

async function targets(link: AgentLink, zoneName: string | undefined, group: string | undefined): Promise<ZoneView[]> {
  if (zoneName && group) throw new CliError('Name a zone or --group, not both.', EXIT.usage, 'invalid_input');
  if (zoneName) return [await resolveZone(link, zoneName)];
  if (!group) throw new CliError('Name the zone to sign in to, or --group <group>.', EXIT.usage, 'invalid_input');
  const zones = await link.invoke('zones.list', {});
  const inGroup = zones.filter((z) => z.group === group);
  if (inGroup.length === 0)
    throw new CliError(
      notFoundMessage('group', group, [...new Set(zones.flatMap((z) => (z.group ? [z.group] : [])))]),
      EXIT.notFound,
      'not_found',
    );
  return inGroup;
}

export async function logoutCommand(link: AgentLink, out: Output, zoneName: string): Promise<void> {
  const zone = await resolveZone(link, zoneName);
  // Restored first, so the zone is told to end the session, not only this machine.
  await link.sessionsRestored([zone.id]);
  await link.invoke('auth.logout', { zone: zone.id });
  out.result(`Signed out of ${zone.name}.`, { signedOut: zone.name });
}
