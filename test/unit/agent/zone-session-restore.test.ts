/**
 * A call made while a zone's remembered session is on its way back from the keychain (a command
 * line in a host's first moments, a page faster than the keychain) waits for it, and is sent with
 * the renewed token: it does not read the zone as signed out.
 */
import { describe, expect, it } from 'vitest';
import { ZoneSession, type StoredCredential } from '../../../src-main/agent/session/zone-session';
import { createMemorySecretStore } from '../../../src-main/agent/secrets/secret-store';
import type { ZoneClient } from '../../../src-main/agent/http/zone-client';
import { findRoute } from '../../../src-main/contract/routes';

const later = <T>(ms: number, v: T) => new Promise<T>((r) => setTimeout(() => r(v), ms));

function session(keychainMs: number) {
  const memory = createMemorySecretStore();
  const cred: StoredCredential = { kind: 'user', refresh_token: 'r1', origin: 'http://127.0.0.1:1' };
  void memory.set('zone:eu-1:credential', JSON.stringify(cred));
  // A keychain that takes its time, as a real one does on a cold start.
  const secrets = { ...memory, get: (key: string) => memory.get(key).then((v) => later(keychainMs, v)) };
  const client = {
    send: (req: { token: string }) => Promise.resolve({ status: 200, data: { token: req.token }, headers: {} }),
  } as unknown as ZoneClient;
  const s = new ZoneSession({
    zoneId: 'eu-1',
    client,
    secrets,
    renew: () => later(20, { access_token: 'fresh', expires_in: 3600, token_type: 'Bearer' }),
    onChange: () => undefined,
    origin: 'http://127.0.0.1:1',
  });
  return { s, client };
}

describe('a call during the restore from the keychain', () => {
  it('waits for the session and goes with the renewed token', async () => {
    const { s, client } = session(60);
    const restored = s.restore();
    const res = await s.send<{ token: string }>(client, { route: findRoute('containers.list')! });
    expect(res.data.token).toBe('fresh');
    await restored;
    expect(s.view().state).toBe('signed_in');
  });

  it('still says signed out when nothing was stored', async () => {
    const { s, client } = session(10);
    await s.restore();
    await s.signOut('test');
    const again = s.restore();
    await expect(s.send(client, { route: findRoute('containers.list')! })).rejects.toMatchObject({
      code: 'signed_out',
    });
    await again;
  });
});
