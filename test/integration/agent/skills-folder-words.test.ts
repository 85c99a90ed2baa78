/**
 * "Save skill to folder" in a zone's own words, against real loopback zones: one whose file list
 * names paths `file`, selects a file by `file` and answers reads as JSON `{data: {content}}`; and
 * one whose list names paths `name` but whose 400 names the parameter it wants (`filename`),
 * tried once and then used for every file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { SkillFolderSaved } from '../../../src-main/contract/commands-skills';
import { type HostileZone, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { RecordingConnection } from './harness';

const q = (rawPath: string, name: string) => new URL(rawPath, 'http://x').searchParams.get(name);

let jsonZone: HostileZone;
let askingZone: HostileZone;
let agent: Agent;
let root: string;
const conn = new RecordingConnection();
const invoke = (command: string, input: unknown) => agent.invoke(command, input, conn);

async function addZone(name: string, kit: HostileZone): Promise<string> {
  const added = await invoke('zones.add', { name, baseUrl: kit.baseUrl });
  const id = (added as { ok: true; result: { id: string } }).result.id;
  expect(await invoke('auth.login', { zone: id, email: 'a@example.com', password: 'pw' })).toMatchObject({ ok: true });
  return id;
}

async function save(zone: string, dir: string): Promise<SkillFolderSaved> {
  const reply = await invoke('skills.saveToFolder', { zone, skillId: 's1', skillName: 'sk', dir });
  expect(reply).toMatchObject({ ok: true });
  return (reply as { ok: true; result: SkillFolderSaved }).result;
}

beforeAll(async () => {
  jsonZone = await startHostileZone();
  jsonZone.on('POST /api/v1/auth/login', tokens());
  jsonZone.on('GET /api/v1/skills/s1/files/content', (req) => {
    const file = q(req.rawPath, 'file');
    if (!file) return json({ error: 'invalid_request', message: 'query parameter `file` is required' }, 400);
    return json({ data: { path: file, content: `json text of ${file}\n` } });
  });
  jsonZone.on('GET /api/v1/skills/s1/files', json({ data: { files: [{ file: 'SKILL.md' }, { file: 'a/b.py' }] } }));

  askingZone = await startHostileZone();
  askingZone.on('POST /api/v1/auth/login', tokens());
  askingZone.on('GET /api/v1/skills/s1/files/content', (req) => {
    const file = q(req.rawPath, 'filename');
    if (!file) return json({ code: 'invalid_request', detail: 'missing parameter', param: 'filename' }, 400);
    return { headers: { 'content-type': 'text/plain' }, body: `raw text of ${file}\n` };
  });
  askingZone.on('GET /api/v1/skills/s1/files', json([{ name: 'SKILL.md' }, { name: 'c.txt' }]));

  root = mkdtempSync(path.join(os.tmpdir(), 'zd-skills-words-'));
  agent = await createAgent({
    dataDir: path.join(root, 'data'),
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    homeDir: path.join(root, 'home'),
  });
});
afterAll(async () => {
  await agent.dispose();
  await jsonZone.close();
  await askingZone.close();
  rmSync(root, { recursive: true, force: true });
});

describe('skills.saveToFolder in the zone’s words', () => {
  it('selects files by the name its list uses and takes the text out of a JSON read', async () => {
    const zone = await addZone('json-files', jsonZone);
    const saved = await save(zone, path.join(root, 'one'));
    expect(saved.files).toEqual(['SKILL.md', 'a/b.py']);
    expect(readFileSync(path.join(saved.folder, 'a', 'b.py'), 'utf8')).toBe('json text of a/b.py\n');
    const asked = jsonZone.seen.filter((r) => r.rawPath.includes('/files/content')).map((r) => q(r.rawPath, 'file'));
    expect(asked).toEqual(['SKILL.md', 'a/b.py']);
  });

  it('tries the parameter a 400 names once, then reads every file with it', async () => {
    const zone = await addZone('asking', askingZone);
    const saved = await save(zone, path.join(root, 'two'));
    expect(saved.written).toBe(2);
    expect(readFileSync(path.join(saved.folder, 'c.txt'), 'utf8')).toBe('raw text of c.txt\n');
    const reads = askingZone.seen.filter((r) => r.rawPath.includes('/files/content'));
    // One refused read (under the default `path`), then every file under `filename`.
    expect(reads.map((r) => (q(r.rawPath, 'filename') ? 'filename' : 'other'))).toEqual([
      'other',
      'filename',
      'filename',
    ]);
  });
});
