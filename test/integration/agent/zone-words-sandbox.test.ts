/**
 * Worded calls against the sandbox's own dialects (standard, variant): a zone that takes our
 * names is sent them once, nothing is learned, and the reply is the zone's; save-to-folder reads
 * the files as before. (The seeded dialects that refuse other names are the sandbox's tests and
 * the e2e journeys.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallWords } from '../../../src-main/contract/zone-words';
import { idOf, listOf } from '../../../src-main/contract/tolerant';
import { harness } from './harness';

const DRAFT: CallWords = { body: { draft_spec: { role: 'workflow.draft', alts: ['spec', 'definition', 'draft'] } } };
const PATH: CallWords = { query: { path: { role: 'skillFile.path', alts: ['name', 'file', 'filename'] } } };

describe.each(['standard', 'variant'] as const)('worded calls against the %s sandbox', (dialect) => {
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), 'zd-words-sb-'));
    h = await harness({ dialect }, { homeDir: home });
    zone = (await h.addAndSignIn('eu-1')).id;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('sends a draft under our name, and learns nothing', async () => {
    const wf = listOf((await h.invoke('api.call', { zone, operationId: 'workflows.list' })).data)[0]!;
    const res = await h.invoke('api.call', {
      zone,
      operationId: 'workflows.update',
      params: { id: idOf(wf)! },
      body: { draft_spec: { nodes: [] } },
      words: DRAFT,
    });
    expect(res.sent).toEqual({ body: { 'workflow.draft': 'draft_spec' } });
    expect((await h.invoke('zones.list', {}))[0]!.learnedWords).toBeUndefined();
  });

  it('reads a skill file by path, and saves the skill to a folder', async () => {
    const skill = listOf((await h.invoke('api.call', { zone, operationId: 'skills.list' })).data)[0]!;
    const files = await h.invoke('api.call', { zone, operationId: 'skills.files.list', params: { id: idOf(skill)! } });
    const first = listOf(files.data)[0]!;
    const p = String(first.path ?? first.name);
    const read = await h.invoke('api.call', {
      zone,
      operationId: 'skills.files.content',
      params: { id: idOf(skill)! },
      query: { path: p },
      words: PATH,
    });
    expect(read).toMatchObject({ status: 200, sent: { query: { 'skillFile.path': 'path' } } });
    expect(typeof read.data).toBe('string');
    const saved = await h.invoke('skills.saveToFolder', {
      zone,
      skillId: idOf(skill)!,
      skillName: 'sk',
      dir: path.join(home, 'out'),
    });
    expect(readFileSync(path.join(saved!.folder, p), 'utf8')).toBe(read.data);
    expect((await h.invoke('zones.list', {}))[0]!.learnedWords).toBeUndefined();
  });
});
