// ESLint (flat config): the recommended rules of JavaScript, typescript-eslint and Svelte, plus the
// type-aware promise rules — a promise nobody awaits loses its error (no-floating-promises), and
// an async function where a void callback is expected lets its rejection escape
// (no-misused-promises). Run with `npm run lint`; part of `npm run check`.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
  { ignores: ['dist*/**', 'cli/dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.svelte-check/**'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, svelteConfig } },
  },
  {
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `_`-prefixed parameters and caught errors are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Parsers of pasted text and the link layout match control characters on purpose.
      'no-control-regex': 'off',
      // State classes keep plain Map/Set/Date as private caches and indexes; what the UI reacts
      // to is a $state field that is reassigned, never mutated in place. SvelteMap there would
      // make every cache write a reactive update.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    // A variable written inside $derived is read on its next evaluation, which this rule cannot see.
    files: ['**/*.svelte'],
    rules: { 'no-useless-assignment': 'off' },
  },
  {
    // Tests read recorded request bodies loosely; a wrong guess fails the assertion.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...ts.configs.disableTypeChecked,
  },
);
