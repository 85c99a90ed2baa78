/**
 * Three builds: the Node side (ESM, as package.json is "type": "module": the Electron main process,
 * the browser host and the `zonedeck` command line, so none transpiles TypeScript when it starts),
 * the preload (CommonJS: a sandboxed preload cannot be an ES module) and the renderer (Vue, from
 * src-renderer/).
 */
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;
const at = (p: string) => resolve(root, p);

/** The app's own module: main.ts imports it once the agent's socket is on its way (see there). */
const APP_START = /[\\/]src-renderer[\\/]app-start\.ts$/;

/**
 * index.html preloads the app's chunk and the chunks it imports statically, and links its styles,
 * so the browser fetches them beside the entry rather than once the entry has run (the bundler's
 * runtime helpers, under 1 kB, were asked for only once the app's chunk had arrived: one more
 * round trip, ~50 ms while the host loads its agent, before the app could run). The bench's
 * initial JS (test/bench/bundle.ts) counts them.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'zonedeck:preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.moduleIds.some((id) => APP_START.test(id)),
        );
        if (chunk?.type !== 'chunk') throw new Error('preload-app-chunk: no chunk holds src-renderer/app-start.ts');
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        const entry = ctx.chunk?.fileName;
        const scripts = [...chunk.imports.filter((f) => f !== entry), chunk.fileName];
        return [
          ...scripts.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` },
            injectTo: 'head' as const,
          })),
          ...css.map((f) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `./${f}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  // `--mode probe` (npm run build:probe): the production build with the test and bench hooks of
  // contract/test-probe.ts built in; every other build drops them.
  const probe = mode === 'probe';
  const minify = mode === 'production' || probe;
  const define = { __ZD_PROBE__: JSON.stringify(probe) };
  return {
    main: {
      define,
      build: {
        outDir: at('out/main'),
        minify,
        // keytar is a native module (and only an optional dependency, which electron-vite does not
        // externalize by itself): it must stay in node_modules and be loaded at run time.
        // The pure-JS dependencies are bundled in (issue #28): Node resolves, reads and compiles each
        // file of a package on its own, so zod, ws, undici, yaml and commander from node_modules cost
        // a start ~2× what the same code costs in one file (zod 80 → 35 ms, ws 95 → 20, undici
        // 130 → 70 on this machine). electron-store stays outside: it needs Electron's own module.
        externalizeDeps: { include: ['keytar'], exclude: ['zod', 'ws', 'undici', 'yaml', 'commander'] },
        rolldownOptions: {
          input: {
            // start.ts turns Node's compile cache on, then loads main.ts.
            index: at('src-main/electron/start.ts'),
            web: at('src-main/web/cli.ts'),
            // `zonedeck` (bin/zonedeck.js runs it): built, so a command does not pay for transpiling.
            cli: at('src-main/cli/main.ts'),
          },
        },
      },
    },
    preload: {
      build: {
        outDir: at('out/preload'),
        minify,
        rolldownOptions: {
          input: { index: at('src-main/electron/preload.ts') },
          output: { format: 'cjs', entryFileNames: '[name].cjs' },
        },
      },
    },
    renderer: {
      define,
      root: at('src-renderer'),
      plugins: [vue(), preloadAppChunk()],
      resolve: { alias: { '@contract': at('src-main/contract') } },
      // Monaco is imported lazily (a dynamic import), so it lands in its own chunks; its workers
      // (`monaco-editor/editor/editor.worker?worker`) are ES modules so they may split too.
      worker: { format: 'es' },
      optimizeDeps: { include: ['monaco-editor'] },
      build: {
        outDir: at('out/renderer'),
        emptyOutDir: true,
        minify,
        // Monaco alone is several MB; the first screen never loads it.
        chunkSizeWarningLimit: 5000,
        rolldownOptions: {
          input: { index: at('src-renderer/index.html') },
          // Everything the entry imports statically goes in one chunk (issue #28): left to itself the
          // bundler split it into ~48 files shared with lazy chunks, and the browser paid a request
          // (a cache read, on a later start) and a module record for each before the first screen
          // (page to first screen 551 → 473 ms warm, 665 → 539 cold, on this machine). Lazy chunks
          // import what they share with it from it.
          // The app's chunk likewise (main.ts imports it at once): app-start.ts and all it imports
          // statically, bar what the entry already holds, in one file. So too the two that load as
          // the app starts, the palette (asked for at once) and the zone's home page (the first
          // screen's pane): left to the bundler they were ~18 and ~41 files, and in Chromium here
          // each file costs its page ~1 ms to preload (a link element) and 5-10 ms to fetch; a
          // palette opened as the app started waited 50-70 ms longer for them (#39). What other
          // screens share with them they import from these chunks: loaded by then on a usual start,
          // fetched with that screen after a deep link elsewhere (~80 kB more, once).
          output: {
            codeSplitting: {
              groups: [
                { name: 'boot', tags: ['$initial'], priority: 4 },
                { name: 'app', test: APP_START, priority: 3 },
                { name: 'palette', test: /[\\/]src-renderer[\\/]shell[\\/]CommandPalette\.vue$/, priority: 2 },
                {
                  name: 'home',
                  test: /[\\/]src-renderer[\\/]features[\\/]zone-home[\\/]ZoneHomeView\.vue$/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  };
});
