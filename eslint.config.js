import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

const ELECTRON_PATHS = [
  { name: 'electron', message: "Only src-main/electron/ may import 'electron': the agent runs in plain Node." },
  {
    name: 'electron-store',
    message: "Only src-main/electron/ may import 'electron-store' (it imports 'electron'); the agent uses conf.",
  },
];
const ELECTRON_PATTERNS = [{ group: ['electron/*'], message: "Only src-main/electron/ may import 'electron'." }];

const electronOnlyInHost = {
  'no-restricted-imports': ['error', { paths: ELECTRON_PATHS, patterns: ELECTRON_PATTERNS }],
};

/*
 * Boundaries between the layers. A flat config keeps only the last setting of a rule for a file,
 * so each boundary below repeats the electron ban, and the folders are covered depth by depth:
 * a relative path is only forbidden where it really leads into the forbidden folder.
 */
const MAX_DEPTH = 6;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Import specifiers reaching one of `targets` (root-relative folders or files) from `dir`. */
function relativeInto(dir, targets) {
  const rels = targets.map((t) => escape(posix.relative(dir, t)));
  return `^(\\./)?(${rels.join('|')})(/|\\.[cm]?[jt]s$|$)`;
}

/**
 * Config objects that forbid files under `under` to import `targets` by a relative path, and
 * anything matching `anywhere` (regex sources, e.g. a path naming src-main) — statically or with
 * a dynamic import().
 */
function boundary({ under, targets = [], anywhere = [], message, paths = [] }) {
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
    const dir = under + '/x'.repeat(depth);
    const regexes = [...(targets.length ? [relativeInto(dir, targets)] : []), ...anywhere];
    // esquery regexes cannot hold a '/', even escaped; \x2F is the same character.
    const selector = (re) => `ImportExpression[source.value=/${re.replaceAll('/', '\\x2F')}/]`;
    return {
      files: [`${under}${'/*'.repeat(depth)}/*`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [...ELECTRON_PATHS, ...paths],
            patterns: [...ELECTRON_PATTERNS, ...regexes.map((regex) => ({ regex, message }))],
          },
        ],
        'no-restricted-syntax': ['error', ...regexes.map((re) => ({ selector: selector(re), message }))],
      },
    };
  });
}

const HOSTS_AND_SANDBOX = ['src-main/sandbox', 'src-main/web', 'src-main/electron', 'src-main/launcher'];

/** The renderer sees src-main only as the contract, through the @contract alias. */
const RENDERER_RULE = {
  under: 'src-renderer',
  // Any path naming src-main, however it gets there (relative or through the alias).
  anywhere: ['(^|/)src-main(/|$)', '^@contract/(.*/)?\\.\\.(/|$)'],
  message: 'The renderer may import from src-main only the contract, as @contract/… (issue #10).',
  // Naive's providers load after the first screen (#39): their APIs are reached through one module.
  paths: [
    {
      name: 'naive-ui',
      importNames: ['useDialog', 'useMessage', 'useNotification'],
      message:
        'Take useDialog/useMessage/useNotification from composables/feedback.ts: the providers load after the first screen.',
    },
  ],
};

/** The agent knows only zones: the hosts inject the sandbox runner, and the agent never imports a host. */
const agentBoundary = boundary({
  under: 'src-main/agent',
  targets: HOSTS_AND_SANDBOX,
  anywhere: ['(^|/)src-main/(sandbox|web|electron|launcher)(/|$)'],
  message: 'The agent may not import the sandbox or a host (web, electron, launcher): the host injects what it needs.',
});

const rendererBoundary = boundary(RENDERER_RULE);

/** The data layer draws nothing: toasts reach it through the app's notifier (data/notifier.ts), never a UI import. */
const dataBoundary = boundary({
  ...RENDERER_RULE,
  under: 'src-renderer/data',
  paths: [
    {
      name: 'naive-ui',
      message: 'The data layer imports no UI library: take toasts from injectNotifier() (data/notifier.ts).',
    },
  ],
});

