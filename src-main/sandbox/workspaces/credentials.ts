/**
 * Sensitive per-kind routes: store credentials (store workspaces), CMS credentials and the CMS
 * command line (CMS workspaces). The wrong kind of workspace answers 409 wrong_workspace_kind.
 * cms-cli takes a bare JSON array of strings (no leading command name) and refuses plugin or theme
 * installs with the spec's reason; other commands get a canned {exit_code, output}.
 */
import type { Handler, SandboxRequest } from '../core/types';
import { badRequest, conflict, ok, unprocessable } from '../kit/http';
import type { Template, Workspace } from './model';

const INSTALL_REFUSAL =
  'installing plugin or theme code this way is not allowed, because site files are re-cloned from the repository on every deploy and installs outside it are lost; add it to the repository instead';

function ofKind(ws: Workspace, template: Template): Workspace {
  if (ws.template !== template)
    conflict('wrong_workspace_kind', `workspace is a ${ws.template} workspace, not ${template}`);
  if (ws.status === 'creating' || ws.status === 'failed') conflict('workspace_not_ready', `workspace is ${ws.status}`);
  return ws;
}

function siteUrl(req: SandboxRequest, ws: Workspace): string {
  return `https://${ws.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${ws.id.slice(0, 6)}.apps.${req.zone.host}`;
}

function cmsCommand(args: string[]): { exit_code: number; output: string } {
  const [group, action, target] = args;
  if ((group === 'plugin' || group === 'theme') && action === 'install')
    unprocessable('install_not_allowed', INSTALL_REFUSAL, { args });
  if ((group === 'plugin' || group === 'theme') && action === 'activate' && target) {
    return { exit_code: 0, output: `Success: ${group === 'plugin' ? 'Plugin' : 'Theme'} '${target}' activated.` };
  }
  if ((group === 'plugin' || group === 'theme') && action === 'list')
    return { exit_code: 0, output: 'name\tstatus\nsandbox-seo\tactive\n' };
  if (group === 'option' && action === 'get' && target)
    return { exit_code: 0, output: `${target === 'blogname' ? 'Company Site' : ''}\n` };
  if (['post', 'page', 'option', 'menu', 'user', 'cache'].includes(group ?? ''))
    return { exit_code: 0, output: `Success: ${args.join(' ')}\n` };
  return { exit_code: 1, output: `Error: '${args.join(' ')}' is not a registered command.\n` };
}

export function credentialHandlers(get: (req: SandboxRequest) => Workspace): Record<string, Handler> {
  return {
    'workspaces.storeCredentials': (req) => {
      const ws = ofKind(get(req), 'store');
      const site = siteUrl(req, ws);
      return ok({
        admin_email: 'admin@acme.example',
        admin_password: ws.admin_password,
        admin_dashboard_url: `${site.replace('https://', 'https://admin-')}/app`,
        storefront_url: site,
        publishable_key: ws.publishable_key,
      });
    },

    'workspaces.cmsCredentials': (req) => {
      const ws = ofKind(get(req), 'cms');
      const site = siteUrl(req, ws);
      return ok({ admin_url: `${site}/admin`, admin_user: 'admin', admin_password: ws.admin_password, site_url: site });
    },

    'workspaces.cmsCli': (req) => {
      const ws = get(req);
      const args = req.body;
      if (!Array.isArray(args) || args.length === 0 || !args.every((a) => typeof a === 'string')) {
        badRequest('body must be a non-empty JSON array of string arguments, without the command name');
      }
      ofKind(ws, 'cms');
      return ok(cmsCommand(args));
    },
  };
}
