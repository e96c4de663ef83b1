/**
 * Start the portal: settings → backend (embedded unless BACKEND_URL) → renderer → listen.
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, stop the embedded backend, exit 0.
 * WEB_CONCURRENCY > 1 (production): a primary owns the backend and runs that many workers (scale/cluster.ts).
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { clusterMetrics, collectProcessMetrics } from '@portal/metrics';
import { createApp } from './app';
import { runPrimary } from './scale/cluster';
import { ConfigError, parseConfig, rateLimitSettings, renderCacheSettings, type Config } from './config';
import { createDrain } from './http/drain';
import { ServerMetrics } from './http/metrics';
import { startEmbeddedBackend, type EmbeddedBackend } from './upstream/embedded-backend';
import { connectRedis } from './scale/redis';
import { createDevRenderer, loadProductionRenderer, type Renderer } from './render/renderer';
import { createLogger, exitOnUncaughtErrors, logThrough } from './http/request-log';
import { loadEnvFiles } from '@portal/env-files';

const ROOT = process.cwd();
const SHUTDOWN_GRACE_MS = 10_000;

/** JSON lines through pino; LOG_LEVEL applies once the settings are read. */
let logger = createLogger();
function log(message: string, error?: unknown): void {
  logThrough(logger)(message, error);
}

function readConfig(): Config {
  loadEnvFiles(ROOT);
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function startBackend(config: Config): Promise<EmbeddedBackend> {
  const production = config.NODE_ENV === 'production';
  return startEmbeddedBackend({
    entry: production ? join(ROOT, 'dist/node/backend.js') : join(ROOT, 'backend/src/index.ts'),
    port: config.BACKEND_PORT,
    env: { ...process.env, DATA_DIR: config.dataDir, CAPTCHA_ENABLED: String(config.CAPTCHA_ENABLED) },
    log,
  });
}

/** Which backends answer, for the start-up line. */
function backendsText(config: Config, backendURL: string | undefined, embedded: boolean): string {
  const cms = `backend ${backendURL}${embedded ? ', embedded' : ''}`;
  return config.EXT_BACKEND_URL ? `${cms}; extensions ${config.EXT_BACKEND_URL}` : cms;
}

/** The cluster's primary: the one embedded backend, and the workers that serve (scale/cluster.ts). */
async function startPrimary(config: Config) {
  const backend = config.BACKEND_URL ? null : await startBackend(config);
  const backendURL = config.BACKEND_URL ?? backend?.url;
  log(`portal starting ${config.WEB_CONCURRENCY} workers on port ${config.PORT} (${backendsText(config, backendURL, backend !== null)})`);
  runPrimary({
    workers: config.WEB_CONCURRENCY,
    env: { BACKEND_URL: backendURL },
    onStopped: async () => {
      await backend?.stop();
    },
    log,
  });
}

/** One server process: the whole portal, or one cluster worker with the primary's backend. */
async function startServer(config: Config) {
  const production = config.NODE_ENV === 'production';
  let backend: EmbeddedBackend | null = null;
  let backendURL = config.BACKEND_URL;
  if (!backendURL) {
    backend = await startBackend(config);
    backendURL = backend.url;
  }

  const server = createServer();
  let renderer: Renderer;
  let devMiddleware;
  let closeDev = async () => {};
  if (production) {
    renderer = await loadProductionRenderer(join(ROOT, 'dist'));
  } else {
    const dev = await createDevRenderer(ROOT, server);
    renderer = dev.renderer;
    devMiddleware = dev.vite.middlewares;
    closeDev = () => dev.vite.close();
  }

  // Each process (and each cluster worker) has its own connection; start-up does not wait for it.
  const redis = config.REDIS_URL ? connectRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log }) : undefined;
  const metrics = new ServerMetrics();
  collectProcessMetrics(metrics.registry);
  const app = createApp({
    config,
    backendURL,
    extBackendURL: config.EXT_BACKEND_URL,
    renderer,
    clientDir: production ? join(ROOT, 'dist/client') : undefined,
    publicDir: resolve(ROOT, 'client/public'),
    devMiddleware,
    rateLimits: rateLimitSettings(config),
    renderCache: renderCacheSettings(config),
    redis,
    log,
    logger,
    metrics,
    // A scrape reaches one worker, which answers for all of them (cluster.ts).
    ...(cluster.isWorker ? { readMetrics: clusterMetrics(metrics.registry) } : {}),
  });

  const drain = createDrain(server, app, { graceMs: SHUTDOWN_GRACE_MS, log });
  server.on('request', drain.listener);
  server.once('error', (error: Error) => {
    log(`cannot listen on port ${config.PORT}: ${error.message}`);
    void Promise.resolve(backend?.stop()).then(() => process.exit(1));
  });
  server.listen(config.PORT, config.HOST, () => {
    const who = cluster.isWorker ? `portal worker ${process.pid}` : 'portal';
    log(`${who} listening on http://localhost:${config.PORT} (${backendsText(config, backendURL, backend !== null)})`);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${signal}: finishing in-flight requests`);
    // The backend stops only after the last request that might still need it has been answered.
    void drain
      .drain()
      .then(() => Promise.all([backend?.stop(), closeDev(), redis?.close()]))
      .then(() => {
        log('stopped');
        process.exit(0);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function main() {
  const config = readConfig();
  logger = createLogger(config.LOG_LEVEL);
  exitOnUncaughtErrors(logger);
  if (config.NODE_ENV === 'production' && !config.SITE_URL && cluster.isPrimary) {
    logger.warn(
      'SITE_URL is unset: canonical links are root-relative, and feed and mail links use the host each request came to (docs/decisions/two-backends.md)',
    );
  }
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    if (config.NODE_ENV === 'production') return startPrimary(config);
    log('WEB_CONCURRENCY applies to production builds; development runs one process');
  }
  return startServer(config);
}

main().catch((error: unknown) => {
  log('start-up failed', error);
  process.exit(1);
});
