// `npm start`: build when the sources are newer than the last build, then run the production
// server (which starts the embedded backend unless BACKEND_URL is set).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['client', 'server/src', 'shared/src', 'backend/src', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newestMtime));
if (!built || changed > built) {
  console.log(built ? 'sources changed since the last build: building…' : 'no build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The default demo shows notices moving (DEMO_FEED, issue 12) unless the environment or .env.local
// says otherwise; tests and other entry points leave it off.
const localEnv = existsSync('.env.local') ? readFileSync('.env.local', 'utf8') : '';
const demoFeed = process.env.DEMO_FEED ?? (/^\s*DEMO_FEED\s*=/m.test(localEnv) ? undefined : '1');

const server = spawnSync(process.execPath, ['--enable-source-maps', 'dist/node/server.js'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', ...(demoFeed === undefined ? {} : { DEMO_FEED: demoFeed }) },
});
process.exit(server.status ?? 0);
