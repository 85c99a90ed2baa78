/**
 * The secret store the person chose: a 0600 file only when asked (settings' secretStorage), and a
 * switch either way carries the sessions this run holds, the file deleted when it is turned off.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChosenSecretStore } from '../../../src-main/agent/secrets/chosen-store';
import { createFileSecretStore, SECRETS_FILE } from '../../../src-main/agent/secrets/file-store';
import { createMemorySecretStore } from '../../../src-main/agent/secrets/memory-store';
import type { KeychainStatus } from '../../../src-main/contract/commands';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zd-chosen-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const memory = () => createMemorySecretStore();

describe('the file store', () => {
  it('keeps entries in a 0600 file that a second store on the folder reads', async () => {
    const a = createFileSecretStore(dir);
    await a.set('zone:eu-1:credential', '{"refresh_token":"r1"}');
    await a.set('zone:us-1:credential', 'two');
    await a.delete('zone:us-1:credential');
    const file = path.join(dir, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const b = createFileSecretStore(dir);
    expect(await b.get('zone:eu-1:credential')).toBe('{"refresh_token":"r1"}');
    expect(await b.get('zone:us-1:credential')).toBeNull();
    expect(a.status()).toMatchObject({ file, state: 'ok' });
  });

  it('reads past a broken file and never takes a prototype name', async () => {
    const file = path.join(dir, SECRETS_FILE);
    writeFileSync(file, 'not json');
    const s = createFileSecretStore(dir);
    expect(await s.get('x')).toBeNull();
    writeFileSync(file, '{"entries":{"__proto__":"p","ok":"v","n":5}}');
    expect(s.entries()).toEqual([['ok', 'v']]);
  });

  it('two writes at once both land', async () => {
    const s = createFileSecretStore(dir);
    await Promise.all([s.set('a', '1'), s.set('b', '2')]);
    expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8'))).toMatchObject({
      entries: { a: '1', b: '2' },
    });
  });
});

describe('the chosen store', () => {
  it('uses no file unless chosen', async () => {
    const s = await ChosenSecretStore.open({ file: false, dataDir: dir, openKeychain: async () => memory() });
    await s.set('k', 'v');
    expect(existsSync(path.join(dir, SECRETS_FILE))).toBe(false);
    expect(s.status().file).toBeUndefined();
  });

  it('turning the file on carries this run’s sessions into it; off moves them back and deletes it', async () => {
    const s = await ChosenSecretStore.open({ file: false, dataDir: dir, openKeychain: async () => memory() });
    const seen: KeychainStatus[] = [];
    s.onStatus((st) => seen.push(st));
    await s.set('zone:eu-1:credential', 'c1');
    await s.useFile(true);
    expect(s.persistent).toBe(true);
    expect(await createFileSecretStore(dir).get('zone:eu-1:credential')).toBe('c1');
    expect(seen.at(-1)?.file).toBe(path.join(dir, SECRETS_FILE));

    await s.set('zone:us-1:credential', 'c2');
    await s.useFile(false);
    expect(existsSync(path.join(dir, SECRETS_FILE))).toBe(false);
    expect(await s.get('zone:eu-1:credential')).toBe('c1');
    expect(await s.get('zone:us-1:credential')).toBe('c2');
    expect(seen.at(-1)?.file).toBeUndefined();
  });

  it('opens on the file when it was chosen before', async () => {
    await createFileSecretStore(dir).set('k', 'kept');
    const s = await ChosenSecretStore.open({
      file: true,
      dataDir: dir,
      openKeychain: async () => {
        throw new Error('the keychain is not opened when the file was chosen');
      },
    });
    expect(await s.get('k')).toBe('kept');
  });
});
