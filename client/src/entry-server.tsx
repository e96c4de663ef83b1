/**
 * Server render of one request. It builds that request's query client, request layer and session,
 * runs the route pipeline (guard → layout → params → data), and returns a stream plus its status.
 * The Express side (server/src/render/ssr.ts) owns headers, timeouts and piping.
 */
import { QueryClient, dehydrate, type DefaultOptions } from '@tanstack/react-query';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type HydrationState,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { REQUEST_TIMEOUT_MS } from '@shared/constants';
import { serializeForScript } from '@shared/serialize';
import { isMobilePath } from '@shared/routes';
import { hasSession } from '@shared/session';
import { ApiError } from './lib/http/errors';
import { createTransportHttp, type SendToBackend } from './lib/http/transport-http';
import { createPublicQueryCache, type PublicQueryCache } from './lib/public-query-cache';
import { createQueryClient } from './lib/query-client';
import { Document, type DocumentAssets } from './app/document';
import type { PageState } from './app/page-state';
import { MOBILE_PAGES } from './app/mobile-pages';
import { DESKTOP_PAGES } from './app/pages';
import { AppProviders } from './app/providers';
import { createRoutes, layoutRouteId, loadSiteData, queryPage } from './app/routes';
import type { AppDeps } from './lib/page';
import { capabilitySet } from './lib/capabilities';
import { NO_SETTINGS, type PortalSettings } from './lib/portal-settings';
import { LOGGED_OUT, createSessionStore, type MemberState } from './lib/session';

/** The server renders both sites' pages. */
const ALL_PAGES = { ...DESKTOP_PAGES, ...MOBILE_PAGES };

/** zod's global settings, read once when it loads (zod/v4/core `globalConfig`). */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig={jitless:true}';

export interface RenderOptions {
  /** The page request; its URL's origin is irrelevant (loaders read path and query only). */
  request: Request;
  /** Where the backend answers, e.g. http://127.0.0.1:3001. */
  backendURL: string;
  /**
   * The server's way to its backends (upstream/backend-client.ts): keep-alive agents, timeouts,
   * and the ext calls to the extensions' backend (`backendOfCall`, the contract's rule).
   */
  sendToBackend: SendToBackend;
  product: string;
  /** The member token from the HttpOnly cookie, if any. */
  token: string | null;
  assets: DocumentAssets & {
    bootstrapModule: string;
    /** Stylesheets of the member layout's chunk (antd's member-only components, member.css): member pages link them too. */
    memberCss?: string[];
    /** The mobile site's stylesheet: /m pages link it instead of `css`. */
    mobileCss?: string[];
    /** The mobile site's entry: /m pages load it instead of `bootstrapModule`. */
    mobileBootstrapModule?: string;
    /** What each entry imports statically, preloaded with it. */
    entryImports?: string[];
    mobileEntryImports?: string[];
  };
  /** CSP nonce for React's inline streaming scripts. */
  nonce?: string;
  /** Crawlers get the complete document at once (onAllReady); browsers get the shell first. */
  waitForAll: boolean;
  /** Public deployment settings the pages read (canonical origin, mobile site). */
  settings?: PortalSettings;
  /** Configs and dictionaries shared between renders (see createPublicQueryCache). */
  publicQueries?: PublicQueryCache;
  log?: (message: string, error: unknown) => void;
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | {
      type: 'html';
      status: number;
      stream: PipeableStream;
      /** Something failed after the status was decided (a boundary left to the browser, an abort). */
      hadErrors(): boolean;
    };

export { createPublicQueryCache, type PublicQueryCache };

/** React Router's own hydration format for route errors (its deserializer reads `__type`). */
function serializeRouteErrors(errors: StaticHandlerContext['errors']): HydrationState['errors'] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? { ...error, __type: 'RouteErrorResponse' }
      : // Never ship a server error's message or stack to the browser.
        { message: 'Unexpected Server Error', __type: 'Error' };
  }
  return out as HydrationState['errors'];
}

/**
 * A request's QueryClient lives as long as its render. Its queries get no garbage-collection timer
 * (`gcTime: Infinity`, React Query's own server default): the browser's five minutes would keep
 * every render's data, routes and client alive for five minutes after the answer (~170 KB each,
 * gigabytes under load). A failed call is retried once only when the connection failed (a
 * keep-alive socket the backend had just closed), and at once: a backend that is down answers the
 * error page within a second, and one that timed out has used the page's whole budget already.
 */
