/**
 * Store and CMS credentials, asked for only when the person reveals or copies them. The replies
 * hold a real admin password, so nothing here caches them: no resource, no Pinia state, no web
 * storage. Each call hands the fields to its caller, whose component keeps them and drops them.
 */
import type { AgentErrorData } from '@contract/errors';
import { agent } from '../../../agent';
import { toErrorData } from '../../../lib/errors';
import {
  credentialKinds,
  notThisKind,
  passwordOf,
  toCredentials,
  type CredentialKind,
  type CredentialResult,
} from './credential-fields';
import type { WorkspaceRef } from '../workspaces';

const OPERATION = { store: 'workspaces.storeCredentials', cms: 'workspaces.cmsCredentials' } as const;

export type { CredentialResult };

async function ask(ref: WorkspaceRef, kind: CredentialKind): Promise<unknown> {
  return agent.call(ref.zone, OPERATION[kind], { params: { id: ref.id } });
}

/** The credentials of each kind the template calls for (both when the zone does not say), side by side. */
export async function readCredentials(ref: WorkspaceRef, template: string | undefined): Promise<CredentialResult[]> {
  const kinds = credentialKinds(template);
  return Promise.all(
    kinds.map(async (kind): Promise<CredentialResult> => {
      try {
        return { kind, fields: toCredentials(kind, await ask(ref, kind)) };
      } catch (e) {
        const err = toErrorData(e);
        return notThisKind(err, kinds.length > 1) ? { kind, notThisKind: true } : { kind, error: err };
      }
    }),
  );
}

/**
 * Puts the workspace's admin password on the clipboard without showing it: the first kind that
 * answers with one. Throws in words when none does.
 */
export async function copyAdminPassword(ref: WorkspaceRef, template: string | undefined): Promise<void> {
  let failure: AgentErrorData | null = null;
  const kinds = credentialKinds(template);
  for (const kind of kinds) {
    try {
      const password = passwordOf(kind, await ask(ref, kind));
      if (password) return await navigator.clipboard.writeText(password);
    } catch (e) {
      const err = toErrorData(e);
      if (!notThisKind(err, kinds.length > 1)) failure = err;
    }
  }
  throw new Error(
    failure
      ? `Could not read the admin password: ${failure.message}`
      : 'This workspace has no admin password to copy (neither a store nor a CMS).',
  );
}
