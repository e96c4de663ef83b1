// `npm start`: build when the sources are newer than the last build, then run the production
// server (which starts the embedded backend unless BACKEND_URL is set).
//
// The children run under `spawn`, not `spawnSync`: a SIGTERM to this process (npm passes on what
// docker, systemd or Ctrl-C send it) must reach the server so it drains, and this process must wait
// for it and exit with its code. Under spawnSync the signal killed this process alone and left the
// server running without anyone to stop it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['client', 'server/src', 'shared/src', 'backend/src', 'packages', 'vite.config.ts', 'package-lock.json'];
const FORWARDED = ['SIGTERM', 'SIGINT', 'SIGHUP'];

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

/** The child signals go to while it runs. */
let current = null;
/** A signal that came while no child ran (or before one could take it): the next child is not started. */
let stopSignal = null;
for (const signal of FORWARDED) {
  process.on(signal, () => {
    stopSignal ??= signal;
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
  });
}

/** Runs a child with our stdio; resolves with the exit code a shell would report (128 + signal number). */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    current = child;
    child.once('error', (error) => {
      console.error(`cannot start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      current = null;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newestMtime));
if (!built || changed > built) {
  console.log(built ? 'sources changed since the last build: building…' : 'no build yet: building…');
  const status = await run('npm', ['run', 'build']);
  if (status !== 0) process.exit(status);
}
if (stopSignal) process.exit(128 + constants.signals[stopSignal]);

// The default demo shows notices moving (DEMO_FEED) unless the environment or .env.local
// says otherwise; tests and other entry points leave it off.
const localEnv = existsSync('.env.local') ? readFileSync('.env.local', 'utf8') : '';
const demoFeed = process.env.DEMO_FEED ?? (/^\s*DEMO_FEED\s*=/m.test(localEnv) ? undefined : '1');

process.exit(
  await run(process.execPath, ['--enable-source-maps', 'dist/node/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', ...(demoFeed === undefined ? {} : { DEMO_FEED: demoFeed }) },
  }),
);
