/** Secrets kept in memory for this run only: used when no keychain answers, or when asked. */
import type { KeychainStatus } from '../../contract/commands';
import type { SecretStore } from './secret-store';
import type { Logger } from '../log';

const MEMORY_STATUS: KeychainStatus = {
  state: 'unavailable',
  reason: 'Secrets are kept in memory for this run only',
  hint: 'Sign-ins last until Zonedeck closes.',
};

/** A status broadcaster shared by the memory and keychain stores. */
export class StatusHub {
  private listeners = new Set<(s: KeychainStatus) => void>();
  constructor(
    private current: KeychainStatus,
    private readonly log?: Logger,
  ) {}
  get(): KeychainStatus {
    return { ...this.current };
  }
  set(next: KeychainStatus): void {
    this.current = { ...next };
    for (const fn of [...this.listeners]) {
      try {
        fn(this.get());
      } catch (err) {
        // A faulty listener must not stop the others or the store.
        this.log?.warn('a keychain status listener failed', { err });
      }
    }
  }
  on(fn: (s: KeychainStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

export function createMemorySecretStore(
  reason: KeychainStatus = MEMORY_STATUS,
  log?: Logger,
): SecretStore & { entries(): [string, string][] } {
  const values = new Map<string, string>();
  const hub = new StatusHub(reason, log);
  return {
    get: async (key) => values.get(key) ?? null,
    set: async (key, value) => {
      values.set(key, value);
    },
    delete: async (key) => {
      values.delete(key);
    },
    status: () => hub.get(),
    onStatus: (fn) => hub.on(fn),
    persistent: false,
    // What this run holds, to carry into a file when the person chooses one (chosen-store.ts).
    entries: () => [...values],
  };
}
