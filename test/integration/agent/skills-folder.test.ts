/** "Save skill to folder…" against the real sandbox: the agent reads the zone's files itself and writes them 0600. */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError } from '../../../src-main/contract/errors';
import { harness } from './harness';

const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('skills.saveToFolder', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'zd-skills-home-'));
  let h: Awaited<ReturnType<typeof harness>>;
  let skillId: string;

  beforeAll(async () => {
    h = await harness({}, { homeDir: home, pickFolder: async () => path.join(home, 'picked') });
    await h.addAndSignIn('eu-1');
    const created = await h.invoke('api.call', {
      zone: 'eu-1',
      operationId: 'skills.create',
      body: { name: 'report-writer', description: 'Writes reports.' },
    });
    skillId = (created.data as { id: string }).id;
    for (const [p, content] of [
      ['SKILL.md', '---\nname: report-writer\ndescription: Writes reports.\n---\n# Report\n'],
      ['scripts/render.py', 'print("hi")\n'],
      ['templates/a/b.yaml', 'k: v\n'],
    ])
      await h.invoke('api.call', {
        zone: 'eu-1',
        operationId: 'skills.files.put',
        params: { id: skillId },
        body: { path: p, content },
      });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('writes every file of the skill under <dir>/<skill name>, 0600, with the zone content', async () => {
    const dir = path.join(home, 'skills-out');
    const saved = await h.invoke('skills.saveToFolder', { zone: 'eu-1', skillId, dir });
    expect(saved).not.toBeNull();
    const folder = path.join(dir, 'report-writer');
    expect(saved!.folder).toBe(folder);
    expect(saved!.written).toBe(3);
    expect(saved!.refused).toEqual([]);
    expect(readFileSync(path.join(folder, 'SKILL.md'), 'utf8')).toContain('name: report-writer');
    expect(readFileSync(path.join(folder, 'templates/a/b.yaml'), 'utf8')).toBe('k: v\n');
    expect(modeOf(path.join(folder, 'scripts/render.py'))).toBe(0o600);
    expect(modeOf(path.join(folder, 'templates/a'))).toBe(0o700);
    expect(readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('saves again over the same files, and with pick uses the chosen folder (default Downloads)', async () => {
    const picked = await h.invoke('skills.saveToFolder', {
      zone: 'eu-1',
      skillId,
      skillName: 'report-writer',
      pick: true,
    });
    expect(picked!.folder).toBe(path.join(home, 'picked', 'report-writer'));
    const again = await h.invoke('skills.saveToFolder', { zone: 'eu-1', skillId, pick: true });
    expect(again!.written).toBe(3);
    const plain = await h.invoke('skills.saveToFolder', { zone: 'eu-1', skillId });
    expect(plain!.folder).toBe(path.join(home, 'Downloads', 'report-writer'));
  });

  it('refuses hidden folders in HOME and unknown skills, with clear errors', async () => {
    await expect(h.invoke('skills.saveToFolder', { zone: 'eu-1', skillId, dir: '~/.ssh' })).rejects.toMatchObject({
      code: 'protected_path',
    });
    const err = await h
      .invoke('skills.saveToFolder', { zone: 'eu-1', skillId: 'nope', skillName: 'x', dir: path.join(home, 'n') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentError);
    expect((err as AgentError).status).toBe(404);
  });

  it('rejects malformed input', async () => {
    await expect(h.invoke('skills.saveToFolder', { zone: 'eu-1', skillId: '' } as never)).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});
