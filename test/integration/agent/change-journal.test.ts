/**
 * The change journal against a real sandbox: every change sent is one entry (zone, user,
 * operation, target, outcome, the zone's error code), reads and sign-ins are none, and the file
 * holds names only: no password, token, client secret or value of any body.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src-main/contract/journal';
import { harness } from './harness';

type H = Awaited<ReturnType<typeof harness>>;
let h: H;
const SECRET_VALUE = 'do-not-journal-this-value-7f3a';

beforeAll(async () => {
  h = await harness();
  await h.addAndSignIn('eu-1');
  await h.addAndSignIn('us-1');
});
afterAll(async () => {
  await h?.close();
});

const call = (zone: string, operationId: string, rest: Record<string, unknown> = {}) =>
  h.invoke('api.call', { zone, operationId, ...rest } as Parameters<typeof h.invoke<'api.call'>>[1]);

describe('the change journal', () => {
  let skillId = '';

  beforeAll(async () => {
    await call('eu-1', 'containers.list');
    const made = await call('eu-1', 'skills.create', { body: { name: 'journal-skill', description: SECRET_VALUE } });
    skillId = (made.data as { id: string }).id;
    await call('eu-1', 'skills.files.put', {
      params: { id: skillId },
      body: { path: 'SKILL.md', content: `---\nname: journal-skill\n---\n${SECRET_VALUE}\n` },
    });
    await call('us-1', 'skills.get', { params: { id: skillId } }).catch(() => undefined); // a read: not journalled
    await expect(call('us-1', 'skills.delete', { params: { id: 'no-such-skill' } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('lists each change, newest first, and nothing else', async () => {
    const { entries, more } = await h.invoke('journal.list', {});
    expect(more).toBe(false);
    expect(entries.map((e) => `${e.zone} ${e.op} ${e.outcome}`)).toEqual([
      'us-1 skills.delete failed',
      'eu-1 skills.files.put ok',
      'eu-1 skills.create ok',
    ]);
    const [failed, put, created] = entries as [JournalEntry, JournalEntry, JournalEntry];
    expect(created).toMatchObject({
      zoneName: 'eu-1',
      user: expect.stringContaining('@'),
      method: 'POST',
      kind: 'skills',
      targetName: 'journal-skill',
      status: expect.any(Number),
      fields: ['name', 'description'],
      via: 'app',
      // A create names the record the zone made (from its reply), so the entry can open it.
      targetId: skillId,
    });
    expect(put).toMatchObject({ targetId: skillId, fields: ['path', 'content'] });
    expect(failed).toMatchObject({ status: 404, targetId: 'no-such-skill', code: expect.any(String) });
    expect(Date.parse(created.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by zone, kind and outcome', async () => {
    expect((await h.invoke('journal.list', { zone: 'us-1' })).entries).toHaveLength(1);
    expect((await h.invoke('journal.list', { outcome: 'ok' })).entries).toHaveLength(2);
    expect((await h.invoke('journal.list', { kind: 'containers' })).entries).toHaveLength(0);
    const one = await h.invoke('journal.list', { limit: 1 });
    expect(one).toMatchObject({ more: true, entries: [{ op: 'skills.delete' }] });
  });

  it('exports CSV and JSON', async () => {
    const csv = await h.invoke('journal.export', { format: 'csv', query: { zone: 'eu-1' } });
    expect(csv.fileName).toMatch(/^zonedeck-changes-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe('at,zone,zoneName,user,op,method,kind,targetId,targetName,outcome,status,code,fields,via');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(',skills.files.put,PUT,skills,');
    const json = await h.invoke('journal.export', { format: 'json', query: {} });
    expect((JSON.parse(json.text) as JournalEntry[]).map((e) => e.op)).toHaveLength(3);
  });

  it('names a target by its record’s name field, never by what a body carries under any name (#35)', async () => {
    const planted = 'planted-secret-9c1e';
    const web = (await call('eu-1', 'containers.list')).data as { items: { id: string }[] };
    const id = web.items[0]!.id;
    await call('eu-1', 'containers.configVars.replace', {
      params: { id },
      body: { name: planted, display_name: planted, title: planted },
    }).catch(() => undefined); // this zone wants upper-case names: refused, and journalled all the same
    const wf = await call('eu-1', 'workflows.create', { body: { name: 'journal-flow' } });
    const wfId = (wf.data as { id: string }).id;
    // A draft under a field the zone might call `name`: its text is no name.
    await call('eu-1', 'workflows.update', { params: { id: wfId }, body: { name: `${planted}\nline two` } }).catch(
      () => undefined,
    );
    const { entries } = await h.invoke('journal.list', { zone: 'eu-1' });
    const vars = entries.find((e) => e.op === 'containers.configVars.replace')!;
    expect(vars).toMatchObject({ targetId: id, fields: ['name', 'display_name', 'title'], outcome: 'failed' });
    expect(vars.targetName).toBeUndefined();
    expect(entries.find((e) => e.op === 'workflows.create')).toMatchObject({ targetName: 'journal-flow' });
    expect(readFileSync(path.join(h.dataDir, 'changes.jsonl'), 'utf8')).not.toContain(planted);
  });

  it('is an owner-only file holding no value, password or token', async () => {
    const file = path.join(h.dataDir, 'changes.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    const user = h.sandbox.users.find((u) => u.method === 'email')!;
    expect(text).not.toContain(SECRET_VALUE);
    expect(text).not.toContain(user.password);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // no JWT
    expect(text).not.toMatch(/bearer|access_token|refresh_token/i);
  });
});
