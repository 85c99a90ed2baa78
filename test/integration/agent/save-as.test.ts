/**
 * Save as never replaces a file the person did not confirm, and never writes where a zone's text
 * would run (shell start-up files, ~/.ssh, ~/.config/autostart, other dotfiles in HOME).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness } from './harness';

delete process.env.KUBECONFIG;

describe('kubeconfig save as', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'zd-saveas-home-'));
  const outside = mkdtempSync(path.join(os.tmpdir(), 'zd-saveas-outside-'));
  let h: Awaited<ReturnType<typeof harness>>;
  let clusterId: string;
  let picked: string | null = null;
  const ORIGINAL = '# my own file\n';

  beforeAll(async () => {
    h = await harness({}, { homeDir: home, pickSavePath: async () => picked });
    await h.addAndSignIn('eu-1');
    const list = await h.invoke('api.call', { zone: 'eu-1', operationId: 'kubernetes.list' });
    clusterId = (list.data as { items: { id: string; name: string }[] }).items.find((c) => c.name === 'demo')!.id;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const save = (p: string, replace?: string) =>
    h.invoke('kubeconfig.saveAs', { zone: 'eu-1', clusterId, path: p, ...(replace ? { replace } : {}) });
  // Browser mode has no native dialog: the harness's picker is only used when no path is typed.

  it('refuses to replace an existing file until the person confirmed that exact path', async () => {
    const file = path.join(home, 'notes.yaml');
    writeFileSync(file, ORIGINAL);
    await expect(save('~/notes.yaml')).rejects.toMatchObject({ code: 'file_exists', details: { path: file } });
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
    await expect(save('~/notes.yaml', path.join(home, 'other.yaml'))).rejects.toMatchObject({ code: 'file_exists' });
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
    const done = await save('~/notes.yaml', file);
    expect(done?.path).toBe(file);
    expect(readFileSync(file, 'utf8')).toContain('eu-1-demo');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes a new file without asking', async () => {
    const done = await save('~/kube-copies/demo.yaml');
    expect(done?.path).toBe(path.join(home, 'kube-copies', 'demo.yaml'));
    const kube = await save('~/.kube/demo-copy.yaml');
    expect(kube?.path).toBe(path.join(home, '.kube', 'demo-copy.yaml'));
  });

  it('refuses shell start-up files, ~/.ssh, autostart and other dotfiles outright, even confirmed', async () => {
    mkdirSync(path.join(home, '.ssh'), { recursive: true });
    writeFileSync(path.join(home, '.bashrc'), ORIGINAL);
    writeFileSync(path.join(home, '.ssh', 'authorized_keys'), ORIGINAL);
    symlinkSync(path.join(home, '.ssh'), path.join(home, 'keys'));
    const targets = [
      '.bashrc',
      '.profile',
      '.zshrc',
      '.bash_profile',
      '.ssh/authorized_keys',
      '.ssh/config',
      '.config/autostart/evil.desktop',
      '.local/bin/kubectl',
      '.kube/.hidden',
      'keys/authorized_keys', // a link into ~/.ssh
    ];
    for (const t of targets) {
      const abs = path.join(home, t);
      await expect(save(`~/${t}`, abs), t).rejects.toMatchObject({ code: 'protected_path' });
    }
    expect(readFileSync(path.join(home, '.bashrc'), 'utf8')).toBe(ORIGINAL);
    expect(readFileSync(path.join(home, '.ssh', 'authorized_keys'), 'utf8')).toBe(ORIGINAL);
    expect(() => statSync(path.join(home, '.profile'))).toThrow();
    expect(() => statSync(path.join(home, '.config', 'autostart', 'evil.desktop'))).toThrow();
  });

  it('never replaces a file outside HOME, but may create one there', async () => {
    const file = path.join(outside, 'existing.yaml');
    writeFileSync(file, ORIGINAL);
    await expect(save(file, file)).rejects.toMatchObject({ code: 'protected_path' });
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
    const fresh = await save(path.join(outside, 'fresh.yaml'));
    expect(readFileSync(fresh!.path, 'utf8')).toContain('eu-1-demo');
  });

  it('refuses a folder as the target', async () => {
    mkdirSync(path.join(home, 'a-folder'), { recursive: true });
    await expect(save('~/a-folder', path.join(home, 'a-folder'))).rejects.toMatchObject({ code: 'protected_path' });
  });

  it('the native dialog confirms a replacement itself, but cannot pick a dotfile', async () => {
    const file = path.join(home, 'picked.yaml');
    writeFileSync(file, ORIGINAL);
    picked = file;
    const done = await h.invoke('kubeconfig.saveAs', { zone: 'eu-1', clusterId, clusterName: 'demo' });
    expect(done?.path).toBe(file);
    expect(readFileSync(file, 'utf8')).toContain('eu-1-demo');
    picked = path.join(home, '.bashrc');
    await expect(h.invoke('kubeconfig.saveAs', { zone: 'eu-1', clusterId })).rejects.toMatchObject({
      code: 'protected_path',
    });
    expect(readFileSync(path.join(home, '.bashrc'), 'utf8')).toBe(ORIGINAL);
  });
});
