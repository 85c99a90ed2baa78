/**
 * Store and CMS credentials, asked for only on demand: a workspace of unknown kind is asked for
 * both, side by side, a "not this kind" refusal shown neutrally and a real refusal as an error;
 * the admin password is copied from the first kind that has one, and a failure says why.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '@contract/errors';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { copyAdminPassword, readCredentials } =
  await import('../../../../src-renderer/features/workspaces/credentials/workspace-credentials');

const ws = { zone: 'eu-1', id: 'ws1' };
const refusal = (status: number, code: string) => new AgentError({ status, code, message: `refused ${status}` });
let copied: string[] = [];

beforeEach(() => {
  scripted.calls.length = 0;
  copied = [];
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (t: string) => void copied.push(t));
});

describe('workspace credentials', () => {
  it('asks a workspace of unknown kind for both; the kind it is not is said neutrally', async () => {
    scripted.answer = (c: ScriptedCall) => {
      if (c.op === 'workspaces.storeCredentials') throw refusal(409, 'wrong_workspace_kind');
      return { admin_email: 'admin@shop.test', admin_password: 'pw-cms' };
    };
    const results = await readCredentials(ws, undefined);
    expect(results.map((r) => r.kind)).toEqual(['store', 'cms']);
    expect(results[0]).toEqual({ kind: 'store', notThisKind: true });
    expect(results[1]).toHaveProperty('fields');
  });

  it('a workspace the zone names asks for its own kind only; a forbidden read is an error', async () => {
    scripted.answer = () => {
      throw refusal(403, 'forbidden');
    };
    const results = await readCredentials(ws, 'cms');
    expect(scripted.calls.map((c) => c.op)).toEqual(['workspaces.cmsCredentials']);
    expect(results[0]).toMatchObject({ kind: 'cms', error: { status: 403 } });
  });

  it('copies the password of the first kind that has one', async () => {
    scripted.answer = (c: ScriptedCall) => {
      if (c.op === 'workspaces.storeCredentials') throw refusal(404, 'not_found');
      return { admin_password: 'pw-cms' };
    };
    await copyAdminPassword(ws, undefined);
    expect(copied).toEqual(['pw-cms']);
  });

  it('says why nothing was copied: a real refusal, or no kind having a password', async () => {
    scripted.answer = () => {
      throw refusal(403, 'forbidden');
    };
    await expect(copyAdminPassword(ws, 'store')).rejects.toThrow('Could not read the admin password: refused 403');
    scripted.answer = () => {
      throw refusal(409, 'wrong_workspace_kind');
    };
    await expect(copyAdminPassword(ws, undefined)).rejects.toThrow(
      'This workspace has no admin password to copy (neither a store nor a CMS).',
    );
    expect(copied).toEqual([]);
  });
});
