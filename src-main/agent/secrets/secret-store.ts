/**
 * The secret store: where refresh tokens, API client secrets and the remembered-browser cookie
 * live. Backed by the OS keychain when one answers, otherwise by memory for this run only —
 * never by a plaintext file. openSecretStore loads keytar (an optional dependency), proves the
 * keychain works with a write/read/delete of a test item under a timeout, and otherwise falls
 * back to memory with a status that says why and what to do.
 */
import { randomBytes } from 'node:crypto';
import type { KeychainStatus } from '../../contract/commands';
import { describeKeychainError, moduleMissingStatus, unavailable } from './hints';
import { KeychainSecretStore } from './keychain-store';
import { createMemorySecretStore } from './memory-store';
import { withTimeout } from './with-timeout';
import { type Logger, silentLogger } from '../log';

export { createMemorySecretStore } from './memory-store';

export interface SecretStore {
  /** null means "not found here"; on a keychain that may be locked it is not proof of absence. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  status(): KeychainStatus;
  /** Called on every status change (e.g. the keychain stopped answering); returns unsubscribe. */
  onStatus(fn: (s: KeychainStatus) => void): () => void;
  /** True while secrets survive a restart (they are in the OS keychain). */
  readonly persistent: boolean;
  /** Proves the keychain now if nothing has yet (`probe: 'when-needed'`); a failure shows in the status. */
  check?(): Promise<void>;
  /** Keeps sign-ins in a 0600 file (true) or the keychain (false), as the person chose (chosen-store.ts). */
  useFile?(on: boolean): Promise<void>;
}

/** The part of keytar we use. findCredentials is left out on purpose: it can crash on a locked keyring. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface OpenSecretStoreOptions {
  /** Keychain service name; tests pass their own so they never touch a person's entries. */
  service?: string;
  /** Budget for the whole start-up probe (write, read back, delete). */
  probeTimeoutMs?: number;
  /** Budget for each later keychain call. */
  callTimeoutMs?: number;
  /** Skip the keychain entirely (tests, --memory-secrets). */
  memoryOnly?: boolean;
  /**
   * 'at-open' (default): prove the keychain with a write, read-back and delete before the store is
   * returned. 'when-needed': only before the first write, or when a read comes back empty — a
   * read that finds a value proves it too, so a start that restores a session skips two keyring
   * writes (the agent's start, issue #28). Either way a keychain that fails switches to memory.
   */
  probe?: 'at-open' | 'when-needed';
  /** Injected in tests; by default a dynamic import of keytar. */
  loadKeytar?: () => Promise<KeytarLike>;
  platform?: NodeJS.Platform;
  log?: Logger;
}

const PROBE_ACCOUNT = 'zonedeck:keychain-probe';

/**
 * keytar is optional: a machine without a keychain toolchain installs without it. The name sits
 * in a variable so neither the typecheck nor the bundler needs the package; KeytarLike types it.
 */
const KEYTAR_MODULE: string = 'keytar';

export async function loadKeytarModule(): Promise<KeytarLike> {
  // keytar is CommonJS: its functions arrive on the default export (and sometimes as named ones).
  const mod = (await import(/* @vite-ignore */ KEYTAR_MODULE)) as Partial<KeytarLike> & {
    default?: Partial<KeytarLike>;
  };
  const k = mod.default ?? mod;
  if (
    typeof k.getPassword !== 'function' ||
    typeof k.setPassword !== 'function' ||
    typeof k.deletePassword !== 'function'
  ) {
    throw new Error('keytar loaded without its functions');
  }
  return k as KeytarLike;
}

/** Write, read back, delete. A keyring with no unlocked collection reads null silently: caught here. */
export async function probeKeychain(keytar: KeytarLike, service: string, timeoutMs: number): Promise<void> {
  const token = randomBytes(12).toString('hex');
  const run = async (): Promise<void> => {
    await keytar.setPassword(service, PROBE_ACCOUNT, token);
    const back = await keytar.getPassword(service, PROBE_ACCOUNT);
    await keytar.deletePassword(service, PROBE_ACCOUNT);
    if (back !== token) throw new Error('the keychain did not return the test item it was given (it may be locked)');
  };
  await withTimeout(run(), timeoutMs, 'The keychain');
}

export async function openSecretStore(opts: OpenSecretStoreOptions = {}): Promise<SecretStore> {
  const {
    service = 'Zonedeck',
    probeTimeoutMs = 3000,
    callTimeoutMs = 5000,
    platform = process.platform,
    log = silentLogger,
  } = opts;
  if (opts.memoryOnly) {
    log.info('secrets kept in memory only, as asked');
    return createMemorySecretStore(
      {
        state: 'unavailable',
        reason: 'Zonedeck was started with secrets in memory only',
        hint: 'Sign-ins last until Zonedeck closes. Start it without --memory-secrets to use the keychain.',
      },
      log,
    );
  }

  let keytar: KeytarLike;
  try {
    keytar = await (opts.loadKeytar ?? loadKeytarModule)();
  } catch (err) {
    log.warn('keychain module missing; secrets kept in memory for this run', { err });
    return createMemorySecretStore(moduleMissingStatus(err, platform), log);
  }

  const keychain = (fallback: string, verify?: () => Promise<void>): KeychainSecretStore =>
    new KeychainSecretStore({
      keytar,
      service,
      callTimeoutMs,
      platform,
      log,
      onFallback: (err) => log.warn(`${fallback}; secrets kept in memory from now on`, { err }),
      verify,
    });
  if (opts.probe === 'when-needed') {
    log.info('keychain in use (checked when first needed)');
    return keychain('keychain did not pass its check', () => probeKeychain(keytar, service, probeTimeoutMs));
  }
  try {
    await probeKeychain(keytar, service, probeTimeoutMs);
  } catch (err) {
    log.warn('keychain did not pass the start-up probe; secrets kept in memory for this run', { err });
    const status: KeychainStatus = unavailable(describeKeychainError(err), platform);
    return createMemorySecretStore(status, log);
  }
  log.info('keychain in use');
  return keychain('keychain stopped answering');
}
