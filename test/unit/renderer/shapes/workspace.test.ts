/**
 * Shape matrix of the workspace kinds: a chat's prompt under every name, a deployment's commit
 * message and sha flat or nested, its status coloured by the vocabulary, what kind of workspace a
 * record says it is, which refusals mean "no credentials of this kind" or "nothing deployed yet",
 * and the missing source-hosting connector recognised by its words, not one code.
 */
import { describe, expect, it } from 'vitest';
import { toChatRow } from '../../../../src-renderer/features/workspaces/shapes/chat-record';
import {
  credentialKinds,
  notThisKind,
} from '../../../../src-renderer/features/workspaces/credentials/credential-fields';
import { nothingDeployedYet, toDeployment } from '../../../../src-renderer/shapes/cicd-record';
import {
  hasCms,
  hasStoreCredentials,
  toWorkspaceSummary,
} from '../../../../src-renderer/features/workspaces/shapes/workspace-record';
import { isNoConnector } from '../../../../src-renderer/features/applications/repos/repo-refusals';
import { stateTone } from '../../../../src-renderer/lib/tolerant';
import { workspaceKindOf } from '../../../../src-renderer/features/workspaces/shapes/workspace';
import { oneRow } from '../../../support/readers';

const summaryOf = oneRow(toWorkspaceSummary, 'workspace');

describe('chat prompt', () => {
  it.each([
    { prompt: 'fix it' },
    { message: 'fix it' },
    { text: 'fix it' },
    { content: 'fix it' },
    { input: 'fix it' },
    { query: 'fix it' },
    { message: { role: 'user', content: 'fix it' } },
    {
      messages: [
        { role: 'user', text: 'fix it' },
        { role: 'agent', text: 'ok' },
      ],
    },
  ])('reads %j', (rec) => {
    expect(toChatRow({ kind: 'run', ...rec }, 0).prompt).toBe('fix it');
  });
  it('an entry without one has an empty prompt (the view says so)', () => {
    expect(toChatRow({ kind: 'run', ref_id: 'r' }, 0).prompt).toBe('');
  });
  it('reads the prompt under the name the zone taught (random:2: nvn8lp)', () => {
    const rec = { kind: 'run', mode: 'agent', nvn8lp: 'Banner for random:2', ref_id: 'r' };
    expect(toChatRow(rec, 0).prompt).toBe('');
    expect(toChatRow(rec, 0, { 'chat.prompt': 'nvn8lp' }).prompt).toBe('Banner for random:2');
  });
});

describe('deployment entries', () => {
  it.each([
    [{ status: 'deployed', commit: { sha: 'abc1234def', message: 'Add cart\n\nlong body' } }, 'abc1234def', 'Add cart'],
    [{ status: 'deployed', commit: 'abc1234', message: 'Add cart' }, 'abc1234', 'Add cart'],
    [{ state: 'deployed', sha: 'abc1234', commit_message: 'Add cart' }, 'abc1234', 'Add cart'],
    [{ status: 'deployed', commit_sha: 'abc1234', title: 'Add cart' }, 'abc1234', 'Add cart'],
    [{ status: 'deployed', revision: { id: 'abc1234', subject: 'Add cart' } }, 'abc1234', 'Add cart'],
    [{ status: 'deployed', commit: { hash: 'abc1234', title: 'Add cart' } }, 'abc1234', 'Add cart'],
  ])('reads sha and message of %j', (rec, sha, message) => {
    const d = toDeployment(rec, 0);
    expect(d.commit).toBe(sha);
    expect(d.message).toBe(message);
    expect(d.status).toBe('deployed');
  });

  it('reads the trigger under a name of its own by its word (random:2), and none where two fields could be it', () => {
    const rec = {
      commit: 'dca1e3f',
      app: 'storefront',
      status: 'succeeded',
      k7q2x: 'manual',
      m3z: '2026-12-02T07:46:52Z',
    };
    expect(toDeployment(rec, 0).trigger).toBe('manual');
    expect(toDeployment({ trigger: 'push', k7q2x: 'manual' }, 0).trigger).toBe('push');
    expect(toDeployment({ a1: 'manual', b2: 'push' }, 0).trigger).toBeUndefined();
  });

  it('colours by the vocabulary: deployed is settled, building under way, failed red, unknown grey', () => {
    expect(stateTone('deployed')).toBe('success');
    expect(stateTone('DEPLOYED')).toBe('success');
    expect(stateTone('building')).toBe('warning');
    expect(stateTone('deploying')).toBe('warning');
    expect(stateTone('failed')).toBe('error');
    expect(stateTone('superseded')).toBe('default');
  });
});

