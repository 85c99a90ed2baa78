import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeychainStatus } from '../../../src-main/contract/commands';
import { createMemorySecretStore, openSecretStore, type KeytarLike } from '../../../src-main/agent/secrets';

/** An in-memory keytar whose behaviour a test can break. */
function fakeKeytar(mode: { hang?: boolean; fail?: boolean } = {}): KeytarLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  const gate = <T>(v: () => T): Promise<T> => {
    if (mode.hang) return new Promise<T>(() => {});
    if (mode.fail) return Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    return Promise.resolve(v());
  };
  return {
    items,
    getPassword: (s, a) => gate(() => items.get(`${s}/${a}`) ?? null),
    setPassword: (s, a, p) => gate(() => void items.set(`${s}/${a}`, p)),
    deletePassword: (s, a) => gate(() => items.delete(`${s}/${a}`)),
  };
}

/** Every file under dir, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe('memory secret store', () => {
  it('keeps, returns and forgets values', async () => {
    const s = createMemorySecretStore();
    expect(await s.get('zone:a:refresh')).toBeNull();
    await s.set('zone:a:refresh', 'r1');
    await s.set('zone:b:refresh', 'r2');
    expect(await s.get('zone:a:refresh')).toBe('r1');
    await s.delete('zone:a:refresh');
    expect(await s.get('zone:a:refresh')).toBeNull();
    expect(await s.get('zone:b:refresh')).toBe('r2');
    expect(s.persistent).toBe(false);
    expect(s.status().state).toBe('unavailable');
  });

  it('reports the status it was given', () => {
    const st: KeychainStatus = { state: 'unavailable', reason: 'because', hint: 'do this' };
    expect(createMemorySecretStore(st).status()).toEqual(st);
  });
});

describe('openSecretStore', () => {
  let home: string;
  const saved = {
    HOME: process.env.HOME,
    XDG_DATA_HOME: process.env.XDG_DATA_HOME,
    XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME,
  };
  let cwd: string;

  beforeEach(() => {
    // Point every place a careless store could write into an empty temp dir, and check it stays empty.
    home = mkdtempSync(join(tmpdir(), 'zd-secrets-'));
    process.env.HOME = home;
    process.env.XDG_DATA_HOME = join(home, 'data');
    process.env.XDG_CONFIG_HOME = join(home, 'config');
    cwd = process.cwd();
    process.chdir(home);
  });
  afterEach(() => {
    process.chdir(cwd);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(home, { recursive: true, force: true });
  });

  it('uses the keychain when the probe passes, and leaves no probe item behind', async () => {
    const k = fakeKeytar();
    const s = await openSecretStore({ service: 'T', loadKeytar: async () => k });
    expect(s.status()).toEqual({ state: 'ok' });
    expect(s.persistent).toBe(true);
    expect(k.items.size).toBe(0);
    await s.set('zone:a:refresh', 'secret-1');
    expect(k.items.get('T/zone:a:refresh')).toBe('secret-1');
    expect(await s.get('zone:a:refresh')).toBe('secret-1');
    await s.delete('zone:a:refresh');
    expect(k.items.size).toBe(0);
  });

  it('falls back to memory when keytar cannot be loaded', async () => {
    const s = await openSecretStore({
      loadKeytar: async () => {
        throw new Error("Cannot find package 'keytar'");
      },
      platform: 'linux',
    });
    expect(s.persistent).toBe(false);
    expect(s.status().state).toBe('unavailable');
    expect(s.status().reason).toBe('The keychain module is not installed');
    expect(s.status().hint).toMatch(/npm install/);
    await s.set('k', 'v');
    expect(await s.get('k')).toBe('v');
    expect(filesUnder(home)).toEqual([]);
  });

  it('falls back to memory when the probe hangs, writing nothing to disk', async () => {
    const started = Date.now();
    const s = await openSecretStore({
      loadKeytar: async () => fakeKeytar({ hang: true }),
      probeTimeoutMs: 50,
      platform: 'linux',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const st = s.status();
    expect(st.state).toBe('unavailable');
    expect(st.reason).toMatch(/did not answer/);
    expect(st.hint).toMatch(/gnome-keyring or KWallet/);
    expect(st.hint).toMatch(/libsecret/);
    await s.set('zone:a:refresh', 'top-secret-value');
    expect(await s.get('zone:a:refresh')).toBe('top-secret-value');
    expect(filesUnder(home)).toEqual([]);
  });

  it('falls back when the probe rejects, with a readable reason', async () => {
    const s = await openSecretStore({ loadKeytar: async () => fakeKeytar({ fail: true }), platform: 'linux' });
    expect(s.status().reason).toMatch(/No D-Bus session/);
  });

  it('falls back when a locked keyring reads null silently', async () => {
    const k = fakeKeytar();
    k.getPassword = async () => null;
    const s = await openSecretStore({ loadKeytar: async () => k, platform: 'darwin' });
    expect(s.status().state).toBe('unavailable');
    expect(s.status().reason).toMatch(/locked/);
    expect(s.status().hint).toMatch(/Keychain Access/);
  });

  it('uses memory only when asked, without loading keytar', async () => {
    let loaded = false;
    const s = await openSecretStore({
      memoryOnly: true,
      loadKeytar: async () => {
        loaded = true;
        return fakeKeytar();
      },
    });
    expect(loaded).toBe(false);
    expect(s.persistent).toBe(false);
  });

  it('switches to memory when a later call hangs, keeping what it had, and says so once', async () => {
    const mode: { hang?: boolean } = {};
    const k = fakeKeytar(mode);
    const s = await openSecretStore({ loadKeytar: async () => k, callTimeoutMs: 50, platform: 'linux' });
    await s.set('zone:a:refresh', 'r1');
    const seen: KeychainStatus[] = [];
    s.onStatus((st) => seen.push(st));

    mode.hang = true;
    expect(await s.get('zone:a:refresh')).toBe('r1');
    expect(s.persistent).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.state).toBe('unavailable');
    expect(seen[0]?.reason).toMatch(/memory from now on/);

    await s.set('zone:b:refresh', 'r2');
    expect(await s.get('zone:b:refresh')).toBe('r2');
    expect(k.items.has('T/zone:b:refresh')).toBe(false);
    await s.delete('zone:a:refresh');
    expect(await s.get('zone:a:refresh')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(filesUnder(home)).toEqual([]);
  });

  it('switches to memory when a later write fails, and the value is still there', async () => {
    const mode: { fail?: boolean } = {};
    const s = await openSecretStore({ loadKeytar: async () => fakeKeytar(mode) });
    mode.fail = true;
    await s.set('zone:a:refresh', 'r1');
    expect(s.status().state).toBe('unavailable');
    expect(await s.get('zone:a:refresh')).toBe('r1');
  });

  describe("probe: 'when-needed' (the agent's start)", () => {
    /** The keytar calls made, as `op account`. */
    function counted(k: ReturnType<typeof fakeKeytar>) {
      const calls: string[] = [];
      const wrap =
        <A extends unknown[], R>(op: string, f: (...a: A) => Promise<R>) =>
        (...a: A) => {
          calls.push(`${op} ${String(a[1])}`);
          return f(...a);
        };
      k.getPassword = wrap('get', k.getPassword);
      k.setPassword = wrap('set', k.setPassword);
      k.deletePassword = wrap('delete', k.deletePassword);
      return calls;
    }

    it('skips the probe when the first read finds a value', async () => {
      const k = fakeKeytar();
      k.items.set('T/zone:a:credential', 'stored');
      const calls = counted(k);
      const s = await openSecretStore({ service: 'T', loadKeytar: async () => k, probe: 'when-needed' });
      expect(calls).toEqual([]);
      expect(await s.get('zone:a:credential')).toBe('stored');
      await s.set('zone:a:credential', 'renewed');
      expect(calls).toEqual(['get zone:a:credential', 'set zone:a:credential']);
      expect(s.status()).toEqual({ state: 'ok' });
    });

    it('probes once before the first write when nothing was read, and leaves no probe item', async () => {
      const k = fakeKeytar();
      const calls = counted(k);
      const s = await openSecretStore({ service: 'T', loadKeytar: async () => k, probe: 'when-needed' });
      await Promise.all([s.set('zone:a:credential', 'one'), s.set('zone:b:credential', 'two')]);
      expect(calls.filter((c) => c.endsWith('keychain-probe'))).toHaveLength(3);
      expect([...k.items.keys()].sort()).toEqual(['T/zone:a:credential', 'T/zone:b:credential']);
    });

    it('still tells a locked keyring that reads null silently, at the first empty read', async () => {
      const k = fakeKeytar();
      k.getPassword = async () => null;
      const s = await openSecretStore({ loadKeytar: async () => k, probe: 'when-needed', platform: 'darwin' });
      expect(s.status().state).toBe('ok');
      expect(await s.get('zone:a:credential')).toBeNull();
      expect(s.status().state).toBe('unavailable');
      expect(s.status().reason).toMatch(/locked/);
      expect(s.persistent).toBe(false);
    });

    it('proves it when asked, once, if nothing did', async () => {
      const k = fakeKeytar();
      const calls = counted(k);
      const s = await openSecretStore({ service: 'T', loadKeytar: async () => k, probe: 'when-needed' });
      await s.check?.();
      await s.check?.();
      expect(calls.filter((c) => c.endsWith('keychain-probe'))).toHaveLength(3);
      expect(s.status()).toEqual({ state: 'ok' });
      k.getPassword = async () => null;
      const locked = await openSecretStore({ loadKeytar: async () => k, probe: 'when-needed', platform: 'linux' });
      await locked.check?.();
      expect(locked.status().state).toBe('unavailable');
    });
  });

  it('rejects empty keys', async () => {
    const s = await openSecretStore({ loadKeytar: async () => fakeKeytar() });
    await expect(s.set('', 'v')).rejects.toThrow(/non-empty/);
  });
});

describe('keychain module built for another runtime', () => {
  it('says to rebuild it', async () => {
    const s = await openSecretStore({
      loadKeytar: async () => {
        throw new Error('was compiled against a different Node.js version using NODE_MODULE_VERSION 115');
      },
    });
    expect(s.status().reason).toMatch(/different Node\.js or Electron version/);
    expect(s.status().hint).toMatch(/rebuild/);
  });
});
