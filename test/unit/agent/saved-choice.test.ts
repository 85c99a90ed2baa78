/**
 * savedChoice reads one setting without the agent's schemas; it must give what the agent's own
 * reader (readSettings) gives for that field, whatever the file holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../../src-main/agent/settings/app-settings';
import { savedChoice, SETTINGS_FILE } from '../../../src-main/agent/settings/saved-choice';
import { DEFAULT_SETTINGS } from '../../../src-main/contract/settings';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'zd-choice-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEYS = ['logLevel', 'secretStorage'] as const;
const FILES = [
  '{"secretStorage":"file","logLevel":"debug"}',
  '{"secretStorage":"keychain","logLevel":"error"}',
  '{"secretStorage":"FILE","logLevel":"Debug"}',
  '{"secretStorage":["file"],"logLevel":{"level":"debug"}}',
  '{"secretStorage":null,"logLevel":3}',
  '{"theme":"dark"}',
  '["secretStorage","file"]',
  '"file"',
  'null',
  '{"__proto__":{"secretStorage":"file","logLevel":"debug"}}',
  '{"secretStorage":"file",',
  '',
  '{"secretStorage":"file","secretStorage":"keychain"}',
  '{"secretStorage":"file ","logLevel":" warn"}',
];

describe('one setting read before the agent', () => {
  it('is the default when there is no file', () => {
    for (const key of KEYS) expect(savedChoice(dir, key)).toBe(DEFAULT_SETTINGS[key]);
  });

  it.each(FILES)('agrees with the agent’s reader for %s', (text) => {
    writeFileSync(join(dir, SETTINGS_FILE), text);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const agent = readSettings(raw).settings;
    for (const key of KEYS) expect(savedChoice(dir, key)).toBe(agent[key]);
  });

  it('reads a chosen file storage and level', () => {
    writeFileSync(join(dir, SETTINGS_FILE), '{"secretStorage":"file","logLevel":"warn"}');
    expect(savedChoice(dir, 'secretStorage')).toBe('file');
    expect(savedChoice(dir, 'logLevel')).toBe('warn');
  });
});