/*
 * The renderer's layer map, from the top down (issue #24). A module may import its own layer and
 * any layer below it, never one above; `lib` (pure helpers, and the shared word helpers of the
 * record shapes) imports nothing of the app. Paths are relative to src-renderer/. Features meet
 * only through a feature's public index.ts, and views.ts for the components it lends (the shell
 * also reads each area.ts manifest), and no
 * view (.vue below the root) imports agent.ts: views call stores. One rule (`zonedeck/layers`, below) reads this
 * table; test/unit/lint/boundaries.test.ts plants imports against it.
 */
export const RENDERER_LAYERS = [
  { layer: 'shell', holds: ['shell', 'App.vue', 'AppRoot.vue', 'main.ts', 'app-start.ts'] },
  { layer: 'features', holds: ['features'] },
  { layer: 'components', holds: ['components', 'composables', 'styles'] },
  { layer: 'state', holds: ['state'] },
  { layer: 'data', holds: ['data'] },
  { layer: 'agent', holds: ['agent.ts'] },
  { layer: 'bridge', holds: ['bridge'] },
  { layer: 'lib', holds: ['lib', 'shapes'] },
];
const LAYER_ORDER = RENDERER_LAYERS.map((l) => l.layer).join(' → ');

/** The layer of a path under src-renderer/ (with or without its extension), or undefined. */
function layerOf(rel) {
  const rank = RENDERER_LAYERS.findIndex(({ holds }) =>
    holds.some((h) => rel === h || rel.startsWith(h + '/') || h.replace(/\.(ts|vue)$/, '') === rel),
  );
  return rank < 0 ? undefined : { ...RENDERER_LAYERS[rank], rank };
}

/** features/<name>/… → name. */
const featureOf = (rel) => /^features\/([^/]+)\//.exec(rel)?.[1];

/**
 * Which features each feature imports, read from the files on disk once per lint run (a rule sees
 * one file at a time; a cycle needs them all): feature → the features it imports.
 */
let featureGraph;
function featureImports(cwd) {
  if (featureGraph) return featureGraph;
  featureGraph = new Map();
  const base = join(cwd, 'src-renderer', 'features');
  let entries;
  try {
    entries = readdirSync(base, { recursive: true, withFileTypes: true });
  } catch {
    return featureGraph;
  }
  for (const e of entries) {
    if (!e.isFile() || !/\.(ts|vue)$/.test(e.name)) continue;
    const file = posix.normalize(
      relative(cwd, join(e.parentPath ?? e.path, e.name))
        .split(sep)
        .join('/'),
    );
    const from = featureOf(file.slice('src-renderer/'.length));
    for (const m of readFileSync(join(cwd, file), 'utf8').matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)) {
      const to = featureOf(posix.normalize(posix.join(posix.dirname(file), m[1])).slice('src-renderer/'.length) + '/');
      if (from && to && to !== from) featureGraph.set(from, (featureGraph.get(from) ?? new Set()).add(to));
    }
  }
  return featureGraph;
}

/** A path of features from `start` that leads back to `goal` through the graph, or undefined. */
function pathBack(graph, start, goal, seen = new Set()) {
  if (start === goal) return [goal];
  if (seen.has(start)) return undefined;
  seen.add(start);
  for (const next of graph.get(start) ?? []) {
    const rest = pathBack(graph, next, goal, seen);
    if (rest) return [start, ...rest];
  }
  return undefined;
}

const layersRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = posix.normalize(relative(context.cwd, context.filename).split(sep).join('/'));
    if (!file.startsWith('src-renderer/')) return {};
    const from = file.slice('src-renderer/'.length);
    const fromLayer = layerOf(from);
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = posix.normalize(posix.join(posix.dirname(file), spec.split('?')[0]));
      if (!target.startsWith('src-renderer/')) return; // src-main: the @contract rule's business
      const to = target.slice('src-renderer/'.length);
      const toLayer = layerOf(to);
      const report = (message) => context.report({ node, message });
      if (!fromLayer || !toLayer) {
        return report(
          `${fromLayer ? to : from} is in no layer of the renderer's map (RENDERER_LAYERS in eslint.config.js).`,
        );
      }
      if (toLayer.rank < fromLayer.rank) {
        return report(
          `${fromLayer.layer} may not import ${toLayer.layer} (${to}): layers import only downwards, ${LAYER_ORDER}.`,
        );
      }
      const [a, b] = [featureOf(from), featureOf(to)];
      if (b && a !== b && !/^features\/[^/]+\/(index|views|area)(\.ts)?$/.test(to)) {
        return report(
          `${to} is inside feature ${b}: import it through features/${b}/index.ts (or views.ts for its components), its public face.`,
        );
      }
      // Features depend one way (issue #37): what two features share moves down, or into a small
      // feature that imports no other.
      const into = featureOf(to + '/'); // `../compare` (its index) too
      const back = a && into && a !== into ? pathBack(featureImports(context.cwd), into, a) : undefined;
      if (back) {
        return report(
          `Features ${a} and ${into} import each other (${[a, ...back].join(' → ')}): move what they share down (components/, data/, shapes/) so features depend one way.`,
        );
      }
      if (b && a !== b && /\/area(\.ts)?$/.test(to) && fromLayer.layer !== 'shell') {
        return report(`Only the shell reads a feature's area.ts; import features/${b}/index.ts.`);
      }
      // The root's App.vue and AppRoot.vue hold the connection itself; every view below them calls stores.
      if (from.includes('/') && from.endsWith('.vue') && toLayer.layer === 'agent') {
        report('Views call stores; only stores import src-renderer/agent.ts.');
      }
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'vue/multi-word-component-names': 'off',
      // Template layout: Prettier owns indentation, line breaks and attributes per line (as the Vue
      // style guide advises with a formatter); these layout rules agree with its output, so they are on.
      'vue/html-self-closing': ['error', { html: { void: 'always', normal: 'always', component: 'always' } }],
      'vue/first-attribute-linebreak': 'error',
      'vue/html-closing-bracket-spacing': 'error',
      'vue/mustache-interpolation-spacing': 'error',
      'vue/no-multi-spaces': 'error',
      'vue/no-spaces-around-equal-signs-in-attribute': 'error',
      'vue/html-quotes': 'error',
      'vue/attribute-hyphenation': 'error',
      'vue/v-on-event-hyphenation': ['error', 'always', { autofix: true }],
      // Vue 3.4's same-name shorthand (`:zone` for `:zone="zone"`): a binding says only what differs.
      'vue/v-bind-style': ['error', 'shorthand', { sameNameShorthand: 'always' }],
      // These fight Prettier's layout (it decides where a tag breaks): off, with Prettier checked in lint.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      ...electronOnlyInHost,
    },
  },
  { files: ['src-main/electron/**'], rules: { 'no-restricted-imports': 'off' } },
  // Component tests define small harness components (a pane, a screen) beside the test that mounts them.
  { files: ['test/component/**'], rules: { 'vue/one-component-per-file': 'off' } },
  ...agentBoundary,
  ...rendererBoundary,
  ...dataBoundary,
  {
    // Type-aware, in the renderer only (where the UI drops promises into handlers): a promise that
    // nobody awaits, returns or catches, and one passed where a plain function or value is expected.
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.vue'],
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    plugins: { zonedeck: { rules: { layers: layersRule } } },
    rules: { 'zonedeck/layers': 'error' },
  },
  {
    // Small files named for what they hold (issue #37): 300 lines of code at most, kept by lint.
    files: ['src-main/**/*.{ts,vue}', 'src-renderer/**/*.{ts,vue}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The renderer reaches the agent only through src-renderer/agent.ts.
    files: ['src-renderer/**'],
    ignores: ['src-renderer/agent.ts', 'src-renderer/bridge/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'zonedeck', message: 'Use src-renderer/agent.ts.' }],
    },
  },
);
