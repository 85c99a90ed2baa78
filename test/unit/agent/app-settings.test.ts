/**
 * settings.json: a missing, broken or half-bad file falls back field by field, never a crash;
 * updates are validated (settings.update's schema) and written 0600, surviving a new store.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/agent/log';
import { AppSettingsStore, readSettings, SETTINGS_FILE } from '../../../src-main/agent/settings/app-settings';
import { COMMANDS } from '../../../src-main/agent/commands';
import { DEFAULT_SETTINGS } from '../../../src-main/contract/settings';

let dir: string;
let lines: string[];
const log = () => createLogger({ level: 'debug', sink: { write: (l) => lines.push(l) } });
const file = () => join(dir, SETTINGS_FILE);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-settings-'));
  lines = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('reading settings tolerantly', () => {
  it('gives the defaults with no file', () => {
    expect(new AppSettingsStore(dir, log()).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('gives the defaults for a file that is not JSON, and says so in the log', () => {
    writeFileSync(file(), '{"theme": "dark",');
    expect(new AppSettingsStore(dir, log()).get()).toEqual(DEFAULT_SETTINGS);
    expect(lines.join('\n')).toContain('not JSON');
  });

  it('keeps the good values and drops each bad one to its default', () => {
    writeFileSync(
      file(),
      JSON.stringify({ theme: 'dark', listRefreshSeconds: 0.5, downloadFolder: 'relative/dir', logLevel: 'loud' }),
    );
    expect(new AppSettingsStore(dir, log()).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(lines.join('\n')).toMatch(/listRefreshSeconds.*downloadFolder.*logLevel/);
  });

  it('reads an array, null or a string as nothing', () => {
    for (const raw of [[1, 2], null, 'dark', 42]) expect(readSettings(raw).settings).toEqual(DEFAULT_SETTINGS);
  });
});

describe('settings.update', () => {
  const schema = COMMANDS['settings.update'].input;

  it('accepts each field in range', () => {
    expect(schema.safeParse({ theme: 'light' }).success).toBe(true);
    expect(schema.safeParse({ listRefreshSeconds: 10, logLevel: 'debug' }).success).toBe(true);
    expect(schema.safeParse({ downloadFolder: '/home/me/dl' }).success).toBe(true);
    expect(schema.safeParse({ downloadFolder: 'C:\\Users\\me\\dl' }).success).toBe(true);
    expect(schema.safeParse({ downloadFolder: null }).success).toBe(true);
  });

  it('refuses values out of range, unknown fields, relative folders and control characters', () => {
    for (const bad of [
      { theme: 'blue' },
      { listRefreshSeconds: 1 },
      { listRefreshSeconds: 2.5 },
      { listRefreshSeconds: 301 },
      { downloadFolder: 'dl' },
      { downloadFolder: '/tmp/a\nb' },
      { downloadFolder: '' },
      { logLevel: 'trace' },
      { closeToTray: true },
    ])
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('writes the file 0600 and a new store reads it back', async () => {
    const store = new AppSettingsStore(dir, log());
    const after = await store.update({ listRefreshSeconds: 15, logLevel: 'warn' });
    expect(after).toEqual({ ...DEFAULT_SETTINGS, listRefreshSeconds: 15, logLevel: 'warn' });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual(after);
    expect(new AppSettingsStore(dir, log()).get()).toEqual(after);
  });
});

describe('notification switches (kinds × zones)', () => {
  const schema = COMMANDS['settings.update'].input;

  it('are validated: known kinds, each once, zone ids without control characters', () => {
    expect(schema.safeParse({ notifications: { 'eu-1': ['gate', 'run'], 'us-1': [] } }).success).toBe(true);
    for (const bad of [
      { notifications: { 'eu-1': ['everything'] } },
      { notifications: { 'eu-1': ['gate', 'gate'] } },
      { notifications: { 'eu-1': 'gate' } },
      { notifications: { 'eu\n1': ['gate'] } },
      { notifications: ['eu-1'] },
      { notifications: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`z${i}`, ['gate']])) },
    ])
      expect(schema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
  });

  it('are saved, a zone with nothing on left out, and read back', async () => {
    const store = new AppSettingsStore(dir, log());
    const patch = schema.parse({ notifications: { 'eu-1': ['gate', 'health'], 'us-1': [] } }) as {
      notifications: Record<string, never>;
    };
    const after = await store.update(patch);
    expect(after.notifications).toEqual({ 'eu-1': ['gate', 'health'] });
    expect(new AppSettingsStore(dir, log()).get().notifications).toEqual({ 'eu-1': ['gate', 'health'] });
  });

  it('are read entry by entry: a bad zone or an unknown kind is dropped, the rest kept', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        theme: 'dark',
        notifications: { 'eu-1': ['gate', 'sms', 'deploy'], 'us-1': 'all', 'ap\u00001': ['run'], 'sa-1': ['health'] },
      }),
    );
    const s = new AppSettingsStore(dir, log()).get();
    expect(s.theme).toBe('dark');
    expect(s.notifications).toEqual({ 'eu-1': ['gate', 'deploy'], 'sa-1': ['health'] });
    expect(lines.join('\n')).toMatch(/notifications/);
    for (const raw of [null, [1], 'on'])
      expect(readSettings({ notifications: raw }).settings.notifications).toEqual({});
  });

  it('never take a prototype key from a page or a file (issue #35, item 6)', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      // As a page's frame arrives: JSON text, so `__proto__` is an own key.
      const sent = JSON.parse(`{"notifications":{"eu-1":["gate"],"${key}":["run"]}}`) as unknown;
      // Refused, or (zod's own record never copies `__proto__`) dropped: never kept.
      const r = schema.safeParse(sent);
      if (r.success) expect(Object.keys((r.data as { notifications: object }).notifications), key).toEqual(['eu-1']);
      if (key !== '__proto__') expect(r.success, key).toBe(false);
      const read = readSettings(JSON.parse(`{"notifications":{"eu-1":["gate"],"${key}":["run"]}}`));
      expect(Object.keys(read.settings.notifications), key).toEqual(['eu-1']);
      expect(read.dropped).toContain('notifications');
    }
    const store = new AppSettingsStore(dir, log());
    const after = await store.update(schema.parse({ notifications: { 'eu-1': ['gate'] } }) as never);
    // The map built from the page's keys has no prototype: nothing it holds reaches Object.prototype.
    expect(Object.getPrototypeOf(after.notifications)).toBeNull();
    expect(
      Object.getPrototypeOf(readSettings({ notifications: { 'eu-1': ['run'] } }).settings.notifications),
    ).toBeNull();
  });
});
