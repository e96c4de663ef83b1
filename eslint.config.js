// One lint config for the repo: TypeScript rules everywhere, React hooks and TanStack Query rules
// for the client, and import boundaries that keep the folder picture true (STYLE.md).
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientOnly = ['client/src/**/*.{ts,tsx}'];

/** shared/ is the contract: no DOM or Node APIs (nor client, server or backend code: the zones below). */
const sharedStaysEnvironmentFree = {
  group: ['node:*', 'react', 'react-dom'],
  message: 'shared/ stays environment-free',
};

const tsProjects = [
  'shared/tsconfig.test.json',
  'client/tsconfig.json',
  'server/tsconfig.json',
  'backend/tsconfig.json',
  'e2e/tsconfig.json',
  'scripts/tsconfig.json',
  'packages/env-files/tsconfig.json',
  'packages/metrics/tsconfig.json',
  'tsconfig.node.json',
];

/**
 * The client's shape (bulletproof-react's zones, docs/decisions/code-boundaries-and-lint.md):
 * app/ composes features; a feature imports its own folder, components/, lib/ and another
 * feature's public parts only — its `api` (calls, keys, query options) and its `components/` —
 * never its pages, phone pages or internals; components/ and lib/ import no feature and not the app.
 */
const src = (path) => resolve(import.meta.dirname, 'client/src', path);
const features = readdirSync(src('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  ...features.map((feature) => ({
    target: `client/src/features/${feature}`,
    from: src('features/**'),
    except: [src(`features/${feature}/**`), src('features/*/api.ts'), src('features/*/api/**'), src('features/*/components/**')],
    message: "A feature may use another feature's api and components/ only.",
  })),
  { target: 'client/src/features', from: 'client/src/app', message: 'Features do not import the app shell.' },
  {
    target: ['client/src/components', 'client/src/lib'],
    from: ['client/src/features', 'client/src/app'],
    message: 'components/ and lib/ serve every feature: they import none, nor the app.',
  },
  { target: 'client/src/lib', from: 'client/src/components', message: 'lib/ sits below the UI.' },
];

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
        project: tsProjects,
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
    // Import cycles, anywhere (type-only imports aside: they vanish from the built code). Paths
    // resolve as TypeScript resolves them, `@shared/*` included.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsProjects, noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: clientZones }] },
  },
  {
    files: ['shared/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: 'shared/src', from: ['client', 'server', 'backend'], message: 'shared/ imports no program.' }] },
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
