/**
 * The agent writes in a zone's words: a loopback zone (node:http on 127.0.0.1) refuses a body
 * field or a query parameter under our name, naming the one it wants in each error shape zones
 * use; the agent tries that name once, learns it, and sends it first time from then on. Refusals
 * naming nothing, second refusals and firm names are never retried; re-pointing forgets; what
 * was learned survives a restart (zones file); raw text goes as text.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import { createLogger } from '../../../src-main/agent/log';
import type {
  ApiResult,
  CommandInput,
  CommandName,
  CommandOutput,
  ZoneView,
} from '../../../src-main/contract/commands';
import { AgentError } from '../../../src-main/contract/errors';
import type { CallWords } from '../../../src-main/contract/zone-words';
import {
  type Answer,
  type HostileZone,
  type SeenRequest,
  json,
  startHostileZone,
  tokens,
} from '../../support/hostile-zone';
import { RecordingConnection } from './harness';

const DRAFT: CallWords = { body: { draft_spec: { role: 'workflow.draft', alts: ['spec', 'definition', 'draft'] } } };
const PATH: CallWords = { query: { path: { role: 'skillFile.path', alts: ['name', 'file', 'filename'] } } };

let zone: HostileZone;
let other: HostileZone;
let dataDir: string;
let agent: Agent;
let zoneId: string;
const lines: string[] = [];
const events: ZoneView[][] = [];
const conn = new RecordingConnection();

async function start(): Promise<Agent> {
  const a = await createAgent({
    dataDir,
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    log: createLogger({ level: 'info', sink: { write: (l) => lines.push(l) } }),
  });
  a.onEvent((name, payload) => {
    if (name === 'zones.changed') events.push(payload as ZoneView[]);
  });
  return a;
}

async function invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
  const reply = await agent.invoke(command, input, conn);
  if (!reply.ok) throw AgentError.from(reply.error);
  return reply.result as CommandOutput<C>;
}

const bodyOf = (r: SeenRequest) => JSON.parse(r.body) as Record<string, unknown>;
const puts = () => zone.seen.filter((r) => r.method === 'PUT');
const saveDraft = (
  words: CallWords = DRAFT,
  body: Record<string, unknown> = { draft_spec: { nodes: [] }, name: 'w' },
) => invoke('api.call', { zone: zoneId, operationId: 'workflows.update', params: { id: 'w1' }, body, words });
const learned = async () => (await invoke('zones.list', {})).find((z) => z.id === zoneId)!.learnedWords ?? [];

/** A zone that takes the draft only under `definition`, refusing anything else with `refusal`. */
function wantsDefinition(refusal: Answer) {
  zone.on('PUT /api/v1/workflows/w1', (req) =>
    'definition' in bodyOf(req) ? json({ id: 'w1', definition: bodyOf(req).definition }) : refusal,
  );
}

