/**
 * The secret store the person chose: the keychain (memory when none answers), or a 0600 file when
 * they opted in (settings' secretStorage: 'file'). Switching carries what the store holds that can
 * be listed (memory, the file) to the other one, so turning the file on keeps this run's sign-ins
 * and turning it off moves them back before the file is deleted.
 */
import type { KeychainStatus } from '../../contract/commands';
import type { Logger } from '../log';
import { createFileSecretStore, type FileSecretStore } from './file-store';
import type { SecretStore } from './secret-store';

type Listable = SecretStore & { entries?(): [string, string][] };

export class ChosenSecretStore implements SecretStore {
  private listeners = new Set<(s: KeychainStatus) => void>();
  private offStatus: () => void = () => {};

  private constructor(
    private current: Listable,
    private readonly openKeychain: () => Promise<SecretStore>,
    private readonly dataDir: string,
    private readonly log?: Logger,
  ) {
    this.follow();
  }

  static async open(o: {
    file: boolean;
    dataDir: string;
    openKeychain: () => Promise<SecretStore>;
    log?: Logger;
  }): Promise<ChosenSecretStore> {
    const first = o.file ? createFileSecretStore(o.dataDir, o.log) : await o.openKeychain();
    if (o.file) o.log?.warn('sign-ins are stored in a file, as chosen', { file: (first as FileSecretStore).path });
    return new ChosenSecretStore(first, o.openKeychain, o.dataDir, o.log);
  }

  get inFile(): boolean {
    return 'remove' in this.current;
  }

  /** Switches to the file (true) or the keychain (false), carrying what can be carried. */
  async useFile(on: boolean): Promise<void> {
    if (on === this.inFile) return;
    const from = this.current;
    const to: Listable = on ? createFileSecretStore(this.dataDir, this.log) : await this.openKeychain();
    for (const [k, v] of from.entries?.() ?? []) await to.set(k, v);
    if (!on) (from as FileSecretStore).remove();
    this.current = to;
    this.follow();
    this.log?.warn(
      on ? 'sign-ins are stored in a file from now on, as chosen' : 'sign-ins are no longer stored in a file',
    );
    this.tell(to.status());
  }

  private follow(): void {
    this.offStatus();
    this.offStatus = this.current.onStatus((s) => this.tell(s));
  }

  private tell(s: KeychainStatus): void {
    for (const fn of [...this.listeners]) fn(s);
  }

  get persistent(): boolean {
    return this.current.persistent;
  }
  get = (key: string) => this.current.get(key);
  set = (key: string, value: string) => this.current.set(key, value);
  delete = (key: string) => this.current.delete(key);
  status = () => this.current.status();
  onStatus(fn: (s: KeychainStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  check = async () => this.current.check?.();
}
