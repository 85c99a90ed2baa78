/**
 * The layer boundaries are lint rules; these plant forbidden imports and prove each rule bites
 * (and that the allowed ways stay allowed), so a config edit cannot quietly turn one off.
 */
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the config is plain JavaScript without declarations.
import { viewsThroughStores } from '../../../eslint.config.js';

const repoConfig = new ESLint({ overrideConfigFile: 'eslint.config.js' });
/** The view→agent rule applied again on top of the repo config (as a config that lacked it would get it). */
const withViewRule = new ESLint({
  overrideConfigFile: 'eslint.config.js',
  overrideConfig: viewsThroughStores as Linter.Config[],
});

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

async function boundaryErrors(code: string, filePath: string, eslint = repoConfig): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

const imports = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;
const dynamic = (spec: string) => `export const y = import('${spec}');\n`;
const vue = (spec: string) =>
  `<script setup lang="ts">\nimport { x } from '${spec}';\nconsole.log(x);\n</script>\n<template><div /></template>\n`;

describe('the renderer imports src-main only as @contract', () => {
  // Under views/ the view rule (whose message names both limits) replaces the renderer rule.
  const RENDERER = /only the contract, as @contract|src-main only as @contract/;
  it.each([
    ['src-renderer/views/x/Planted.ts', '../../../src-main/agent/agent'],
    ['src-renderer/views/x/Planted.ts', '../../../src-main/web/server'],
    ['src-renderer/stores/Planted.ts', '../../src-main/electron/ipc'],
    ['src-renderer/lib/Planted.ts', '../../src-main/sandbox/server'],
    ['src-renderer/Planted.ts', '../src-main/launcher/start'],
    ['src-renderer/lib/Planted.ts', '../../src-main/contract/errors'],
    ['src-renderer/lib/Planted.ts', '@contract/../agent/agent'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await boundaryErrors(imports(spec), file)).toEqual([expect.stringMatching(RENDERER)]);
  });

  it('also in a .vue file and through a dynamic import()', async () => {
    expect(await boundaryErrors(vue('../../../src-main/agent/agent'), 'src-renderer/views/x/Planted.vue')).toEqual([
      expect.stringMatching(RENDERER),
    ]);
    expect(await boundaryErrors(dynamic('../../src-main/sandbox/server'), 'src-renderer/lib/Planted.ts')).toEqual([
      expect.stringMatching(RENDERER),
    ]);
  });

  it('allows @contract/… and the renderer’s own modules', async () => {
    expect(await boundaryErrors(imports('@contract/errors'), 'src-renderer/views/x/Planted.ts')).toEqual([]);
    expect(await boundaryErrors(imports('../../stores/zones'), 'src-renderer/views/x/Planted.ts')).toEqual([]);
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
    'src-renderer/views/x/Planted.ts',
  ])('%s may not', async (file) => {
    expect(await boundaryErrors(imports('electron'), file)).toEqual([expect.stringMatching(ELECTRON)]);
  });
  it('src-main/electron may', async () => {
    expect(await boundaryErrors(imports('electron'), 'src-main/electron/Planted.ts')).toEqual([]);
  });
  it.each(['src-main/agent/Planted.ts', 'src-main/web/Planted.ts', 'src-renderer/stores/Planted.ts'])(
    '%s may not import electron-store; src-main/electron may',
    async (file) => {
      const STORE = /Only src-main\/electron\/ may import 'electron-store'/;
      expect(await boundaryErrors(imports('electron-store'), file)).toEqual([expect.stringMatching(STORE)]);
      expect(await boundaryErrors(imports('electron-store'), 'src-main/electron/Planted.ts')).toEqual([]);
    },
  );
});

describe('views reach the agent through stores', () => {
  const VIEW = /Views call stores; only stores import src-renderer\/agent\.ts/;
  it.each([
    ['src-renderer/views/x/Planted.vue', '../../agent'],
    ['src-renderer/views/infra/limits/Planted.vue', '../../../agent'],
    ['src-renderer/views/Planted.vue', '../agent.ts'],
  ])('bites when on: %s importing %s', async (file, spec) => {
    expect(await boundaryErrors(vue(spec), file, withViewRule)).toEqual([expect.stringMatching(VIEW)]);
  });

  it('keeps the renderer and electron bans while on, and lets stores import the agent', async () => {
    expect(
      await boundaryErrors(vue('../../../src-main/agent/agent'), 'src-renderer/views/x/Planted.vue', withViewRule),
    ).toEqual([expect.stringMatching(/@contract/)]);
    expect(await boundaryErrors(vue('electron'), 'src-renderer/views/x/Planted.vue', withViewRule)).toEqual([
      expect.stringMatching(/'electron'/),
    ]);
    expect(await boundaryErrors(imports('../agent'), 'src-renderer/stores/Planted.ts', withViewRule)).toEqual([]);
  });

  it('is on in the repo config', async () => {
    expect(await boundaryErrors(vue('../../agent'), 'src-renderer/views/x/Planted.vue')).toEqual([
      expect.stringMatching(VIEW),
    ]);
  });
});