beforeAll(async () => {
  zone = await startHostileZone();
  other = await startHostileZone();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-words-'));
  agent = await start();
  zoneId = (await invoke('zones.add', { name: 'other-team', baseUrl: zone.baseUrl })).id;
});
beforeEach(async () => {
  zone.reset();
  zone.on('POST /api/v1/auth/login', tokens());
  await invoke('auth.login', { zone: zoneId, email: 'a@example.com', password: 'pw' });
  await invoke('zones.forgetWords', { id: zoneId });
  zone.seen.length = 0;
});
afterAll(async () => {
  await agent.dispose();
  await zone.close();
  await other.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a body field refused with 422 in each error shape', () => {
  it.each<[string, Answer]>([
    [
      'field',
      json({ error: 'validation_failed', message: "missing required field 'definition'", field: 'definition' }, 422),
    ],
    ['errors[]', json({ errors: [{ code: 'required', field: 'definition', message: 'is required' }] }, 422)],
    ['nested error target', json({ error: { code: 'unprocessable', message: 'no', target: 'definition' } }, 422)],
    ['errors map', json({ errors: { definition: ['required'] } }, 422)],
    ['problem+json text', json({ type: 'about:blank', title: 'Bad', detail: 'field `definition` is required' }, 422)],
    ['JSON:API pointer', json({ errors: [{ source: { pointer: '/data/attributes/definition' } }] }, 422)],
    ['pydantic loc', json({ detail: [{ loc: ['body', 'definition'], msg: 'field required' }] }, 422)],
    ['missing list', json({ code: 'invalid', missing: ['definition'] }, 422)],
    ['plain text', { status: 422, headers: { 'content-type': 'text/plain' }, body: "'definition' is required" }],
    ['a code only', json({ error: 'definition_required' }, 422)],
    ['prose: unknown field, use another', json({ message: 'unknown field draft_spec; use definition' }, 422)],
    [
      'Google fieldViolations',
      json(
        {
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: 'Request contains an invalid argument.',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.BadRequest',
                fieldViolations: [{ field: 'workflow.definition', description: 'must not be empty' }],
              },
            ],
          },
        },
        422,
      ),
    ],
    ['Rails/DRF map at the top', json({ definition: ["can't be blank"] }, 422)],
  ])('%s: retried once under the name, learned, and sent under it first time next', async (_shape, refusal) => {
    wantsDefinition(refusal);
    const first = (await saveDraft()) as ApiResult;
    expect(first).toMatchObject({ status: 200, sent: { body: { 'workflow.draft': 'definition' } } });
    expect(puts().map((r) => Object.keys(bodyOf(r)))).toEqual([
      ['draft_spec', 'name'],
      ['definition', 'name'],
    ]);
    expect(await learned()).toMatchObject([
      {
        role: 'workflow.draft',
        place: 'body',
        name: 'definition',
        instead: 'draft_spec',
        operationId: 'workflows.update',
      },
    ]);
    await saveDraft();
    expect(puts()).toHaveLength(3);
    expect(Object.keys(bodyOf(puts()[2]!))).toEqual(['definition', 'name']);
  });

  it('takes a name outside the alternatives when it is the only worded field of the body', async () => {
    zone.on('PUT /api/v1/workflows/w1', (req) =>
      'graph' in bodyOf(req) ? json({ id: 'w1' }) : json({ error: 'bad', field: 'graph' }, 422),
    );
    expect(await saveDraft()).toMatchObject({ sent: { body: { 'workflow.draft': 'graph' } } });
    expect(puts()).toHaveLength(2);
  });

  it('tells the window: zones.changed carries the learned word; the log names it, never the value', async () => {
    wantsDefinition(json({ field: 'definition' }, 422));
    events.length = 0;
    await saveDraft(DRAFT, { draft_spec: { secret_node: 'value-never-logged' } });
    const last = events.at(-1)?.find((z) => z.id === zoneId);
    expect(last?.learnedWords?.[0]).toMatchObject({ name: 'definition' });
    const line = lines.find((l) => l.includes('learned names from the zone'));
    expect(line).toContain('"name":"definition"');
    expect(lines.join('\n')).not.toContain('value-never-logged');
  });
});

describe('what is never retried', () => {
  it('a refusal naming nothing', async () => {
    zone.on('PUT /api/v1/workflows/w1', json({ error: 'validation_failed', message: 'The spec is not valid.' }, 422));
    await expect(saveDraft()).rejects.toMatchObject({ status: 422, code: 'validation_failed' });
    expect(puts()).toHaveLength(1);
    expect(await learned()).toEqual([]);
  });

  it('a refusal naming __proto__ or constructor (#35): nothing retried, nothing learned, the body as sent', async () => {
    for (const bad of ['__proto__', 'constructor']) {
      zone.seen.length = 0;
      zone.on(
        'PUT /api/v1/workflows/w1',
        json({ error: 'validation_failed', field: bad, message: `missing required field '${bad}'` }, 422),
      );
      await expect(saveDraft()).rejects.toMatchObject({ status: 422 });
      expect(puts().map((r) => bodyOf(r))).toEqual([{ draft_spec: { nodes: [] }, name: 'w' }]);
    }
    expect(await learned()).toEqual([]);
  });

  it('a retry the zone took but kept nothing of (#35): answered, and not learned', async () => {
    zone.on('PUT /api/v1/workflows/w1', (req) =>
      'definition' in bodyOf(req)
        ? json({ id: 'w1', name: 'w', draft: null })
        : json(
            { error: 'validation_failed', field: 'definition', message: "missing required field 'definition'" },
            422,
          ),
    );
    await expect(saveDraft()).resolves.toMatchObject({ status: 200 });
    expect(puts()).toHaveLength(2);
    expect(await learned()).toEqual([]);
  });

  it('a third refusal: two tries at most, never back to a name tried; the last refusal is the answer', async () => {
    zone.on('PUT /api/v1/workflows/w1', (req) =>
      json({ error: 'bad', field: 'definition' in bodyOf(req) ? 'spec' : 'definition' }, 422),
    );
    await expect(saveDraft()).rejects.toMatchObject({
      status: 422,
      details: { expected: ['definition'], retried: true },
    });
    expect(puts().map((r) => Object.keys(bodyOf(r))[0])).toEqual(['draft_spec', 'definition', 'spec']);
    expect(await learned()).toEqual([]);
  });

  it('a second refusal naming a name already tried: not tried again', async () => {
    zone.on('PUT /api/v1/workflows/w1', (req) =>
      json({ error: 'bad', field: 'definition' in bodyOf(req) ? 'draft_spec' : 'definition' }, 422),
    );
    await expect(saveDraft()).rejects.toMatchObject({ status: 422, details: { expected: ['draft_spec'] } });
    expect(puts()).toHaveLength(2);
  });

  it('a firm name (read off the zone’s own record): not renamed on refusal, nor replaced by a learned one', async () => {
    wantsDefinition(json({ field: 'definition' }, 422));
    await saveDraft();
    zone.seen.length = 0;
    const firm: CallWords = { body: { spec: { role: 'workflow.draft', alts: ['definition'], firm: true } } };
    await expect(saveDraft(firm, { spec: {} })).rejects.toMatchObject({ status: 422 });
    expect(puts().map((r) => Object.keys(bodyOf(r)))).toEqual([['spec']]);
  });

  it('a refusal that is not 400/415/422, and a call without words', async () => {
    zone.on('PUT /api/v1/workflows/w1', json({ error: 'conflict', field: 'definition' }, 409));
    await expect(saveDraft()).rejects.toMatchObject({ status: 409 });
    await expect(saveDraft(undefined as unknown as CallWords)).rejects.toMatchObject({ status: 409 });
    expect(puts()).toHaveLength(2);
  });
});

