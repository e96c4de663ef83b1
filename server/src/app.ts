/**
 * The BFF: health, the API proxy, static assets, the navigation guards and streaming SSR.
 * createApp never listens (tests call it with supertest); index.ts does.
 */
import type { Logger } from 'pino';
import cookieParser from 'cookie-parser';
import express, { type RequestHandler } from 'express';
import { METRICS_PATH, metricsRoute, registryText, type MetricsRouteOptions } from '@portal/metrics';
import { FEED_PORTAL_ROUTE } from '@shared/alerts/feeds';
import { OCDS_RECORD_ROUTE, OCDS_RELEASES_PATH } from '@shared/ocds/paths';
import { MAIL_UNSUBSCRIBE_PATH } from '@shared/alerts/mail';
import type { Config } from './config';
import { memberGuard } from './auth/member-guard';
import { authRoutes } from './auth/routes';
import { dropStaleToken } from './auth/stale-token';
import { finishInterruptedLogout } from './auth/logout-mark';
import { HttpError, errorHandler } from './http/errors';
import { healthHandler } from './http/health';
import { ServerMetrics } from './http/metrics';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { knownFilesOnly, precompressed } from './http/static-files';
import { RenderCache, keepMs, type RenderCacheOptions } from './render/cache';
import { RenderGate, defaultRenderLimit, type RenderLimit } from './render/gate';
import { canonicalPageRedirect } from './render/canonical-path';
import { mobileRedirect, mobileSiteChoice } from './render/mobile-site';
import type { Renderer } from './render/renderer';
import { seoRoutes } from './render/seo';
import { ssrHandler } from './render/ssr';
import { DEFAULT_RATE_LIMITS, rateLimiter, type RateLimitSettings } from './scale/rate-limit';
import type { SharedRedis } from './scale/redis';
import { RedisPageStore } from './scale/redis-page-store';
import { apiProxy } from './upstream/api-proxy';
import type { BackendClient } from './upstream/backend-client';
import { Backends } from './upstream/backends';
import { BackendCapabilities } from './upstream/capabilities';
import { feedRoute } from './upstream/feeds';
import { ocdsRecordRoute, ocdsReleasesRoute } from './upstream/ocds';
import { BackendLiveness } from './upstream/liveness';
import { mailUnsubscribeRoute } from './upstream/mail-unsubscribe';

export interface AppOptions {
  config: Pick<Config, 'PRODUCT' | 'MOBILE_SITE_URL' | 'TRUST_PROXY' | 'SITE_URL' | 'METRICS_TOKEN'>;
  backendURL: string;
  /** The extensions' backend (EXT_BACKEND_URL): every ext call goes there; unset: to backendURL too. */
  extBackendURL?: string | undefined;
  renderer: Renderer;
  /** Built client assets (dist/client), served under /dist/ with immutable caching. */
  clientDir?: string;
  /** Unhashed public files (favicon), served at the root with a short cache. */
  publicDir: string;
  /** Development: Vite's middlewares, mounted before the pages. */
  devMiddleware?: RequestHandler;
  /** Per-client-IP limits on captcha, login, register and messages (default: DEFAULT_RATE_LIMITS). */
  rateLimits?: RateLimitSettings;
  /** Keep anonymous renders briefly (render/cache.ts); unset: every page is rendered. */
  renderCache?: RenderCacheOptions;
  /** Rate limits and the render cache shared with other instances (scale/redis.ts); unset: per process. */
  redis?: SharedRedis;
  /** Renders in flight and waiting (render/gate.ts; default: defaultRenderLimit()). */
  renderLimit?: RenderLimit;
  /** The render gate itself, when the caller reads its `stats()` (metrics); default: one built from `renderLimit`. */
  renderGate?: RenderGate;
  log?: (message: string, error: unknown) => void;
  /** The access log (http/request-log.ts); unset: request ids are still given and passed on, nothing is logged. */
  logger?: Logger;
  /** This app's series (http/metrics.ts); unset: its own. */
  metrics?: ServerMetrics;
  /** What GET /metrics answers: a cluster worker asks for every worker's (index.ts); unset: this app's registry. */
  readMetrics?: MetricsRouteOptions['read'];
}

