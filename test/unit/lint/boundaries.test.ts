/**
 * The layer boundaries are lint rules; these plant forbidden imports and prove each rule bites
 * (and that the allowed ways stay allowed), so a config edit cannot quietly turn one off.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the config is plain JavaScript without declarations.
import { RENDERER_LAYERS } from '../../../eslint.config.js';

/**
 * The repo config, without the type-aware part: a planted file is in no tsconfig, so typed parsing
 * would stop at a parsing error before any boundary rule ran.
 */
const repoConfig = new ESLint({
  overrideConfigFile: 'eslint.config.js',
  overrideConfig: {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: { parserOptions: { project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax', 'zonedeck/layers']);

async function boundaryErrors(code: string, filePath: string, eslint = repoConfig): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

const imports = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;
const dynamic = (spec: string) => `export const y = import('${spec}');\n`;
const vue = (spec: string) =>
  `<script setup lang="ts">\nimport { x } from '${spec}';\nconsole.log(x);\n</script>\n<template><div /></template>\n`;

describe('the renderer imports src-main only as @contract', () => {
  const RENDERER = /only the contract, as @contract/;
  it.each([
    ['src-renderer/features/x/Planted.ts', '../../../src-main/agent/agent'],
    ['src-renderer/features/x/Planted.ts', '../../../src-main/web/server'],
    ['src-renderer/state/Planted.ts', '../../src-main/electron/ipc'],
    ['src-renderer/lib/Planted.ts', '../../src-main/sandbox/server'],
    ['src-renderer/Planted.ts', '../src-main/launcher/start'],
    ['src-renderer/lib/Planted.ts', '../../src-main/contract/errors'],
    ['src-renderer/lib/Planted.ts', '@contract/../agent/agent'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await boundaryErrors(imports(spec), file)).toEqual([expect.stringMatching(RENDERER)]);
  });

  it('also in a .vue file and through a dynamic import()', async () => {
    expect(await boundaryErrors(vue('../../../src-main/agent/agent'), 'src-renderer/features/x/Planted.vue')).toEqual([
      expect.stringMatching(RENDERER),
    ]);
    expect(await boundaryErrors(dynamic('../../src-main/sandbox/server'), 'src-renderer/lib/Planted.ts')).toEqual([
      expect.stringMatching(RENDERER),
    ]);
  });

  it('allows @contract/… and the renderer’s own modules', async () => {
    expect(await boundaryErrors(imports('@contract/errors'), 'src-renderer/features/x/Planted.ts')).toEqual([]);
    expect(await boundaryErrors(imports('../../state/zones'), 'src-renderer/features/x/Planted.ts')).toEqual([]);
  });
});

describe('the agent does not import the sandbox or a host', () => {
  const AGENT = /The agent may not import the sandbox or a host/;
  it.each([
    ['src-main/agent/Planted.ts', '../sandbox/server'],
    ['src-main/agent/commands/Planted.ts', '../../sandbox/runner'],
    ['src-main/agent/commands/infra/Planted.ts', '../../../web/server'],
    ['src-main/agent/zones/Planted.ts', '../../electron/ipc'],
    ['src-main/agent/Planted.ts', '../launcher/start'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await boundaryErrors(imports(spec), file)).toEqual([expect.stringMatching(AGENT)]);
  });

  it('also through a dynamic import(), as the old in-agent sandbox runner did', async () => {
    expect(await boundaryErrors(dynamic('../sandbox/server'), 'src-main/agent/Planted.ts')).toEqual([
      expect.stringMatching(AGENT),
    ]);
  });

  it('allows the agent’s own folders that share a name (commands/sandbox.ts) and the contract', async () => {
    expect(await boundaryErrors(imports('./sandbox'), 'src-main/agent/commands/Planted.ts')).toEqual([]);
    expect(await boundaryErrors(imports('../../contract/errors'), 'src-main/agent/commands/Planted.ts')).toEqual([]);
  });

  it('leaves the hosts free to import the sandbox runner', async () => {
    expect(await boundaryErrors(imports('../sandbox/runner'), 'src-main/web/Planted.ts')).toEqual([]);
  });
});

describe("only src-main/electron imports 'electron'", () => {
  const ELECTRON = /Only src-main\/electron\/ may import 'electron'/;
  it.each([
    'src-main/agent/Planted.ts',
    'src-main/web/Planted.ts',
    'src-main/sandbox/Planted.ts',
    'src-renderer/features/x/Planted.ts',
  ])('%s may not', async (file) => {
    expect(await boundaryErrors(imports('electron'), file)).toEqual([expect.stringMatching(ELECTRON)]);
  });
  it('src-main/electron may', async () => {
    expect(await boundaryErrors(imports('electron'), 'src-main/electron/Planted.ts')).toEqual([]);
  });
  it.each(['src-main/agent/Planted.ts', 'src-main/web/Planted.ts', 'src-renderer/state/Planted.ts'])(
    '%s may not import electron-store; src-main/electron may',
    async (file) => {
      const STORE = /Only src-main\/electron\/ may import 'electron-store'/;
      expect(await boundaryErrors(imports('electron-store'), file)).toEqual([expect.stringMatching(STORE)]);
      expect(await boundaryErrors(imports('electron-store'), 'src-main/electron/Planted.ts')).toEqual([]);
    },
  );
});

describe('the renderer’s layer map (RENDERER_LAYERS in eslint.config.js)', () => {
  const UPWARD = /may not import .*: layers import only downwards/;

  it('is one table, from the shell down to lib', () => {
    expect((RENDERER_LAYERS as { layer: string }[]).map((l) => l.layer)).toEqual([
      'shell',
      'features',
      'components',
      'state',
      'data',
      'agent',
      'bridge',
      'lib',
    ]);
  });

  it.each([
    ['src-renderer/lib/Planted.ts', '../state/zones'],
    ['src-renderer/lib/Planted.ts', '../features/compute'],
    ['src-renderer/shapes/Planted.ts', '../components/state-tag'],
    ['src-renderer/bridge/Planted.ts', '../agent'],
    ['src-renderer/data/Planted.ts', '../state/zones'],
    ['src-renderer/data/Planted.ts', '../composables/use-pane'],
    ['src-renderer/state/Planted.ts', '../features/compute'],
    ['src-renderer/state/Planted.ts', '../shell/areas'],
    ['src-renderer/components/Planted.ts', '../features/identity'],
    ['src-renderer/composables/Planted.ts', '../shell/areas'],
    ['src-renderer/features/compute/Planted.ts', '../../shell/areas'],
    ['src-renderer/features/workflows/production/deep/Planted.ts', '../../../../shell/palette-index'],
  ])('plants an upward import: %s importing %s fails', async (file, spec) => {
    expect(await boundaryErrors(imports(spec), file)).toEqual([expect.stringMatching(UPWARD)]);
  });

  it('also in a .vue file, through a dynamic import() and through export … from', async () => {
    expect(await boundaryErrors(vue('../../shell/areas'), 'src-renderer/features/x/Planted.vue')).toEqual([
      expect.stringMatching(UPWARD),
    ]);
    expect(await boundaryErrors(dynamic('../state/zones'), 'src-renderer/lib/Planted.ts')).toEqual([
      expect.stringMatching(UPWARD),
    ]);
    expect(await boundaryErrors("export { x } from '../state/zones';\n", 'src-renderer/lib/Planted.ts')).toEqual([
      expect.stringMatching(UPWARD),
    ]);
  });

  it('lets every layer import its own and any lower one', async () => {
    for (const [file, spec] of [
      ['src-renderer/shell/Planted.ts', '../features/compute'],
      ['src-renderer/shell/Planted.ts', '../features/compute/area'],
      ['src-renderer/features/compute/Planted.ts', '../../components/state-tag'],
      ['src-renderer/features/compute/Planted.ts', '../../composables/use-pane'],
      ['src-renderer/features/compute/Planted.ts', '../../state/zones'],
      ['src-renderer/features/compute/Planted.ts', '../../data'],
      ['src-renderer/features/compute/Planted.ts', '../../agent'],
      ['src-renderer/features/compute/Planted.ts', './compute-kinds'],
      ['src-renderer/components/Planted.ts', '../composables/use-dark'],
      ['src-renderer/state/Planted.ts', '../data'],
      ['src-renderer/data/Planted.ts', '../agent'],
      ['src-renderer/agent.ts', './bridge/web-bridge'],
      ['src-renderer/bridge/Planted.ts', '../lib/errors'],
      ['src-renderer/lib/Planted.ts', './time'],
    ]) {
      expect(await boundaryErrors(imports(spec!), file!), `${file} -> ${spec}`).toEqual([]);
    }
  });

  it('features meet only through a feature’s public index.ts', async () => {
    const PUBLIC = /is inside feature compute: import it through features\/compute\/index\.ts \(or views\.ts/;
    expect(await boundaryErrors(imports('../compute/compute'), 'src-renderer/features/all-zones/Planted.ts')).toEqual([
      expect.stringMatching(PUBLIC),
    ]);
    expect(await boundaryErrors(imports('../../features/compute/compute'), 'src-renderer/shell/x/Planted.ts')).toEqual([
      expect.stringMatching(PUBLIC),
    ]);
    expect(await boundaryErrors(imports('../compute/area'), 'src-renderer/features/all-zones/Planted.ts')).toEqual([
      expect.stringMatching(/Only the shell reads a feature's area\.ts/),
    ]);
    expect(await boundaryErrors(imports('../compute'), 'src-renderer/features/all-zones/Planted.ts')).toEqual([]);
    expect(await boundaryErrors(imports('../compute/index'), 'src-renderer/features/all-zones/Planted.ts')).toEqual([]);
    expect(await boundaryErrors(vue('../compute/views'), 'src-renderer/features/all-zones/Planted.vue')).toEqual([]);
  });

  it('views call stores: no view imports agent.ts (a store may; so may the root component)', async () => {
    const VIEW = /Views call stores; only stores import src-renderer\/agent\.ts/;
    for (const [file, spec] of [
      ['src-renderer/features/x/Planted.vue', '../../agent'],
      ['src-renderer/features/limits/deep/Planted.vue', '../../../agent'],
      ['src-renderer/shell/Planted.vue', '../agent.ts'],
    ]) {
      expect(await boundaryErrors(vue(spec!), file!)).toEqual([expect.stringMatching(VIEW)]);
    }
    expect(await boundaryErrors(imports('../../agent'), 'src-renderer/features/x/Planted.ts')).toEqual([]);
    expect(await boundaryErrors(vue('./agent'), 'src-renderer/AppRoot.vue')).toEqual([]);
  });

  it('features depend one way: an import that closes a circle between features is refused', async () => {
    const CYCLE = /Features workflows and compare import each other \(workflows → compare → workflows\)/;
    // compare reads workflows (compare-sources.ts): workflows may not read compare back.
    expect(await boundaryErrors(imports('../compare'), 'src-renderer/features/workflows/Planted.ts')).toEqual([
      expect.stringMatching(CYCLE),
    ]);
    // A longer circle: all-zones reads compute; compute reading all-zones closes it.
    expect(await boundaryErrors(imports('../all-zones'), 'src-renderer/features/compute/Planted.ts')).toEqual([
      expect.stringMatching(/Features compute and all-zones import each other/),
    ]);
    // One way is fine.
    expect(await boundaryErrors(imports('../workflows'), 'src-renderer/features/compare/Planted.ts')).toEqual([]);
  });

  it('a module outside the map is named, so a new folder has to take its place in the table', async () => {
    expect(await boundaryErrors(imports('../lib/time'), 'src-renderer/widgets/Planted.ts')).toEqual([
      expect.stringMatching(/widgets\/Planted\.ts is in no layer/),
    ]);
  });
});

describe('the data layer imports no UI library', () => {
  const UI = /The data layer imports no UI library/;
  it.each(['src-renderer/data/Planted.ts', 'src-renderer/data/deep/Planted.ts'])(
    "%s may not import 'naive-ui'",
    async (file) => {
      expect(await boundaryErrors(imports('naive-ui'), file)).toEqual([expect.stringMatching(UI)]);
    },
  );

  it('keeps the renderer’s other bans there, and leaves naive-ui to the layers that draw', async () => {
    expect(await boundaryErrors(imports('../../src-main/agent/agent'), 'src-renderer/data/Planted.ts')).toEqual([
      expect.stringMatching(/only the contract, as @contract/),
    ]);
    expect(await boundaryErrors(imports('electron'), 'src-renderer/data/Planted.ts')).toEqual([
      expect.stringMatching(/Only src-main\/electron\/ may import 'electron'/),
    ]);
    expect(await boundaryErrors(imports('./notifier'), 'src-renderer/data/Planted.ts')).toEqual([]);
    for (const file of ['src-renderer/components/Planted.ts', 'src-renderer/shell/Planted.ts']) {
      expect(await boundaryErrors(imports('naive-ui'), file), file).toEqual([]);
    }
  });
});
