import { posix } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

const ELECTRON_PATHS = [
  { name: 'electron', message: "Only src-main/electron/ may import 'electron': the agent runs in plain Node." },
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
function boundary({ under, targets = [], anywhere = [], message }) {
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
          { paths: ELECTRON_PATHS, patterns: [...ELECTRON_PATTERNS, ...regexes.map((regex) => ({ regex, message }))] },
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
};

/** The agent knows only zones: the hosts inject the sandbox runner, and the agent never imports a host. */
const agentBoundary = boundary({
  under: 'src-main/agent',
  targets: HOSTS_AND_SANDBOX,
  anywhere: ['(^|/)src-main/(sandbox|web|electron|launcher)(/|$)'],
  message: 'The agent may not import the sandbox or a host (web, electron, launcher): the host injects what it needs.',
});

const rendererBoundary = boundary(RENDERER_RULE);

/**
 * Views reach the agent through stores only. Turned on once views use stores (issue #10): until
 * then it is exported for the boundary test, which proves it bites, and left out of the config.
 * It repeats the renderer rule because only the last setting of a rule counts.
 */
export const viewsThroughStores = boundary({
  under: 'src-renderer/views',
  targets: ['src-renderer/agent'],
  anywhere: RENDERER_RULE.anywhere,
  message: 'Views call stores; only stores import src-renderer/agent.ts (and src-main only as @contract/…).',
});

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
  ...viewsThroughStores,
  {
    // The renderer reaches the agent only through src-renderer/agent.ts.
    files: ['src-renderer/**'],
    ignores: ['src-renderer/agent.ts', 'src-renderer/bridge/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'zonedeck', message: 'Use src-renderer/agent.ts.' }],
    },
  },
);
