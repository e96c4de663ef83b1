/**
 * The embedded CMS backend as a child process (ARCHITECTURE.md: three programs, one contract).
 * A separate process keeps SQLite work off the SSR event loop. If it dies it is started again,
 * so the portal recovers without restarting the server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface EmbeddedBackendOptions {
  /** dist/node/backend.js in production, backend/src/index.ts (through tsx) in development. */
  entry: string;
  port: number;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}

export interface EmbeddedBackend {
  url: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

function startChild(opts: EmbeddedBackendOptions, port: number): Promise<{ child: ChildProcess; port: number }> {
  if (!existsSync(opts.entry)) throw new Error(`embedded backend not found at ${opts.entry}`);
  const execArgv = opts.entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = fork(opts.entry, [], {
    env: { ...opts.env, BACKEND_PORT: String(port) },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Its own process group: a signal to the portal's group (Ctrl-C, a supervisor stopping the
    // service) reaches the server, which drains and only then stops the backend. If the server
    // dies outright, the closed IPC channel stops the backend (backend/src/index.ts).
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('embedded backend did not become ready in time'));
    }, READY_TIMEOUT_MS);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type === 'ready' && typeof message.port === 'number') {
        clearTimeout(timer);
        resolve({ child, port: message.port });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded backend exited during start-up (code ${code})`));
    });
  });
}

export async function startEmbeddedBackend(opts: EmbeddedBackendOptions): Promise<EmbeddedBackend> {
  let stopping = false;
  let current = await startChild(opts, opts.port);
  // Restarts keep the first port, so the URL the server proxies to stays valid.
  const port = current.port;
  const supervise = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      opts.log(`embedded backend exited (code ${code}, signal ${signal}); restarting in 1 s`);
      setTimeout(function restart() {
        if (stopping) return;
        startChild(opts, port)
          .then((next) => {
            current = next;
            opts.log('embedded backend restarted');
            supervise(next.child);
          })
          .catch((error: Error) => {
            opts.log(`embedded backend restart failed: ${error.message}; retrying in 5 s`);
            setTimeout(restart, 5_000);
          });
      }, 1_000);
    });
  };
  supervise(current.child);
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      stopping = true;
      const child = current.child;
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}
