/** The remembered-browser cookie as the agent keeps it: per parent domain, with its account, until it lapses. */
import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/agent/secrets/secret-store';
import { DeviceCookies } from '../../../src-main/agent/session/device-cookies';

const SET =
  'platform_device=abc123; Domain=sandbox.localhost; Path=/; Max-Age=2592000; Secure; HttpOnly; SameSite=None';

describe('DeviceCookies', () => {
  it('keeps the cookie for the parent domain with the account it was set for', async () => {
    let now = 1_000_000;
    const jar = new DeviceCookies(createMemorySecretStore(), () => now);
    expect(await jar.capture('eu-1.sandbox.localhost', [SET], 'Dev@Example.com')).toBe(true);
    expect(await jar.header('us-1.sandbox.localhost')).toBe('platform_device=abc123');
    expect(await jar.ownerOf('us-1.sandbox.localhost')).toBe('dev@example.com');
    expect(await jar.header('other.example.org')).toBeUndefined();
    now += 30 * 86400_000; // Max-Age reached on the agent's own clock
    expect(await jar.header('us-1.sandbox.localhost')).toBeUndefined();
    expect(await jar.ownerOf('us-1.sandbox.localhost')).toBeUndefined();
  });

  it('tells a cookie of unknown account ("") from no cookie (undefined), and forgets on request', async () => {
    const jar = new DeviceCookies(createMemorySecretStore());
    await jar.capture('eu-1.sandbox.localhost', [SET]);
    expect(await jar.ownerOf('eu-1.sandbox.localhost')).toBe('');
    await jar.forget('us-1.sandbox.localhost');
    expect(await jar.ownerOf('eu-1.sandbox.localhost')).toBeUndefined();
  });

  it('a cleared cookie (Max-Age=0) forgets the kept one', async () => {
    const jar = new DeviceCookies(createMemorySecretStore());
    await jar.capture('eu-1.sandbox.localhost', [SET], 'dev@example.com');
    await jar.capture('eu-1.sandbox.localhost', ['platform_device=; Domain=sandbox.localhost; Max-Age=0']);
    expect(await jar.header('eu-1.sandbox.localhost')).toBeUndefined();
  });
});
