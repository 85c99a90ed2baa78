/**
 * "Save skill to folder…" against zones that select a file their own way: by the parameter their
 * file list names the path with, or by the one a 400 asks for (tried once, then learned), and that
 * answer a file's text as JSON. Loopback zones (node:http on 127.0.0.1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { SkillFolderSaved } from '../../../src-main/contract/commands-skills';
import { type HostileZone, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { RecordingConnection } from './harness';

let kit: HostileZone;
let agent: Agent;
let root: string;
let zone: string;
const conn = new RecordingConnection();
const invoke = (command: string, input: unknown) => agent.invoke(command, input, conn);
const paramOf = (raw: string, name: string) => new URL(raw, 'http://x').searchParams.get(name);
const contentReads = () => kit.seen.filter((r) => r.rawPath.includes('/files/content')).map((r) => r.rawPath);

beforeAll(async () => {
  kit = await startHostileZone();
  root = mkdtempSync(path.join(os.tmpdir(), 'zd-skills-words-'));
  agent = await createAgent({
    dataDir: path.join(root, 'data'),
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    homeDir: path.join(root, 'home'),
  });
  const added = await invoke('zones.add', { name: 'other-team', baseUrl: kit.baseUrl });
  zone = (added as { ok: true; result: { id: string } }).result.id;
});
beforeEach(async () => {
  kit.reset();
  kit.on('POST /api/v1/auth/login', tokens());
  expect(await invoke('auth.login', { zone, email: 'a@example.com', password: 'pw' })).toMatchObject({ ok: true });
  await invoke('zones.forgetWords', { id: zone });
});
afterAll(async () => {
  await agent.dispose();
  await kit.close();
  rmSync(root, { recursive: true, force: true });
});

async function save(dir: string): Promise<SkillFolderSaved> {
  const reply = await invoke('skills.saveToFolder', {
    zone,
    skillId: 's1',
    skillName: 'sk',
    dir: path.join(root, dir),
  });
  expect(reply).toMatchObject({ ok: true });
  return (reply as { ok: true; result: SkillFolderSaved }).result;
}

describe('skills.saveToFolder in the zone’s words', () => {
  it('selects by the list’s own field name and reads text given as JSON', async () => {
    kit.on('GET /api/v1/skills/s1/files/content', (req) => {
      const file = paramOf(req.rawPath, 'file');
      return file ? json({ data: { content: `text of ${file}` } }) : json({ error: 'bad' }, 400);
    });
    kit.on('GET /api/v1/skills/s1/files', json({ files: [{ file: 'SKILL.md' }], next_cursor: null }));
    const saved = await save('a');
    expect(saved.files).toEqual(['SKILL.md']);
    expect(readFileSync(path.join(saved.folder, 'SKILL.md'), 'utf8')).toBe('text of SKILL.md');
    expect(contentReads()).toEqual(['/api/v1/skills/s1/files/content?file=SKILL.md']);
  });

  it('tries the parameter a 400 names once, then selects by it first', async () => {
    kit.on('GET /api/v1/skills/s1/files/content', (req) => {
      const file = paramOf(req.rawPath, 'filename');
      return file
        ? { headers: { 'content-type': 'text/plain' }, body: `text of ${file}` }
        : json({ code: 'invalid_request', detail: 'query parameter `filename` is required' }, 400);
    });
    kit.on('GET /api/v1/skills/s1/files', json({ items: [{ path: 'SKILL.md' }, { path: 'b.txt' }] }));
    const saved = await save('b');
    expect(readFileSync(path.join(saved.folder, 'b.txt'), 'utf8')).toBe('text of b.txt');
    expect(contentReads()).toEqual([
      '/api/v1/skills/s1/files/content?path=SKILL.md',
      '/api/v1/skills/s1/files/content?filename=SKILL.md',
      '/api/v1/skills/s1/files/content?filename=b.txt',
    ]);
  });
});