function serverQueryDefaults(defaults: DefaultOptions): DefaultOptions {
  return {
    ...defaults,
    queries: {
      ...defaults.queries,
      gcTime: Infinity,
      retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.transport && error.status !== 504,
      retryDelay: 0,
    },
  };
}

/** The browser's defaults with the server's changes, worked out once. */
const SERVER_QUERY_DEFAULTS = serverQueryDefaults(createQueryClient().getDefaultOptions());

/**
 * One route tree per set of backend capabilities (they decide which routes exist), built once and
 * shared by every render: middleware and loaders read each request's deps from the router's context.
 */
const staticHandlers = new Map<string, StaticHandler>();

function staticHandlerFor(capabilities: ReadonlySet<string>): StaticHandler {
  const key = [...capabilities].sort().join(',');
  let handler = staticHandlers.get(key);
  if (!handler) {
    handler = createStaticHandler(createRoutes(ALL_PAGES, { capabilities }));
    staticHandlers.set(key, handler);
  }
  return handler;
}

export async function render(opts: RenderOptions): Promise<RenderResult> {
  const log = opts.log ?? ((message: string, error: unknown) => console.error(message, error));
  const queryClient = new QueryClient({ defaultOptions: SERVER_QUERY_DEFAULTS });
  // Every backend call of the render shares one budget, the spec's 15 s (§9): a backend that hangs
  // fails the page once, at the timeout, rather than once per query in turn. A browser that leaves
  // cancels the calls its page was waiting for, which frees their sockets.
  const http = createTransportHttp({
    send: opts.sendToBackend,
    baseURL: opts.backendURL,
    token: opts.token ?? undefined,
    signal: opts.request.signal,
    deadline: Date.now() + REQUEST_TIMEOUT_MS,
    log,
  });
  // The client guard reads this state: it decides by the same rule as the server's guard.
  const initialSession: MemberState = hasSession(opts.token) ? { ...LOGGED_OUT, isLogin: true } : LOGGED_OUT;
  const session = createSessionStore(initialSession);
  const settings = opts.settings ?? NO_SETTINGS;
  const deps: AppDeps = { queryClient, http, session, capabilities: capabilitySet(settings.capabilities) };
  opts.publicQueries?.seed(queryClient);

  const handler = staticHandlerFor(deps.capabilities);
  const context = await queryPage(handler, opts.request, deps);
  if (context instanceof Response) {
    return { type: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  // Unknown paths match no route, so the root loader did not run for them; their 404 page still shows the site.
  if (!Object.hasOwn(context.loaderData, 'root')) await loadSiteData(deps).catch(() => undefined);
  opts.publicQueries?.keep(queryClient);

  const memberLayout = context.matches.some((match) => match.route.id === layoutRouteId('user'));
  const mobileSite = isMobilePath(new URL(opts.request.url).pathname);
  const mobile = mobileSite && opts.assets.mobileCss;
  const css = mobile || (memberLayout ? [...opts.assets.css, ...(opts.assets.memberCss ?? [])] : opts.assets.css);
  const bootstrapModule = (mobileSite && opts.assets.mobileBootstrapModule) || opts.assets.bootstrapModule;
  const modules = mobileSite && opts.assets.mobileBootstrapModule ? opts.assets.mobileEntryImports : opts.assets.entryImports;
  const state: PageState = {
    product: opts.product,
    session: session.get(),
    rq: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: null, errors: serializeRouteErrors(context.errors) },
    assets: { css, devScripts: opts.assets.devScripts, ...(modules?.length ? { modules } : {}) },
    settings,
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <Document assets={state.assets} stateJson={serializeForScript(state)}>
      <AppProviders deps={deps} settings={state.settings}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={opts.nonce} />
      </AppProviders>
    </Document>
  );

  return new Promise<RenderResult>((resolve, reject) => {
    let status = context.statusCode;
    let errored = false;
    const ready = () => resolve({ type: 'html', status, stream, hadErrors: () => errored });
    const stream = renderToPipeableStream(app, {
      bootstrapModules: [bootstrapModule],
      // Before any module runs: zod 4 reads this when it loads and otherwise probes `new Function`,
      // which the CSP (no 'unsafe-eval') refuses and reports on every page (zod then validates
      // without compiling, as it would anyway once the probe failed).
      bootstrapScriptContent: ZOD_JITLESS,
      nonce: opts.nonce,
      onShellReady: opts.waitForAll ? undefined : ready,
      onAllReady: opts.waitForAll ? ready : undefined,
      onShellError: reject,
      onError(error) {
        status = 500;
        errored = true;
        log('render error', error);
      },
    });
  });
}
