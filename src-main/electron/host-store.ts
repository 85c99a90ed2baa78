/**
 * The Electron host's own small settings files (window state, desktop settings) through
 * electron-store, as the design card names it: conf with Electron's paths, written atomically.
 *
 * electron-store's first store registers one IPC listener, 'electron-store-get-data', answering the
 * userData path and the app version to a renderer-side store. Only a preload could send on it
 * (pages have no ipcRenderer: contextIsolation and the sandbox), and ours never does; still, it
 * would be the one message that skips ipc.ts's sender check, and no renderer-side store exists, so
 * it is removed as soon as a store is made (test/unit/electron/window.test.ts).
 *
 * Only src-main/electron/ may import 'electron' or electron-store (eslint.config.js).
 */
import { ipcMain } from 'electron';
import Store from 'electron-store';

/** electron-store's channel for renderer-side stores, which this app does not have. */
const STORE_DATA_CHANNEL = 'electron-store-get-data';

export interface HostStoreOptions {
  /** The file's name without '.json'. */
  name: string;
  /** Its folder; Electron's userData when absent. */
  cwd?: string;
}

/**
 * A 0600 store that never throws on a file that is not JSON: it reads as empty (callers keep
 * what they can field by field) and is replaced on the next write.
 */
export function hostStore<T extends Record<string, unknown>>(options: HostStoreOptions): Store<T> {
  const store = new Store<T>({
    name: options.name,
    cwd: options.cwd,
    watch: false,
    configFileMode: 0o600,
    clearInvalidConfig: true,
  });
  ipcMain.removeAllListeners(STORE_DATA_CHANNEL);
  return store;
}
