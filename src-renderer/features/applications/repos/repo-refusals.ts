/**
 * A zone's refusals on repositories and workspace creation, in words with what to do: no
 * source-hosting connector (409 no_connector), a repository the connected account cannot see
 * (422), a new repository that already exists (409), a missing deploy server. Other errors keep
 * the zone's message with the usual next step.
 */
import type { AgentErrorData } from '@contract/errors';
import { nextStep } from '../../../lib/errors';

export const NO_CONNECTOR_HELP =
  'This tenant has no source-hosting account connected, so the zone cannot see or create repositories. Connect a source-hosting account (your Git host) for this tenant on the platform, then try again.';

/** Words that say the tenant has no source-hosting account connected, in a code or a message. */
const NO_CONNECTOR =
  /connector|source[-_\s]?hosting|not[-_\s]connected|(no|missing)[-_\s](git|vcs|scm|source)[-_\s]?(account|host|provider|integration)?|(git|vcs|scm)[-_\s]?(account|integration|provider)[-_\s]?(missing|required|not[-_\s](set|configured|linked))/i;
/** A Git host named in a refusal of the "precondition" kind (no repository asked about). */
const GIT_HOST = /github|gitlab|bitbucket|gitea|git[-_\s]?host/i;
const ABOUT_A_REPO = /repo(sitory)?[-_\s]?(not[-_\s]found|exists|already)|not[-_\s]visible|already[-_\s]exists/i;

/**
 * The spec's "creation requires a source-hosting connector" refused, recognised by its words and
 * structure, not one code: a 4xx (not an authorisation or rate refusal) whose code or message
 * speaks of a connector, source hosting or "not connected", or names a Git host in a
 * precondition refusal (409/412/424/428) that is not about one repository.
 */
export function isNoConnector(err: AgentErrorData): boolean {
  const s = err.status ?? 0;
  const text = `${err.code ?? ''} ${err.message ?? ''}`;
  if (s !== 0 && (s < 400 || s >= 500 || s === 401 || s === 429)) return false;
  if (ABOUT_A_REPO.test(text) && !/connector|not[-_\s]connected/i.test(text)) return false;
  if (NO_CONNECTOR.test(text)) return true;
  return [409, 412, 424, 428].includes(s) && GIT_HOST.test(text);
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
