/**
 * Start the portal: settings → backend (embedded unless BACKEND_URL) → renderer → listen.
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, stop the embedded backend, exit 0.
 */
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import { ConfigError, loadEnvFiles, parseConfig, type Config } from './config';
import { startEmbeddedBackend, type EmbeddedBackend } from './embedded-backend';
import { createDevRenderer, loadProductionRenderer, type Renderer } from './renderer';

const ROOT = process.cwd();
const SHUTDOWN_GRACE_MS = 10_000;

function log(message: string, error?: unknown): void {
  if (error === undefined) console.log(message);
  else console.error(message, error instanceof Error ? (error.stack ?? error.message) : error);
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

async function main() {
  const config = readConfig();
  const production = config.NODE_ENV === 'production';

  let backend: EmbeddedBackend | null = null;
  let backendURL = config.BACKEND_URL;
  if (!backendURL) {
    backend = await startEmbeddedBackend({
      entry: production ? join(ROOT, 'dist/node/backend.js') : join(ROOT, 'backend/src/index.ts'),
      port: config.BACKEND_PORT,
      env: { ...process.env, DATA_DIR: config.dataDir, CAPTCHA_ENABLED: String(config.CAPTCHA_ENABLED) },
      log,
    });
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

  const app = createApp({
    config,
    backendURL,
    renderer,
    clientDir: production ? join(ROOT, 'dist/client') : undefined,
    publicDir: resolve(ROOT, 'client/public'),
    devMiddleware,
  });

  server.on('request', app);
  server.once('error', (error: Error) => {
    log(`cannot listen on port ${config.PORT}: ${error.message}`);
    void backend?.stop().then(() => process.exit(1));
  });
  server.listen(config.PORT, config.HOST, () => {
    log(`portal listening on http://localhost:${config.PORT} (backend ${backendURL}${backend ? ', embedded' : ''})`);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => {
      log('shutdown grace period over, closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      void Promise.all([backend?.stop(), closeDev()]).then(() => {
        log('stopped');
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  log('start-up failed', error);
  process.exit(1);
});
