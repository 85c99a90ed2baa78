/**
 * The app's setting "Keep sign-ins in": a file only when the person picks it. Picking it carries
 * the session this run holds into a 0600 file, the next start (no keychain asked) is signed in from
 * it, and picking the keychain again moves the session out and deletes the file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import { SECRETS_FILE } from '../../../src-main/agent/secrets/file-store';
import { harness } from './harness';

let h: Awaited<ReturnType<typeof harness>>;
beforeAll(async () => {
  h = await harness({ zones: ['eu-1'] });
});
afterAll(() => h?.close());

describe('settings.update secretStorage', () => {
  it('moves the session into a 0600 file, is used at the next start, and moves it back', async () => {
    const zone = await h.addAndSignIn('eu-1');
    const file = path.join(h.dataDir, SECRETS_FILE);
    expect(existsSync(file)).toBe(false);
    expect((await h.invoke('settings.get', {})).secretStorage).toBe('keychain');

    await h.invoke('settings.update', { secretStorage: 'file' });
    expect((await h.invoke('app.info', {})).keychain.file).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(`zone:${zone.id}:credential`);

    // A second agent on the folder, with no keychain to ask: the file signs it in.
    const next = await createAgent({
      dataDir: h.dataDir,
      host: 'browser',
      version: 'test',
      keychainService: 'Zonedeck-never-opened',
    });
    try {
      await next.sessionsRestored();
      const reply = await next.invoke('zones.list', {}, h.conn);
      expect(reply.ok && (reply.result as { session: { state: string } }[])[0]?.session.state).toBe('signed_in');
    } finally {
      await next.dispose();
    }

    await h.invoke('settings.update', { secretStorage: 'keychain' });
    expect(existsSync(file)).toBe(false);
    expect((await h.invoke('app.info', {})).keychain.file).toBeUndefined();
    const listed = await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    expect(listed.status).toBe(200);
  });
});
