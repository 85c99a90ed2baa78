/**
 * `zonedeck open <zone>[/<section>[/<id>]]` or a zonedeck:// link: the app opens (or focuses) there.
 * With the app running its agent takes the link and tells the window; otherwise the desktop's
 * opener starts the app through its registered zonedeck:// handler.
 */
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { osOpen } from '../../web/os-open';
import { parseDeepLink } from '../../contract/deep-link';

export function linkOf(target: string): string {
  if (target.startsWith('zonedeck:')) return target;
  const [zone, section, ...rest] = target.split('/');
  if (!zone || !section)
    throw new CliError(
      'Name a place as <zone>/<section>[/<id>], or give a zonedeck:// link.',
      EXIT.usage,
      'invalid_input',
    );
  const parts = [zone, section, rest.join('/')].filter(Boolean).map(encodeURIComponent);
  return `zonedeck://zone/${parts.join('/')}`;
}

export async function openCommand(link: AgentLink, out: Output, target: string): Promise<void> {
  const url = linkOf(target);
  if (!parseDeepLink(url)) throw new CliError(`“${target}” is not a place in Zonedeck.`, EXIT.usage, 'invalid_input');
  if (link.openLink) {
    if (!(await link.openLink(url))) throw new CliError('The app did not take the link.', EXIT.failed);
    out.result(`Opened ${url} in the running app.`, { opened: url, via: 'app' });
    return;
  }
  const failure = await osOpen(url, 'url');
  if (failure) throw new CliError(`The app is not running and could not be started: ${failure}`, EXIT.failed);
  out.result(`Asked the desktop to open ${url}.`, { opened: url, via: 'desktop' });
}
