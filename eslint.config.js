import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

const electronOnlyInHost = {
  'no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'electron', message: "Only src-main/electron/ may import 'electron': the agent runs in plain Node." }],
      patterns: [{ group: ['electron/*'], message: "Only src-main/electron/ may import 'electron'." }],
    },
  ],
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
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/first-attribute-linebreak': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      ...electronOnlyInHost,
    },
  },
  { files: ['src-main/electron/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    // The renderer reaches the agent only through src-renderer/agent.ts.
    files: ['src-renderer/**'],
    ignores: ['src-renderer/agent.ts', 'src-renderer/bridge/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'zonedeck', message: 'Use src-renderer/agent.ts.' }],
    },
  },
);
