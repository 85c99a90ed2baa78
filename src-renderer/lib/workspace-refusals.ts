/**
 * A zone's refusals on repositories and workspace creation, in words with what to do: no
 * source-hosting connector (409 no_connector), a repository the connected account cannot see
 * (422), a new repository that already exists (409), a missing deploy server. Other errors keep
 * the zone's message with the usual next step.
 */
import type { AgentErrorData } from '@contract/errors';
import { nextStep } from './errors';

export const NO_CONNECTOR_HELP =
  'This tenant has no source-hosting account connected, so the zone cannot see or create repositories. Connect a source-hosting account (your Git host) for this tenant on the platform, then try again.';

export function isNoConnector(err: AgentErrorData): boolean {
  return err.code === 'no_connector' || (err.status === 409 && /connector/i.test(err.message));
}

/** The refusal as a sentence; `what` names the thing asked for (a repository's full name, a workspace). */
export function refusalWords(err: AgentErrorData, what: string): string {
  if (isNoConnector(err)) return NO_CONNECTOR_HELP;
  if (err.code === 'repo_not_found' || (err.status === 422 && /repo/i.test(`${err.code} ${err.message}`)))
    return `The connected source-hosting account has no repository ${what}, or cannot see it. Check the owner and name (owner/name) and that the account has access. (${err.message})`;
  if (err.code === 'repo_exists')
    return `A repository named ${what} already exists on the source-hosting account. Bind it instead: choose “Use a registered repository” (register it first if it is not listed). (${err.message})`;
  if (err.code === 'deploy_server_required' || /deploy_server/.test(err.message))
    return `CI/CD needs a deploy server: give its id. (${err.message})`;
  return `${err.message} ${nextStep(err)}`.trim();
}

/** Rewords a failure for useAction's `explain`, keeping status and code for the small print. */
export function explainRefusal(what: () => string): (err: AgentErrorData) => AgentErrorData {
  return (err) => ({ ...err, message: refusalWords(err, what()) });
}
