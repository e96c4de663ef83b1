// Bundles the two Node programs (server and embedded backend) into dist/node with esbuild.
// Dependencies stay external (resolved from node_modules at run time); only our TypeScript and the
// @shared alias are compiled in.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

const entryPoints = { server: 'server/src/index.ts' };
if (existsSync('backend/src/index.ts')) {
  entryPoints.backend = 'backend/src/index.ts';
  // The backend's password worker threads load it beside backend.js (modules/auth/password-pool.ts).
  entryPoints['password-worker'] = 'backend/src/modules/auth/password-worker.ts';
  // The admin import's worker thread, loaded beside the bundle (backend/src/modules/content/import-runner.ts).
  entryPoints['import-worker'] = 'backend/src/modules/content/import-worker.ts';
}

await build({
  entryPoints,
  outdir: 'dist/node',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'server/tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `built ${Object.keys(entryPoints)
    .map((n) => `dist/node/${n}.js`)
    .join(', ')}`,
);
