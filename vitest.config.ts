import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)),
  '@portal/env-files': fileURLToPath(new URL('./packages/env-files/index.ts', import.meta.url)),
  '@portal/metrics': fileURLToPath(new URL('./packages/metrics/index.ts', import.meta.url)),
};

/** Unit and integration tests. Playwright (e2e/) runs separately against the production build. */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', environment: 'node', include: ['shared/src/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'backend',
          environment: 'node',
          include: ['backend/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'packages', environment: 'node', include: ['packages/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          setupFiles: ['client/src/test/setup.ts'],
          // Form tests type, encrypt and wait on a shared 2-core machine: give them room.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
