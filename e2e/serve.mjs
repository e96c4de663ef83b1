// Starts the production portal for Playwright on a fresh, small data set that lives only as long
// as the run. Settings come from the environment Playwright passes (PORT, BACKEND_PORT, …).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const child = spawn(process.execPath, ['dist/node/server.js'], {
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...process.env,
    // One process: the specs count per-process rate limits and render-cache entries.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
    SEED_PROJECTS: process.env.SEED_PROJECTS ?? '400',
    SEED_TENDERS: process.env.SEED_TENDERS ?? '600',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
