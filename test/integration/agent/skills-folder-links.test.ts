/**
 * "Save skill to folder" never follows a link out of its folder: a chosen folder that is a link
 * into ~/.ssh, a skill folder that already exists as a link to ~/.config/autostart, and a subfolder
 * or the skill folder itself swapped for a link while the agent waits on the zone — none of those
 * places receives a file (not even a temporary one).
 */
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { SkillFolderSaved } from '../../../src-main/contract/commands-skills';
import { type HostileZone, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { RecordingConnection } from './harness';

let kit: HostileZone;
let agent: Agent;
let root: string;
let home: string;
let zone: string;
/** Run when the zone is asked for a file, before it answers: the swap a hostile local process makes. */
let onRead: (file: string) => void = () => {};
const conn = new RecordingConnection();
const invoke = (command: string, input: unknown) => agent.invoke(command, input, conn);

beforeAll(async () => {
  kit = await startHostileZone();
  kit.on('POST /api/v1/auth/login', tokens());
  kit.on('GET /api/v1/skills/s1/files/content', (req) => {
    const file = new URL(req.rawPath, 'http://x').searchParams.get('path') ?? '';
    onRead(file);
    return { headers: { 'content-type': 'text/plain' }, body: `text of ${file}\n` };
  });
  kit.on(
    'GET /api/v1/skills/s1/files',
    json([{ path: 'SKILL.md' }, { path: 'scripts/a.py' }, { path: 'scripts/b.py' }]),
  );
  root = mkdtempSync(path.join(os.tmpdir(), 'zd-skills-links-'));
  home = path.join(root, 'home');
  mkdirSync(path.join(home, '.ssh'), { recursive: true });
  mkdirSync(path.join(home, '.config', 'autostart'), { recursive: true });
  agent = await createAgent({
    dataDir: path.join(root, 'data'),
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    homeDir: home,
  });
  const added = await invoke('zones.add', { name: 'hostile', baseUrl: kit.baseUrl });
  zone = (added as { ok: true; result: { id: string } }).result.id;
  expect(await invoke('auth.login', { zone, email: 'a@example.com', password: 'pw' })).toMatchObject({ ok: true });
});
afterAll(async () => {
  await agent.dispose();
  await kit.close();
  rmSync(root, { recursive: true, force: true });
});

const save = (dir: string, skillName = 'evil') =>
  invoke('skills.saveToFolder', { zone, skillId: 's1', skillName, dir });
const empty = (dir: string) => expect(readdirSync(dir)).toEqual([]);

describe('skills.saveToFolder and links', () => {
  it('refuses a chosen folder that is a link into ~/.ssh', async () => {
    const link = path.join(home, 'innocent');
    symlinkSync(path.join(home, '.ssh'), link);
    const reply = await save(link);
    expect(reply).toMatchObject({ ok: false, error: { code: 'protected_path' } });
    empty(path.join(home, '.ssh'));
  });

  it('refuses a skill folder that already exists as a link (to ~/.config/autostart)', async () => {
    const dir = path.join(root, 'out-b');
    mkdirSync(dir);
    symlinkSync(path.join(home, '.config', 'autostart'), path.join(dir, 'evil'));
    const reply = await save(dir);
    expect(reply).toMatchObject({ ok: false, error: { code: 'protected_path' } });
    empty(path.join(home, '.config', 'autostart'));
  });

  it('sends nothing elsewhere when a subfolder becomes a link while the zone is asked', async () => {
    const dir = path.join(root, 'out-c');
    const outside = path.join(root, 'outside-c');
    mkdirSync(outside);
    onRead = (file) => {
      if (file !== 'scripts/b.py') return;
      const sub = path.join(dir, 'evil', 'scripts');
      renameSync(sub, `${sub}.moved`);
      symlinkSync(outside, sub);
    };
    const reply = await save(dir);
    onRead = () => {};
    const saved = (reply as { ok: true; result: SkillFolderSaved }).result;
    expect(saved.files).toEqual(['SKILL.md', 'scripts/a.py']);
    expect(saved.refused.map((r) => r.path)).toEqual(['scripts/b.py']);
    empty(outside);
  });

  it('sends nothing elsewhere when the skill folder itself becomes a link while the zone is asked', async () => {
    const dir = path.join(root, 'out-d');
    const outside = path.join(root, 'outside-d');
    mkdirSync(outside);
    onRead = (file) => {
      if (file !== 'scripts/a.py') return;
      const folder = path.join(dir, 'evil');
      renameSync(folder, `${folder}.moved`);
      symlinkSync(outside, folder);
    };
    const reply = await save(dir);
    onRead = () => {};
    const saved = (reply as { ok: true; result: SkillFolderSaved }).result;
    expect(saved.files).toEqual(['SKILL.md']);
    expect(saved.refused.map((r) => r.path)).toEqual(['scripts/a.py', 'scripts/b.py']);
    empty(outside);
  });
});
