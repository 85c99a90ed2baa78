/**
 * "Save skill to folder…" against a zone that lists file names meant to escape the folder: the
 * agent writes the honest files, refuses the rest by name, never asks the zone for a refused one,
 * and nothing lands outside the skill's folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { SkillFolderSaved } from '../../../src-main/contract/commands-skills';
import { type HostileZone, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { RecordingConnection } from './harness';

const NAMES = ['SKILL.md', '../outside.txt', '/etc/evil', 'a\\..\\..\\win.txt', 'C:/x', 'a//b', 'scripts/ok.py'];

let kit: HostileZone;
let agent: Agent;
let root: string;
let zone: string;
const conn = new RecordingConnection();
const invoke = (command: string, input: unknown) => agent.invoke(command, input, conn);

beforeAll(async () => {
  kit = await startHostileZone();
  kit.on('POST /api/v1/auth/login', tokens());
  // Another zone's shape: a bare array of {name} records.
  kit.on('GET /api/v1/skills/s1/files/content', (req) => ({
    headers: { 'content-type': 'text/plain' },
    body: `text of ${new URL(req.rawPath, 'http://x').searchParams.get('path')}\n`,
  }));
  kit.on('GET /api/v1/skills/s1/files', json(NAMES.map((name) => ({ name }))));
  root = mkdtempSync(path.join(os.tmpdir(), 'zd-skills-hostile-'));
  agent = await createAgent({
    dataDir: path.join(root, 'data'),
    host: 'browser',
    version: 'test',
    memorySecrets: true,
    homeDir: path.join(root, 'home'),
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

describe('skills.saveToFolder against a hostile zone', () => {
  it('writes the honest files and lists every refused name', async () => {
    const dir = path.join(root, 'out', 'deep');
    const reply = await invoke('skills.saveToFolder', { zone, skillId: 's1', skillName: 'evil', dir });
    expect(reply).toMatchObject({ ok: true });
    const saved = (reply as { ok: true; result: SkillFolderSaved }).result;
    expect(saved.folder).toBe(path.join(dir, 'evil'));
    expect(saved.files).toEqual(['SKILL.md', 'scripts/ok.py']);
    expect(saved.written).toBe(2);
    expect(saved.refused.map((r) => r.path)).toEqual(NAMES.filter((n) => n !== 'SKILL.md' && n !== 'scripts/ok.py'));
    expect(readFileSync(path.join(saved.folder, 'scripts', 'ok.py'), 'utf8')).toBe('text of scripts/ok.py\n');
    // Nothing beside the skill's folder, and the zone was never asked for a refused name.
    expect(readdirSync(dir)).toEqual(['evil']);
    expect(readdirSync(path.join(root, 'out'))).toEqual(['deep']);
    const asked = kit.seen
      .filter((r) => r.rawPath.includes('/files/content'))
      .map((r) => new URL(r.rawPath, 'http://x').searchParams.get('path'));
    expect(asked).toEqual(['SKILL.md', 'scripts/ok.py']);
  });

  it('a skill name that tries to climb stays one folder inside the chosen one', async () => {
    const dir = path.join(root, 'named');
    const reply = await invoke('skills.saveToFolder', { zone, skillId: 's1', skillName: '../../escape', dir });
    const saved = (reply as { ok: true; result: SkillFolderSaved }).result;
    expect(path.dirname(saved.folder)).toBe(dir);
    expect(readdirSync(dir)).toEqual([path.basename(saved.folder)]);
  });
});
