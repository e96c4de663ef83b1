/**
 * Starts the backend: environment from the repo root's `.env.local` then `.env` (neither overrides a
 * variable already set), config, database, HTTP listener. When forked with an IPC channel (by the
 * web server) it reports `{type: 'ready', port}` once listening, and stops when the parent goes.
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit 0.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createHttpServer } from './http-server';
import { loadEnvFiles } from '@portal/env-files';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHUTDOWN_GRACE_MS = 10_000;

function main(): void {
  loadEnvFiles(REPO_ROOT);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`backend: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const backend = createApp(config);
  const server = createHttpServer(backend.app);
  server.once('error', (err) => {
    console.error(`backend: cannot listen on ${config.host}:${config.port}: ${err.message}`);
    backend.close();
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    console.log(`backend listening on http://${config.host}:${port} (data: ${config.dataDir})`);
    process.send?.({ type: 'ready', port });
  });

  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`backend: ${reason}, shutting down`);
    server.close(() => {
      backend.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('disconnect', () => stop('parent process gone'));
}

main();
