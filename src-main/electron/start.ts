/**
 * The Electron entry (#39 item 3): Node's compile cache on for the main process, in the app's data
 * folder, before the host's modules load (V8 then reads their compiled code from disk instead of
 * compiling ~1 MB of JavaScript on each start); then the host (main.ts). Awaited at the top level:
 * Electron emits `ready` only once the entry has been evaluated, so main.ts still registers its
 * privileged scheme before it. A Node without the cache (before 22.1) starts as before.
 */
import nodeModule from 'node:module';
import path from 'node:path';
import { app } from 'electron';

const enableCompileCache = (nodeModule as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
try {
  enableCompileCache?.(path.join(app.getPath('userData'), 'compile-cache'));
} catch {
  // No cache (a read-only data folder, say): the host starts, only slower.
}
await import('./main');