describe('a query parameter refused with 400', () => {
  it('is retried under the parameter the zone names, then sent under it first', async () => {
    zone.on('GET /api/v1/skills/s1/files/content', (req) => {
      const file = new URL(req.rawPath, 'http://x').searchParams.get('file');
      return file
        ? { headers: { 'content-type': 'text/plain' }, body: `text of ${file}` }
        : json({ code: 'invalid_request', detail: 'query parameter `file` is required', param: 'file' }, 400);
    });
    const read = () =>
      invoke('api.call', {
        zone: zoneId,
        operationId: 'skills.files.content',
        params: { id: 's1' },
        query: { path: 'SKILL.md' },
        words: PATH,
      });
    expect(await read()).toMatchObject({ data: 'text of SKILL.md', sent: { query: { 'skillFile.path': 'file' } } });
    expect(await read()).toMatchObject({ data: 'text of SKILL.md' });
    expect(zone.seen.map((r) => r.rawPath)).toEqual([
      '/api/v1/skills/s1/files/content?path=SKILL.md',
      '/api/v1/skills/s1/files/content?file=SKILL.md',
      '/api/v1/skills/s1/files/content?file=SKILL.md',
    ]);
  });
});

describe('raw text bodies', () => {
  it('sends a string as text/plain with the path in the query, and refuses a body that is not a string', async () => {
    zone.on('PUT /api/v1/skills/s1/files', { status: 204 });
    const put = (body: unknown) =>
      agent.invoke(
        'api.call',
        {
          zone: zoneId,
          operationId: 'skills.files.put',
          params: { id: 's1' },
          query: { path: 'SKILL.md' },
          body,
          encoding: 'text',
          words: PATH,
        },
        conn,
      );
    expect(await put('# Hello\nwörld')).toMatchObject({
      ok: true,
      result: { status: 204, data: null, sent: { query: { 'skillFile.path': 'path' } } },
    });
    const seen = zone.seen.at(-1)!;
    expect(seen.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(seen.body).toBe('# Hello\nwörld');
    expect(await put({ content: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(zone.seen).toHaveLength(1);
  });
});

describe('a zone that takes a file as raw text', () => {
  const FILE: CallWords = {
    body: {
      path: { role: 'skillFile.path', alts: ['name', 'file', 'filename'] },
      content: { role: 'skillFile.content', alts: ['text'] },
    },
  };
  const write = (content: string) =>
    invoke('api.call', {
      zone: zoneId,
      operationId: 'skills.files.put',
      params: { id: 's1' },
      body: { path: 'a.md', content },
      words: FILE,
    });

  it('after a 415, sends the text field as the raw body and the path in the query (as reads taught), then so at once', async () => {
    zone.on('GET /api/v1/skills/s1/files/content', (req) =>
      req.rawPath.includes('file=') ? { body: 'old' } : json({ error: 'bad', param: 'file' }, 400),
    );
    zone.on('PUT /api/v1/skills/s1/files', (req) =>
      req.headers['content-type']?.startsWith('text/plain') && req.rawPath.includes('?file=a.md')
        ? { status: 204 }
        : json({ code: 'unsupported_media_type', detail: 'send the file as text/plain' }, 415),
    );
    await invoke('api.call', {
      zone: zoneId,
      operationId: 'skills.files.content',
      params: { id: 's1' },
      query: { path: 'a.md' },
      words: PATH,
    });
    expect(await write('# new text')).toMatchObject({
      status: 204,
      sent: { query: { 'skillFile.path': 'file' }, textBody: 'skillFile.content' },
    });
    expect(await write('# again')).toMatchObject({ status: 204 });
    const writes = zone.seen.filter((r) => r.method === 'PUT');
    expect(writes.map((r) => [r.rawPath, r.headers['content-type'], r.body])).toEqual([
      ['/api/v1/skills/s1/files', 'application/json', '{"path":"a.md","content":"# new text"}'],
      ['/api/v1/skills/s1/files?file=a.md', 'text/plain; charset=utf-8', '# new text'],
      ['/api/v1/skills/s1/files?file=a.md', 'text/plain; charset=utf-8', '# again'],
    ]);
    expect((await learned()).map((w) => [w.role, w.place, w.name, w.encoding])).toEqual([
      ['skillFile.path', 'query', 'file', undefined],
      ['skillFile.content', 'body', 'content', 'text'],
    ]);
  });

  it('does not switch when no field says it is the text, or another field is not a plain value', async () => {
    zone.on('PUT /api/v1/skills/s1/files', json({ code: 'unsupported_media_type' }, 415));
    const put = (body: Record<string, unknown>) =>
      invoke('api.call', { zone: zoneId, operationId: 'skills.files.put', params: { id: 's1' }, body, words: FILE });
    await expect(put({ path: 'a.md', meta: { x: 1 }, content: 'x' })).rejects.toMatchObject({ status: 415 });
    await expect(put({ path: 'a.md' })).rejects.toMatchObject({ status: 415 });
    expect(zone.seen.filter((r) => r.method === 'PUT')).toHaveLength(2);
  });
});

describe('per zone, kept and forgotten', () => {
  it('zones.forgetWords forgets them: the next call goes under our name again', async () => {
    wantsDefinition(json({ field: 'definition' }, 422));
    await saveDraft();
    expect(await learned()).toHaveLength(1);
    const view = await invoke('zones.forgetWords', { id: zoneId });
    expect(view.learnedWords).toBeUndefined();
    expect(await learned()).toEqual([]);
    zone.seen.length = 0;
    await saveDraft();
    expect(puts().map((r) => Object.keys(bodyOf(r))[0])).toEqual(['draft_spec', 'definition']);
    await expect(invoke('zones.forgetWords', { id: 'no-such-zone' })).rejects.toMatchObject({ code: 'unknown_zone' });
  });

  it('survives an agent restart (zones file), and is forgotten when the zone is re-pointed', async () => {
    wantsDefinition(json({ field: 'definition' }, 422));
    await saveDraft();
    await agent.dispose();
    agent = await start();
    zone.seen.length = 0;
    zone.on('POST /api/v1/auth/login', tokens());
    await invoke('auth.login', { zone: zoneId, email: 'a@example.com', password: 'pw' });
    expect(await learned()).toMatchObject([{ name: 'definition' }]);
    await saveDraft();
    expect(puts().map((r) => Object.keys(bodyOf(r)))).toEqual([['definition', 'name']]);

    const moved = await invoke('zones.update', { id: zoneId, baseUrl: other.baseUrl });
    expect(moved.learnedWords).toBeUndefined();
    await invoke('zones.update', { id: zoneId, baseUrl: zone.baseUrl });
    expect(await learned()).toEqual([]);
  });

  it('is gone with the zone: removed and added again, it starts with nothing learned', async () => {
    wantsDefinition(json({ field: 'definition' }, 422));
    await saveDraft();
    expect(await learned()).toHaveLength(1);
    await invoke('zones.remove', { id: zoneId });
    zoneId = (await invoke('zones.add', { name: 'other-team', baseUrl: zone.baseUrl })).id;
    expect(await learned()).toEqual([]);
  });
});
