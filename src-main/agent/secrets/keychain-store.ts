/**
 * A SecretStore over the OS keychain that degrades to memory. Every call has a timeout; the
 * first call that fails or hangs switches the store to memory for the rest of the run and
 * announces it. Values read or written this run are mirrored in memory so the switch loses
 * nothing the app already had.
 */
import type { KeychainStatus } from '../../contract/commands';
import { describeKeychainError, unavailable } from './hints';
import { StatusHub } from './memory-store';
import type { KeytarLike, SecretStore } from './secret-store';
import { withTimeout } from './with-timeout';
import type { Logger } from '../log';

export interface KeychainStoreOptions {
  keytar: KeytarLike;
  service: string;
  callTimeoutMs: number;
  platform?: NodeJS.Platform;
  /** Called once when the store falls back to memory (e.g. for a log line). */
  onFallback?: (err: unknown) => void;
  log?: Logger;
  /**
   * The start-up probe, when it was not run before the store was made (openSecretStore's
   * `probe: 'when-needed'`): run once, before the first write and after a read that came back
   * empty, unless a read that found a value proved the keychain works already.
   */
  verify?: () => Promise<void>;
}

export class KeychainSecretStore implements SecretStore {
  private readonly mirror = new Map<string, string>();
  private readonly hub: StatusHub;
  private usingKeychain = true;
  /** Undefined: nothing to prove (probed before), or proved by a value read back. */
  private proving: Promise<void> | undefined;
  private proven: boolean;

  constructor(private readonly opts: KeychainStoreOptions) {
    this.hub = new StatusHub({ state: 'ok' }, opts.log);
    this.proven = !opts.verify;
  }

  check(): Promise<void> {
    return this.proved();
  }

  /** Runs the probe once if nothing proved the keychain yet; a failure switches to memory. */
  private async proved(): Promise<void> {
    if (this.proven || !this.opts.verify) return;
    this.proving ??= this.opts.verify().then(
      () => void (this.proven = true),
      (err: unknown) => this.fallBack(err),
    );
    await this.proving;
  }

  get persistent(): boolean {
    return this.usingKeychain;
  }

  status(): KeychainStatus {
    return this.hub.get();
  }

  /** What this run read or wrote, to carry into a file when the person chooses one (chosen-store.ts). */
  entries(): [string, string][] {
    return [...this.mirror];
  }

  onStatus(fn: (s: KeychainStatus) => void): () => void {
    return this.hub.on(fn);
  }

  async get(key: string): Promise<string | null> {
    assertKey(key);
    if (this.usingKeychain) {
      try {
        const v = await this.call('read', (k) => k.getPassword(this.opts.service, key));
        if (v !== null) {
          this.mirror.set(key, v);
          this.proven = true;
        } else {
          // Empty: absent, or a locked keyring that reads null silently. The probe tells which.
          await this.proved();
        }
        // A null read on a possibly locked keyring is no proof; a value we hold is better.
        return v ?? this.mirror.get(key) ?? null;
      } catch (err) {
        this.fallBack(err);
      }
    }
    return this.mirror.get(key) ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    assertKey(key);
    this.mirror.set(key, value);
    await this.proved();
    if (!this.usingKeychain) return;
    try {
      await this.call('write', (k) => k.setPassword(this.opts.service, key, value));
    } catch (err) {
      this.fallBack(err);
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    this.mirror.delete(key);
    if (!this.usingKeychain) return;
    try {
      await this.call('delete', (k) => k.deletePassword(this.opts.service, key));
    } catch (err) {
      // The item may stay in the keychain; we can no longer reach it, and say so in the status.
      this.fallBack(err);
    }
  }

  private call<T>(what: string, fn: (k: KeytarLike) => Promise<T>): Promise<T> {
    let work: Promise<T>;
    try {
      work = fn(this.opts.keytar);
    } catch (err) {
      work = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return withTimeout(work, this.opts.callTimeoutMs, `The keychain (${what})`);
  }

  private fallBack(err: unknown): void {
    if (!this.usingKeychain) return;
    this.usingKeychain = false;
    this.opts.onFallback?.(err);
    const why = describeKeychainError(err);
    this.hub.set(unavailable(`${why}; secrets are kept in memory from now on`, this.opts.platform));
  }
}

function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
    throw new TypeError('A secret key must be a non-empty string of at most 200 characters');
  }
}
