import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Four levels, one runner. Keytar (libsecret) needs forked workers, never threads. The component
// level runs renderer code (stores, the resource layer, components) in happy-dom with Vue's plugin.
export default defineConfig({
  resolve: { alias: { '@contract': resolve(import.meta.dirname, 'src-main/contract') } },
  test: {
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker (cores − 1); much of a test waits on a zone
    // over loopback, so two run the unit, component and integration levels ~1.7–2.4× faster (a
    // third measured slower). Every file has its own sandbox (port 0), data folder and keychain service.
    maxWorkers: 2,
    // Processed by Vite rather than loaded by Node, so a test's vi.mock('electron') reaches its import
    // (the real 'electron' package only names a binary, which is absent here).
    server: { deps: { inline: ['electron-store'] } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        plugins: [vue()],
        test: {
          name: 'component',
          include: ['test/component/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['test/component/support/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles: ['test/e2e/support/on-failure.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at once, as every level (above): each has its own host (port 0), data folder and
          // keychain service, and much of a journey is waiting on a zone, so two cores run the suite
          // ~1.5× faster. Three were slower still (a third Chromium starves the other two).
        },
      },
    ],
  },
});
