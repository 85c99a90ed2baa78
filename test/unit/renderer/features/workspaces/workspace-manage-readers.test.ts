import { describe, expect, it } from 'vitest';
import { chatPage, kindWords, toChatRow } from '../../../../../src-renderer/features/workspaces/shapes/chat-record';
import { readPage } from '../../../../../src-renderer/lib/cursor-pager';
import {
  looksLikeFullName,
  normalizeFullName,
  toRepoRow,
} from '../../../../../src-renderer/features/applications/shapes/repo-record';
import { isNoConnector, refusalWords } from '../../../../../src-renderer/features/applications/repos/repo-refusals';
import { createBody } from '../../../../../src-renderer/features/workspaces/manage/workspace-manage';
import { MODE, PROMPT } from '../../../../../src-renderer/features/workspaces/shapes/chat';
import { worded } from '../../../../../src-renderer/shapes/words';

describe('repository records, read tolerantly', () => {
  it('reads the sandbox shape', () => {
    const r = toRepoRow(
      {
        id: 'r-1',
        full_name: 'acme/storefront',
        default_branch: 'main',
        private: true,
        connector_id: 'c',
        registered_at: '2026-11-01T10:00:00Z',
      },
      0,
    );
    expect(r).toMatchObject({
      key: 'r-1',
      id: 'r-1',
      fullName: 'acme/storefront',
      defaultBranch: 'main',
      private: true,
    });
    expect(r.registeredAt?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
  });

  it('reads another zone’s shape: uuid, owner object, visibility, created_at', () => {
    const r = toRepoRow(
      { uuid: 'u-9', name: 'blog', owner: { login: 'acme' }, branch: 'trunk', visibility: 'public', created_at: 1 },
      3,
    );
    expect(r).toMatchObject({ id: 'u-9', fullName: 'acme/blog', defaultBranch: 'trunk', private: false });
  });

  it('keeps a record without a name or visibility showable', () => {
    const r = toRepoRow({}, 2);
    expect(r.fullName).toBe('(unnamed 3)');
    expect(r.private).toBeUndefined();
  });

  it('turns pasted URLs into owner/name and checks the form', () => {
    expect(normalizeFullName(' https://github.com/acme/api.git ')).toBe('acme/api');
    expect(normalizeFullName('git@github.com:acme/api.git')).toBe('acme/api');
    expect(normalizeFullName('acme/api/')).toBe('acme/api');
    expect(looksLikeFullName('acme/api')).toBe(true);
    expect(looksLikeFullName('acme')).toBe(false);
    expect(looksLikeFullName('acme/api x')).toBe(false);
  });
});

describe('chat entries and pages, read tolerantly', () => {
  const sandbox = {
    seq: 7,
    kind: 'run',
    mode: 'agent',
    ref_id: 'run-1',
    prompt: 'Add a banner',
    status: 'started',
    created_at: '2026-11-01T10:00:00Z',
  };

  it('reads the sandbox entry', () => {
    const c = toChatRow(sandbox, 0);
    expect(c).toMatchObject({ key: '7', seq: '7', kind: 'run', mode: 'agent', refId: 'run-1', prompt: 'Add a banner' });
    expect(kindWords(c.kind)).toBe('Agent run');
  });

  it('reads another shape: sequence, type, team_id, message, state', () => {
    const c = toChatRow({ sequence: 3, type: 'TEAM', team_id: 't-1', message: 'Fix it', state: 'done' }, 0);
    expect(c).toMatchObject({ seq: '3', kind: 'team', refId: 't-1', prompt: 'Fix it', status: 'done' });
    expect(kindWords(c.kind)).toBe('Agent team');
  });

  it('keeps the sandbox page’s cursor, and its end', () => {
    expect(readPage(chatPage({ items: [sandbox], next_before: 7 }, 20), 20)).toEqual({ items: [sandbox], next: '7' });
    expect(readPage(chatPage({ items: [sandbox], next_before: null }, 20), 20).next).toBeNull();
  });

  it('pages a bare array on from its last seq when full, and stops when short', () => {
    const full = [5, 4, 3].map((seq) => ({ ...sandbox, seq }));
    expect(readPage(chatPage(full, 3), 3).next).toBe('3');
    expect(readPage(chatPage(full.slice(0, 2), 3), 3).next).toBeNull();
    expect(readPage(chatPage([], 3), 3)).toEqual({ items: [], next: null });
  });

  it('reads other cursor names as the zone sent them', () => {
    expect(readPage(chatPage({ data: [sandbox], next_cursor: 'abc' }, 20), 20).next).toBe('abc');
    expect(readPage(chatPage({ results: [sandbox], pagination: { next: '/chats?before=6' } }, 20), 20).next).toBe('6');
  });
});

describe('refusals in words', () => {
  it('explains a missing connector with what to do', () => {
    const err = { status: 409, code: 'no_connector', message: 'connect a source-hosting account first' };
    expect(isNoConnector(err)).toBe(true);
    expect(refusalWords(err, 'acme/x')).toMatch(/Connect a source-hosting account .* on the platform/);
  });

  it('names the unknown repository and keeps the zone’s reason', () => {
    const words = refusalWords({ status: 422, code: 'repo_not_found', message: 'not visible' }, 'acme/nope');
    expect(words).toContain('acme/nope');
    expect(words).toContain('not visible');
  });

  it('keeps other messages', () => {
    expect(refusalWords({ status: 400, code: 'invalid_request', message: 'name is required' }, 'x')).toMatch(
      /^name is required Check the values sent/,
    );
  });
});

describe('the create body', () => {
  it('binds a repository, or creates one, and enables CI/CD only with a server', () => {
    expect(createBody({ name: 'a', repoFullName: 'acme/api', template: 'blank' }).body).toEqual({
      name: 'a',
      repo_full_name: 'acme/api',
      template: 'blank',
    });
    expect(createBody({ name: 'b', newRepo: 'fresh', deployServerId: 'ds-main' }).body).toEqual({
      name: 'b',
      new_repo: 'fresh',
      enable_cicd: true,
      deploy_server_id: 'ds-main',
    });
  });

  it("writes the name under the name the zone's other workspaces use, firm, with the others as alternatives", () => {
    const c = createBody({ name: 'shop', newRepo: 'x', template: 'store' }, [{ id: 'w1', title: 'old', kind: 'cms' }]);
    expect(c.body).toEqual({ title: 'shop', kind: 'store', new_repo: 'x' });
    expect(c.words.words.title).toMatchObject({ role: 'workspace.name', firm: true });
    const d = createBody({ name: 'shop', newRepo: 'x' }, []);
    expect(d.body.name).toBe('shop');
    expect(d.words.words.name?.alts).toContain('display_name');
  });

  it('in a zone of names of its own (random:2): the name where its dictionary reads it, the kind by its words', () => {
    const like = [
      { b86y: 'u1', rqwztxr3o: 'shop', on3mfj8: 'store', repo_full_name: 'acme/storefront', status: 'ready' },
      { b86y: 'u2', rqwztxr3o: 'company-site', on3mfj8: 'cms', repo_full_name: 'acme/company-site', status: 'ready' },
    ];
    const c = createBody({ name: 'journey', newRepo: 'journey-repo', template: 'blank' }, like, 'rqwztxr3o');
    expect(c.body).toEqual({ rqwztxr3o: 'journey', on3mfj8: 'blank', new_repo: 'journey-repo' });
    expect(c.words.words.on3mfj8).toMatchObject({ role: 'workspace.kind', firm: true });
    // A workspace called `shop`: its name is a kind word too, but the name is known, so the other is the kind.
    const one = createBody({ name: 'x', template: 'blank' }, [{ q1: 'shop', q2: 'store' }], 'q1');
    expect(one.body).toEqual({ q1: 'x', q2: 'blank' });
    // Two fields of kind words: nothing tells which, so ours (the zone's refusal says which it wants).
    const two = createBody({ name: 'x', template: 'blank' }, [{ q1: 'a-b', q2: 'store', q3: 'cms' }], 'q1');
    expect(two.body).toEqual({ q1: 'x', template: 'blank' });
  });

  it('sends the inputs the spec names firm, and a chat’s mode: a refusal naming another field never renames them', () => {
    const c = createBody({ name: 'x', newRepo: 'r', deployServerId: 'ds' }, []);
    for (const n of ['new_repo', 'enable_cicd', 'deploy_server_id'])
      expect(c.words.words[n]).toMatchObject({ firm: true });
    expect(c.words.words.name?.firm).toBeUndefined();
    const chat = worded(
      [
        [MODE, 'agent'],
        [PROMPT, 'Banner'],
      ],
      [],
    );
    expect(chat.words.mode).toMatchObject({ role: 'chat.mode', firm: true });
    expect(chat.words.prompt?.firm).toBeUndefined();
  });

  it('never takes a prototype key as the name', () => {
    const c = createBody({ name: 'x' }, [{ a1: 'one' }], '__proto__');
    expect(Object.hasOwn(c.body, '__proto__')).toBe(false);
    expect(c.body).toEqual({ a1: 'x' });
  });
});
