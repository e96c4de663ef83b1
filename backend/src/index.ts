/**
 * Starts the backend: environment from the repo root's `.env.local` then `.env` (neither overrides a
 * variable already set), config, log (pino, LOG_LEVEL), database, scheduled jobs, HTTP listener.
 * When forked with an IPC channel (by the web server) it reports `{type: 'ready', port}` once
 * listening, and stops when the parent goes. SIGTERM/SIGINT: stop accepting, let in-flight requests
 * finish, stop the jobs, close the database, exit 0. An error nothing handled (a rejected promise,
 * an exception thrown outside a request) is logged and stops the process the same way, exit 1.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, loadConfig, loadLogLevel } from './config';
import { createHttpServer } from './http-server';
import { collectProcessMetrics } from '@portal/metrics';
import { createPino, pinoLogger } from './log';
import { registry } from './metrics';
import { startScheduler } from './scheduler';
import { loadEnvFiles } from '@portal/env-files';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHUTDOWN_GRACE_MS = 10_000;

function readSettings() {
  loadEnvFiles(REPO_ROOT);
  try {
    return { config: loadConfig(), level: loadLogLevel() };
  } catch (err) {
    if (err instanceof ConfigError) {
      // Before the log exists: the one line whoever started the program reads.
      console.error(`backend: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

function main(): void {
  const { config, level } = readSettings();
  const pino = createPino(level);
  const log = pinoLogger(pino);

  collectProcessMetrics(registry);
  const backend = createApp(config, { log });
  const server = createHttpServer(backend.app);
  // The jobs start before the first request: the demo top-up's catch-up runs now.
  const scheduler = startScheduler(backend.jobs, log);

  let stopping = false;
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info(`backend: ${reason}, shutting down`);
    const exit = () => {
      scheduler.stop();
      try {
        backend.close();
      } finally {
        process.exit(code);
      }
    };
    if (!server.listening) {
      exit();
      return;
    }
    server.close(exit);
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('disconnect', () => stop('parent process gone', 0));
  process.on('unhandledRejection', (reason) => {
    pino.fatal({ err: reason }, 'backend: unhandled promise rejection');
    stop('unhandled promise rejection', 1);
  });
  process.on('uncaughtException', (err) => {
    pino.fatal({ err }, 'backend: uncaught exception');
    stop('uncaught exception', 1);
  });

  server.once('error', (err) => {
    log.error(`backend: cannot listen on ${config.host}:${config.port}: ${err.message}`);
    scheduler.stop();
    backend.close();
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    log.info(`backend listening on http://${config.host}:${port} (data: ${config.dataDir})`);
    process.send?.({ type: 'ready', port });
  });
}

main();
