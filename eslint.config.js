import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import jala from './apps/web/eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    // One import order everywhere (packages, then aliases, then relative), fixed by `eslint --fix`; side-effect
    // imports such as stylesheets stay where they are, since their order matters.
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Web layering: a feature is used through its index; components/ and lib/ never import features.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { jala },
    rules: { 'jala/feature-boundaries': 'error' },
  },
  {
    // Layering: the pure packages must not reach into apps or I/O.
    files: ['packages/domain/**', 'packages/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@jala/server*', '@jala/web*', '@jala/db*', '@jala/test-factories*', 'node:*'] },
      ],
    },
  },
  {
    // Test data stays out of the product code of every app and package (tests and fixture servers use it).
    // The only `no-restricted-imports` for these files: a second block for the same files would replace
    // this one rather than add to it. (The web's layering is the separate `jala/feature-boundaries` rule.)
    files: ['apps/server/src/**', 'packages/db/src/**', 'apps/web/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@jala/test-factories*', '**/packages/test-factories/**'],
              message: 'Test data is for tests and fixture servers, never for product code.',
            },
          ],
        },
      ],
    },
  },
);
