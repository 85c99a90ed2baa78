/**
 * The host's two small files: recent-grabs.json (bounded, one entry per file, bad entries dropped
 * one by one) and desktop-settings.json (platform defaults, a broken file or a bad value falls
 * back field by field, through electron-store). Both 0600 and never a crash at start.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src-main/agent/log';
import type { RecentGrab } from '../../../src-main/contract/desktop';
import { DEFAULT_SHORTCUT, DesktopSettingsStore } from '../../../src-main/electron/desktop-settings';
import { RecentGrabs } from '../../../src-main/electron/recent-grabs';
import { ipcMain } from './fake-electron';

// desktop-settings.json is an electron-store, which reads Electron's app paths.
vi.mock('electron', () => import('./fake-electron'));

let dir: string;
let lines: string[];
const log = () => createLogger({ level: 'debug', sink: { write: (l) => lines.push(l) } });
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-desktop-files-'));
  lines = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const grab = (i: number, over: Partial<RecentGrab> = {}): RecentGrab => ({
  kind: 'kubeconfig',
  zone: 'eu-1',
  id: `c${i}`,
  name: `cluster-${i}`,
  mode: 'save',
  path: `/home/me/.kube/zonedeck/eu-1-cluster-${i}.yaml`,
  at: i,
  ...over,
});

describe('RecentGrabs', () => {
  it('keeps one entry per file, newest first, five per zone and thirty in all, in a 0600 file', async () => {
    const recent = new RecentGrabs(dir, log());
    for (let i = 1; i <= 7; i++) await recent.add(grab(i));
    await recent.add(grab(3, { at: 100 })); // grabbed again: moves to the top, not a second entry
    expect(recent.list().map((g) => g.id)).toEqual(['c3', 'c7', 'c6', 'c5', 'c4']);
    for (let z = 0; z < 10; z++)
      for (let i = 0; i < 4; i++) await recent.add(grab(i, { zone: `z${z}`, at: 1000 + z * 10 + i }));
    expect(recent.list()).toHaveLength(30);
    const file = join(dir, 'recent-grabs.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(new RecentGrabs(dir, log()).list()).toEqual(recent.list());
  });

  it('reads a broken file as empty and a file with bad entries as its good ones', () => {
    const file = join(dir, 'recent-grabs.json');
    writeFileSync(file, '{"not": "closed"');
    expect(new RecentGrabs(dir, log()).list()).toEqual([]);
    expect(lines.join('\n')).toContain('a file is not JSON');
    writeFileSync(file, JSON.stringify([grab(1), { kind: 'ssh', zone: 'eu-1' }, 'x', grab(2, { at: -1 }), grab(3)]));
    expect(new RecentGrabs(dir, log()).list().map((g) => g.id)).toEqual(['c3', 'c1']);
    writeFileSync(file, JSON.stringify({ items: [grab(1)] }));
    expect(new RecentGrabs(dir, log()).list()).toEqual([]);
  });
});

describe('DesktopSettingsStore', () => {
  it('defaults: the shortcut Ctrl/Cmd+Shift+K everywhere, close to tray except on Linux', () => {
    expect(new DesktopSettingsStore(dir, log(), 'linux').get()).toEqual({
      closeToTray: false,
      shortcut: DEFAULT_SHORTCUT,
    });
    expect(new DesktopSettingsStore(dir, log(), 'darwin').get()).toEqual({
      closeToTray: true,
      shortcut: DEFAULT_SHORTCUT,
    });
    expect(new DesktopSettingsStore(dir, log(), 'win32').get().closeToTray).toBe(true);
  });

  it('keeps what it can of a damaged file, field by field, and writes 0600', async () => {
    const file = join(dir, 'desktop-settings.json');
    writeFileSync(file, 'closeToTray = yes');
    expect(new DesktopSettingsStore(dir, log(), 'darwin').get()).toEqual({
      closeToTray: true,
      shortcut: DEFAULT_SHORTCUT,
    });
    writeFileSync(file, JSON.stringify({ closeToTray: 'yes', shortcut: 'Alt+Shift+G', extra: 1 }));
    expect(new DesktopSettingsStore(dir, log(), 'linux').get()).toEqual({
      closeToTray: false,
      shortcut: 'Alt+Shift+G',
    });
    writeFileSync(file, JSON.stringify({ closeToTray: true, shortcut: 'rm -rf /' }));
    expect(new DesktopSettingsStore(dir, log(), 'linux').get()).toEqual({
      closeToTray: true,
      shortcut: DEFAULT_SHORTCUT,
    });
    writeFileSync(file, JSON.stringify({ shortcut: null }));
    const store = new DesktopSettingsStore(dir, log(), 'linux');
    expect(store.get().shortcut).toBeNull();
    await store.set({ closeToTray: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ closeToTray: true, shortcut: null });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is an electron-store that leaves no IPC listener of its own behind', () => {
    new DesktopSettingsStore(dir, log(), 'linux');
    expect(ipcMain.listenerCount('electron-store-get-data')).toBe(0);
  });
});