describe('what kind a workspace is', () => {
  it.each([
    [{ template: 'store' }, 'store'],
    [{ kind: 'Shop' }, 'store'],
    [{ type: 'ecommerce' }, 'store'],
    [{ stack: 'wordpress' }, 'cms'],
    [{ template: 'CMS' }, 'cms'],
    [{ kind: 'blank' }, 'other'],
    [{ kind: 'quantum' }, undefined],
    [{}, undefined],
  ] as const)('%j is %s', (rec, kind) => {
    expect(workspaceKindOf(rec)).toBe(kind);
  });

  it('offers the tools of the kind it says, and both when it does not say', () => {
    const cms = summaryOf({ id: 'w', name: 'a', stack: 'WordPress', status: 'ready' }, 0);
    expect(hasCms(cms)).toBe(true);
    expect(hasStoreCredentials(cms)).toBe(false);
    expect(credentialKinds(cms.template)).toEqual(['cms']);
    const unsaid = summaryOf({ id: 'w', name: 'a' }, 0);
    expect(credentialKinds(unsaid.template)).toEqual(['store', 'cms']);
    expect(credentialKinds('quantum')).toEqual(['store', 'cms']);
    expect(credentialKinds('blank')).toEqual([]);
  });

  it('reads the name under any of its names', () => {
    expect(summaryOf({ id: 'w', display_name: 'shop' }, 0).name).toBe('shop');
    expect(summaryOf({ id: 'w', title: 'shop' }, 0).name).toBe('shop');
  });
});

describe('refusals said calmly', () => {
  it('"no credentials of this kind": 404/409 always, any other 4xx only when guessing', () => {
    expect(notThisKind({ status: 404, code: 'not_found', message: 'no' }, false)).toBe(true);
    expect(notThisKind({ status: 409, code: 'conflict', message: 'not a store' }, false)).toBe(true);
    expect(notThisKind({ status: 400, code: 'bad_request', message: 'workspace is cms' }, true)).toBe(true);
    expect(notThisKind({ status: 400, code: 'bad_request', message: 'workspace is cms' }, false)).toBe(false);
    expect(notThisKind({ status: 403, code: 'forbidden', message: 'no' }, true)).toBe(false);
    expect(notThisKind({ status: 500, code: 'internal', message: 'boom' }, true)).toBe(false);
  });

  it('"nothing deployed yet": 404/409 or words saying so', () => {
    expect(nothingDeployedYet({ status: 409, code: 'conflict', message: 'x' })).toBe(true);
    expect(nothingDeployedYet({ status: 404 })).toBe(true);
    expect(nothingDeployedYet({ status: 400, code: 'not_deployed', message: '' })).toBe(true);
    expect(nothingDeployedYet({ status: 422, message: 'app never deployed' })).toBe(true);
    expect(nothingDeployedYet({ status: 500, message: 'boom' })).toBe(false);
  });

  it.each([
    [{ status: 409, code: 'no_connector', message: 'x' }, true],
    [{ status: 412, code: 'precondition_failed', message: 'GitHub account not connected' }, true],
    [{ status: 422, code: 'missing_integration', message: 'No git provider configured for tenant' }, true],
    [{ status: 400, code: 'source_hosting_required', message: 'nope' }, true],
    [{ status: 424, code: 'failed_dependency', message: 'gitlab' }, true],
    [{ status: 403, code: 'connector_forbidden', message: 'connector' }, true],
    [{ status: 422, code: 'repo_not_found', message: 'acme/x is not visible to the connected account' }, false],
    [{ status: 409, code: 'repo_exists', message: 'github.com/acme/x already exists' }, false],
    [{ status: 401, code: 'unauthorized', message: 'connector token expired' }, false],
    [{ status: 500, code: 'internal', message: 'connector crashed' }, false],
  ])('%j is a missing connector: %s', (err, yes) => {
    expect(isNoConnector(err)).toBe(yes);
  });
});