export function createApp(opts: AppOptions) {
  const log = opts.log ?? ((message: string, error: unknown) => console.error(message, error));
  // The ways to the backends (upstream/backends.ts): proxy, health, sitemap, session calls, renders.
  // Spec calls and sessions go to the CMS (`backend`), the rest where the contract says (`backends`).
  const backends = new Backends(opts.backendURL, opts.extBackendURL);
  const backend = backends.cms;
  const metrics = opts.metrics ?? new ServerMetrics();
  for (const each of backends.all) metrics.watchBackend(each.agent, new URL(each.baseURL).pathname.replace(/\/+$/, ''));
  const cache = renderCache(opts.renderCache, backend, opts.redis);
  const capabilities = new BackendCapabilities({
    backend: backends,
    unreachableMeansNone: backends.separate,
    // New features or lost ones: pages rendered with the old list must not be served again.
    onChange: () => cache?.pages.clear(),
  });
  if (backends.separate) {
    // A broken connection to the extensions' backend (a killed process closes them all): ask at once
    // whether it is still there, so pages stop offering what it served within a moment.
    const extLiveness = new BackendLiveness();
    extLiveness.watch(backends.ext.agent);
    extLiveness.onDown(() => capabilities.askSoon());
  }
  const app = express();
  app.disable('x-powered-by');
  // One hop: the client address is the one our TLS-terminating proxy appended to X-Forwarded-For,
  // not whatever a client wrote at its start (which `true` would trust).
  app.set('trust proxy', opts.config.TRUST_PROXY ? 1 : false);
  app.use(requestLog(opts.logger));
  app.use(metrics.requests(opts.config.PRODUCT));
  app.use(securityHeaders({ development: opts.devMiddleware !== undefined }));

  app.get('/healthz', healthHandler(backend, { redis: opts.redis, ext: backends.separate ? backends.ext : undefined }));
  // For the operator on this machine, or with METRICS_TOKEN; anyone else gets the 404 page.
  app.get(METRICS_PATH, metricsRoute({ token: opts.config.METRICS_TOKEN, read: opts.readMetrics ?? registryText(metrics.registry) }));

  // The proxy goes before any body parser: it streams request bodies through untouched. Login,
  // RefreshToken and logout are the BFF's own routes in front of it (auth/routes.ts).
  app.use(
    `/${opts.config.PRODUCT}`,
    cookieParser(),
    finishInterruptedLogout({ backend, log }),
    rateLimiter({ settings: opts.rateLimits ?? DEFAULT_RATE_LIMITS, log, redis: opts.redis }),
    authRoutes({ backend, log }),
    apiProxy({ backends, log }),
  );

  if (opts.devMiddleware) app.use(opts.devMiddleware);
  if (opts.clientDir) {
    // Hashed file names change with their content, so they can be cached for a year.
    app.use(
      '/dist',
      precompressed(opts.clientDir),
      express.static(opts.clientDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    );
  }
  const publicFiles = express.static(opts.publicDir, { maxAge: '1h', index: false });
  // Development serves files added while it runs; a production server's public files are fixed.
  app.use(opts.devMiddleware ? publicFiles : knownFilesOnly(opts.publicDir, publicFiles));
  // Private feed links: before the pages and their cookies, which a feed never needs.
  app.get(FEED_PORTAL_ROUTE, feedRoute({ backend: backends, log }));
  // Alert mail's one-click unsubscribe (RFC 8058); the same path answers GET with its page.
  app.post(MAIL_UNSUBSCRIBE_PATH, mailUnsubscribeRoute({ backend: backends, log }));
  // Open data: public, cacheable, before the pages and their cookies.
  const ocds = { backend: backends, log, capabilities: () => capabilities.current() };
  app.get(OCDS_RELEASES_PATH, ocdsReleasesRoute(ocds));
  app.get(OCDS_RECORD_ROUTE, ocdsRecordRoute(ocds));
  app.use(seoRoutes({ siteUrl: opts.config.SITE_URL, backend: backends, log, capabilities: () => capabilities.current() }));

  app.use((req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    throw new HttpError(405, '不支持的请求方法', { headers: { Allow: 'GET, HEAD' } });
  });
  app.use(canonicalPageRedirect());
  app.use(cookieParser());
  app.use(mobileSiteChoice());
  app.use(mobileRedirect(opts.config.MOBILE_SITE_URL));
  app.use(finishInterruptedLogout({ backend, log }));
  app.use(dropStaleToken({ backend }));
  app.use(memberGuard());
  const settings = async () => ({
    siteUrl: opts.config.SITE_URL ?? null,
    mobileSiteUrl: opts.config.MOBILE_SITE_URL ?? null,
    capabilities: await capabilities.current(),
  });
  const gate = opts.renderGate ?? new RenderGate(opts.renderLimit ?? defaultRenderLimit());
  metrics.watchRenderGate(gate);
  // Pages served from the render cache render nothing: they still let the features be asked when due.
  app.use((_req, _res, next) => {
    capabilities.current().catch((error: unknown) => log('capabilities failed', error));
    next();
  });
  app.use(
    ssrHandler({
      renderer: opts.renderer,
      backends,
      product: opts.config.PRODUCT,
      settings,
      cache,
      gate,
      metrics,
      log,
    }),
  );
  app.use(errorHandler(log));
  return app;
}

/**
 * The render cache and what it needs to know: whether the backend answers (upstream/liveness.ts).
 * With Redis its pages are shared by every instance (scale/redis-page-store.ts).
 */
function renderCache(options: RenderCacheOptions | undefined, backend: BackendClient, redis: SharedRedis | undefined) {
  if (!options) return undefined;
  const store = options.store ?? (redis ? new RedisPageStore(redis, keepMs(options), options.now) : undefined);
  const pages = new RenderCache({ ...options, store });
  const liveness = new BackendLiveness();
  liveness.watch(backend.agent);
  liveness.onDown(() => pages.clear());
  return { pages, liveness };
}
