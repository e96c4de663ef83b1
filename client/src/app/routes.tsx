/**
 * The route tree of spec §2, built from the shared table, and the navigation pipeline every page
 * goes through (spec §2): auth check (the route middleware) → layout (the page route's parent) →
 * param validation → data (the page route's loader). Pages and the layouts with code of their own
 * are React Router `lazy` routes: a chunk each, loaded with the navigation that needs it.
 */
import {
  RouterContextProvider,
  type RouterContext,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { GLOBAL_MIDDLEWARE, ROUTES, isMobilePath, isStrictPath, parsePositiveId, type LayoutName, type RouteSpec } from '@shared/routes';
import { siteQueryOptions } from '../lib/system';
import { appDeps, navigationHash, type AppDeps, type PageImports, type PageModule } from '../lib/page';
import { middlewareFor } from './middleware';
import { notFound, toRouteError } from './route-errors';
import { RootShell } from './root-shell';
import { RootErrorBoundary } from './error-boundary';
import { NullLayout } from './layouts/null-layout';
import { MobileLayout } from './layouts/mobile-layout';

const desktopChrome = () => import('./layouts/desktop-chrome');

/**
 * Each layout route: the desktop site's come with its chrome (header, menus, footer), a chunk the
 * mobile site never loads; the member layout brings member-only code (the visit API, tier labels,
 * antd's member-only styles), a chunk public pages never load.
 */
const LAYOUTS: Record<LayoutName, Pick<RouteObject, 'Component' | 'lazy'>> = {
  default: { lazy: async () => ({ Component: (await desktopChrome()).DefaultLayout }) },
  header: { lazy: async () => ({ Component: (await desktopChrome()).HeaderLayout }) },
  error: { lazy: async () => ({ Component: (await desktopChrome()).ErrorLayout }) },
  test: { lazy: async () => ({ Component: (await desktopChrome()).TestLayout }) },
  user: { lazy: async () => ({ Component: (await import('./layouts/user-layout')).UserLayout }) },
  null: { Component: NullLayout },
  mobile: { Component: MobileLayout },
};

/** The id of the route that renders a layout around its pages. */
export const layoutRouteId = (layout: LayoutName) => `layout-${layout}`;

/** Steps 3 and 4 of a page's navigation, once its module has loaded: params, then data. */
function pageLoader(spec: RouteSpec, page: PageModule) {
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (!isStrictPath(url.pathname)) notFound();
    const id = spec.path.endsWith('/:id') ? parsePositiveId(params.id) : null;
    if (spec.path.endsWith('/:id') && id === null) notFound();
    if (spec.path === '/404') notFound();
    const deps = context.get(appDeps);
    try {
      await page.load?.({ deps, id, url, params, request });
    } catch (error) {
      toRouteError(deps, error, url);
    }
    return null;
  };
}

/** Site-wide data every page shows: title and description in the header and <head>, 备案号 and hotline in the footer. */
export function loadSiteData(deps: AppDeps): Promise<unknown> {
  return deps.queryClient.ensureQueryData(siteQueryOptions(deps.http));
}

async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const deps = context.get(appDeps);
  try {
    await loadSiteData(deps);
  } catch (error) {
    toRouteError(deps, error, new URL(request.url));
  }
  return null;
}

/**
 * The mobile site and the desktop site link different stylesheets: a link from one to the other
 * loads the whole document, with the other site's styles, instead of rendering inside this one.
 * Browser only; the server renders every page as a document of its own.
 */
const crossSiteDocument: MiddlewareFunction = async ({ request }) => {
  if (typeof window === 'undefined') return;
  const url = new URL(request.url);
  if (isMobilePath(url.pathname) === isMobilePath(window.location.pathname)) return;
  window.location.assign(url.href);
  await new Promise<never>(() => {});
};

/**
 * The pages of one site's browser entry: `pages` for that site's routes, and `null` for the other
 * site's. Those routes stay in the tree, so a path matches the route it matched on the server, and
 * a link to one loads the whole document with the other entry (crossSiteDocument).
 */
export function sitePages(pages: PageImports, mobile: boolean): PageImports {
  const others = ROUTES.filter((spec) => isMobilePath(spec.path) !== mobile).map((spec) => [spec.path, null] as const);
  return { ...Object.fromEntries(others), ...pages };
}

export interface RouteOptions {
  /** What the backend offers beyond spec §7: a page it cannot serve is no route at all (the 404 page). */
  capabilities: ReadonlySet<string>;
  /** The spec table; tests pass a variant of it. */
  routes?: readonly RouteSpec[];
}

/** `pages`: the module of each route (app/pages.ts and mobile-pages.ts, or one site's, see sitePages). */
export function createRoutes(pages: PageImports, { capabilities, routes = ROUTES }: RouteOptions): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  const otherSite: RouteObject[] = [];
  for (const spec of routes) {
    if (spec.capability && !capabilities.has(spec.capability)) continue;
    const importPage = pages[spec.path];
    if (importPage === undefined) throw new Error(`no page module for route ${spec.path}`);
    const route: RouteObject = { id: spec.path, path: spec.path, caseSensitive: true };
    if (importPage === null) {
      otherSite.push(route);
      continue;
    }
    if (spec.middleware?.length) route.middleware = middlewareFor(spec.middleware);
    route.lazy = async () => {
      const page = await importPage();
      return { Component: page.Component, loader: pageLoader(spec, page) };
    };
    byLayout.set(spec.layout, [...(byLayout.get(spec.layout) ?? []), route]);
  }
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RootErrorBoundary,
      middleware: [crossSiteDocument, ...middlewareFor(GLOBAL_MIDDLEWARE)],
      loader: rootLoader,
      // Site data is ensured on every navigation (a cache hit unless it was dropped): React Router
      // would not rerun a pathless root's loader when only the path changes.
      shouldRevalidate: () => true,
      children: [...[...byLayout].map(([layout, children]) => ({ id: layoutRouteId(layout), ...LAYOUTS[layout], children })), ...otherSite],
    },
  ];
}

/** React Router's context for one navigation: this environment's deps, and in the browser the navigation's hash. */
export function routerContext(deps: AppDeps, hash?: () => string): RouterContextProvider {
  const values = new Map<RouterContext<unknown>, unknown>([[appDeps, deps]]);
  if (hash) values.set(navigationHash, hash);
  return new RouterContextProvider(values);
}

/**
 * The server's navigation: the static handler runs the route middleware when it is asked for a
 * Response (`generateMiddlewareResponse`); the page's context comes back beside it.
 */
export async function queryPage(handler: StaticHandler, request: Request, deps: AppDeps): Promise<StaticHandlerContext | Response> {
  let page: StaticHandlerContext | undefined;
  const response = await handler.query(request, {
    requestContext: routerContext(deps),
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      if (result instanceof Response) {
        page = undefined;
        return result;
      }
      page = result;
      return new Response(null, { status: result.statusCode });
    },
  });
  return page ?? response;
}
