/**
 * Seeded dialects on compute and workspaces (issue #22, journeys 6 and 7), and choosing them: the
 * same seed speaks the same way, the control API and the ready line say how, a zone switches at
 * run time. Containers carry their own state field, words and case (and sometimes no desired
 * state); CMS results, chats and deployments carry their own names and words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededSpec } from '../../../src-main/sandbox/dialect/choose';
import { differences } from '../../../src-main/sandbox/dialect/points';
import { computeWord, deployWord } from '../../../src-main/sandbox/dialect/words';
import { call, type TestSandbox } from './helpers';
import { byName, codeIn, idOf, namedIn, rows, send, startSeeded, type Rec, type SeededZone } from './dialect-support';

const SEEDS = ['seed:8119', 'seed:10315', 'seed:904', 'seed:976', 'seed:591'] as const;
let sb: TestSandbox;
const zones: Record<string, SeededZone> = {};

beforeAll(async () => {
  const started = await startSeeded(SEEDS);
  sb = started.sb;
  for (const z of started.zones.slice(1)) zones[z.dialect] = z;
});
afterAll(() => sb.close());

describe('choosing a seeded dialect', () => {
  it('the same seed speaks the same way, and two seeds differ', () => {
    expect(seededSpec(8119)).toEqual(seededSpec(8119));
    expect(differences(seededSpec(8119))).not.toEqual(differences(seededSpec(10315)));
  });

  it('GET /_sandbox/dialect says the choices; POST switches to another seed at once', async () => {
    const z = zones['seed:8119']!;
    const got = (await call(z.base, '/_sandbox/dialect')).body;
    expect(got).toEqual({ zone: 'd0', dialect: 'seed:8119', choices: differences(seededSpec(8119)) });
    const switched = await call(z.base, '/_sandbox/dialect', { body: { dialect: 'seed:7' } });
    expect(switched.body).toMatchObject({ dialect: 'seed:7', choices: differences(seededSpec(7)) });
    expect((await call(z.base, '/_sandbox/dialect', { body: { dialect: 'seed:-1' } })).status).toBe(400);
    await call(z.base, '/_sandbox/dialect', { body: { dialect: 'seed:8119' } });
  });
});

describe.each(SEEDS)('compute and workspaces in %s', (dialect) => {
  const z = () => zones[dialect]!;

  it('says a container state under its own field, in its own words and case', async () => {
    const web = await byName(z(), '/containers', 'web-1');
    expect(web[z().ch.stateField]).toBe(computeWord(z().ch, 'running'));
    const desired = `desired_${z().ch.stateField}`;
    if (z().ch.currentOnly === 'yes') expect(web).not.toHaveProperty(desired);
    else expect(web[desired]).toBe(computeWord(z().ch, 'running'));
    if (z().ch.time !== 'iso') expect(typeof web.created_at).toBe('number');
  });

  it('refuses a container rename in another name, naming its own', async () => {
    const web = await byName(z(), '/containers', 'worker-1');
    const id = idOf(web, z().ch, 'container');
    const other = z().ch.name === 'name' ? 'title' : 'name';
    const r = await send(z(), 'PUT', `/containers/${id}`, { [other]: 'worker-x' });
    expect(r.status).toBe(422);
    expect(namedIn(r.body)).toBe(z().ch.name);
    const ok = await send(z(), 'PUT', `/containers/${id}`, { [z().ch.name]: 'worker-1' });
    expect(ok.status).toBe(z().ch.updateReply === 'empty' ? 204 : 200);
  });

  it('reports a failed CMS command as failed in its own words', async () => {
    const site = await byName(z(), '/workspaces', 'company-site');
    const id = idOf(site, z().ch, 'workspace');
    const r = (await send(z(), 'POST', `/workspaces/${id}/cms-cli`, ['nope'])).body as Rec;
    const failed = { exit_code: r.exit_code === 1, exit_status: r.exit_status === 1, ok_bool: r.ok === false };
    const word = { status_word: r.status === 'failed' };
    expect({ ...failed, ...word }[z().ch.cmsStatus]).toBe(true);
    expect(String(r[z().ch.cmsOutput])).toContain('not a registered command');
  });

  it('keeps a chat prompt under its own field, and refuses another', async () => {
    const shop = await byName(z(), '/workspaces', 'shop');
    const id = idOf(shop, z().ch, 'workspace');
    if (z().ch.chatPrompt !== 'prompt') {
      const r = await send(z(), 'POST', `/workspaces/${id}/chats`, { mode: 'agent', prompt: 'add a banner' });
      expect(r.status).toBe(422);
      expect(namedIn(r.body)).toBe(z().ch.chatPrompt);
    }
    const c = await send(z(), 'POST', `/workspaces/${id}/chats`, {
      mode: 'agent',
      [z().ch.chatPrompt]: 'add a banner',
    });
    expect(c.status).toBe(Number(z().ch.createStatus));
    const chats = rows((await send(z(), 'GET', `/workspaces/${id}/chats`)).body);
    expect(chats[0]).toMatchObject({ kind: 'run', [z().ch.chatPrompt]: 'add a banner' });
  });

  it('says deployments with its own status word and commit message', async () => {
    const shop = await byName(z(), '/workspaces', 'shop');
    const list = rows((await send(z(), 'GET', `/workspaces/${idOf(shop, z().ch, 'workspace')}/cicd/deployments`)).body);
    expect(list[0]!.status).toBe(deployWord(z().ch, 'succeeded'));
    expect(list[0]!.app).toBe('storefront');
    const said = {
      none: undefined,
      message: list[0]!.message,
      commit_message: list[0]!.commit_message,
      commit_object: (list[0]!.commit as Rec | undefined)?.message,
    }[z().ch.commitMessage];
    if (z().ch.commitMessage !== 'none') expect(said).toMatch(/^Initial deploy of [0-9a-f]{7}$/);
  });

  it('refuses the other kind of credentials with its own status and code', async () => {
    const site = await byName(z(), '/workspaces', 'company-site');
    const r = await send(z(), 'GET', `/workspaces/${idOf(site, z().ch, 'workspace')}/store-credentials`);
    expect(r.status).toBe(Number(z().ch.wrongKind));
    expect(codeIn(r.body)).toBe(
      { '409': 'wrong_workspace_kind', '404': 'not_found', '422': 'not_applicable' }[z().ch.wrongKind],
    );
  });
});
