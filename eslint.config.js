// One lint config for the repo: TypeScript rules everywhere, React hooks and TanStack Query rules
// for the client, and import boundaries that keep the folder picture true (STYLE.md).
import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientOnly = ['client/src/**/*.{ts,tsx}'];

/** shared/ is the contract: no client, server or backend code, no DOM or Node APIs. */
const sharedStaysEnvironmentFree = {
  group: ['**/client/**', '**/server/**', '**/backend/**', 'node:*', 'react', 'react-dom'],
  message: 'shared/ stays environment-free',
};

/**
 * bulletproof-react's boundaries: a feature imports neither another feature nor the app shell
 * (app/theme excepted: it is configuration). Relative specifiers are resolved against the file, so
 * the rule holds however many "../" an import uses.
 */
const boundaries = {
  rules: {
    'feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const src = resolve('client/src');
        const where = (file) => relative(src, file).split(/[\\/]/);
        return {
          ImportDeclaration(node) {
            const spec = node.source.value;
            if (typeof spec !== 'string' || !spec.startsWith('.')) return;
            const [area, feature] = where(context.filename);
            if (area !== 'features') return;
            const target = where(resolve(dirname(context.filename), spec));
            if (target[0] === 'features' && target[1] !== feature) {
              context.report({ node, message: `feature "${feature}" must not import feature "${target[1]}"` });
            } else if (target[0] === 'app' && target[1] !== 'theme') {
              context.report({ node, message: 'features must not import the app shell' });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules, limited to the two that catch real bugs here: a promise nobody awaits or
    // catches (an unhandled rejection takes the server down) and a promise handed to something that
    // expects void (an Express handler or onClick whose rejection vanishes). Each folder's own
    // tsconfig gives the types; shared/tsconfig.test.json is the one that also covers shared's tests.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: [
          'shared/tsconfig.test.json',
          'client/tsconfig.json',
          'server/tsconfig.json',
          'backend/tsconfig.json',
          'e2e/tsconfig.json',
          'scripts/tsconfig.json',
          'packages/env-files/tsconfig.json',
          'tsconfig.node.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: clientOnly,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      // Query functions close over the environment's request layer, which is not a query input.
      '@tanstack/query/exhaustive-deps': 'off',
    },
  },
  {
    // shared/ is the contract: no client, server or backend code, no DOM or Node APIs.
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [sharedStaysEnvironmentFree],
        },
      ],
    },
  },
  {
    // The endpoint tables and paths are what the browser loads to call the API: plain data, no zod
    // (the schemas under the same names live in each domain's schemas.ts). Types may be imported.
    files: ['shared/src/*/endpoints.ts', 'shared/src/*/paths.ts', 'shared/src/contract/endpoint.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sharedStaysEnvironmentFree,
            {
              group: ['zod', 'zod/*', '**/schemas', '**/envelopes', '**/fields', '**/form-rules'],
              allowTypeImports: true,
              message: 'endpoint tables and paths stay free of zod: the browser loads them',
            },
          ],
        },
      ],
    },
  },
  {
    // packages/: Node code the server and the backend both use; it depends on neither program.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', '**/server/**', '**/backend/**'], message: 'packages/ serve the programs, not the reverse' },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/feature-imports': 'error' },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/src/**', '!**/client/src/entry-server'],
              message: 'the server only talks to the client through entry-server',
            },
            { group: ['**/backend/**'], message: 'the server reaches the backend over HTTP only' },
          ],
        },
      ],
    },
  },
);
