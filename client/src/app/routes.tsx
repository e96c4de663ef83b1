/**
 * The route tree of spec §2, built from the shared table, and the navigation pipeline every page
 * goes through: auth check → layout → param validation → data (spec §2).
 */
import { use } from 'react';
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import {
  GLOBAL_MIDDLEWARE,
  ROUTES,
  isMobilePath,
  isStrictPath,
  loginUrl,
  parsePositiveId,
  type LayoutName,
  type RouteSpec,
} from '@shared/routes';
import { CONFIG_KEYS } from '@shared/system/types';
import { ApiError, errorStatus } from '../api/http';
import { configQueryOptions } from '../api/system';
import type { AppDeps, PageImports, PageModule } from '../lib/page';
import { loadMemberInfo } from '../lib/session';
import { lazyModule, type LazyModule, type LazyPage } from './lazy-module';
import { routeMiddleware, runMiddleware } from './middleware';
import { RootShell } from './root-shell';
import { RootErrorBoundary } from './error-boundary';
import { desktopChrome } from './desktop-chrome';
import { NullLayout } from './layouts/null-layout';
import { MobileLayout } from './layouts/mobile-layout';
import { MOBILE_BUILD } from '../lib/build-target';

/** Route handle: lets layouts and heads know which spec route rendered, and what code it needs. */
export interface RouteHandle {
  spec: RouteSpec;
  page: LazyPage;
  /** A layout in a chunk of its own, loaded with the page. */
  layout?: LazyModule<unknown>;
}

/**
 * The member layout brings member-only code (the visit API, tier labels, antd's configuration):
 * its own chunk, so public pages never download it.
 */
const userLayout = lazyModule(() => import('./layouts/user-layout'));

function UserLayoutRoute() {
  // The page's loader loaded the chunk before this renders (and hydration waits for it).
  const { UserLayout } = userLayout.loaded() ?? use(userLayout.load());
  return <UserLayout />;
}

/**
 * A layout of the desktop chrome's chunk (header, menus, footer): loaded with the page, so the
 * mobile site's first load does without it (issue 14).
 */
function desktopLayout(name: 'DefaultLayout' | 'HeaderLayout' | 'ErrorLayout' | 'TestLayout'): RouteObject['Component'] {
  return function DesktopLayoutRoute() {
    const Layout = (desktopChrome.loaded() ?? use(desktopChrome.load()))[name];
    return <Layout />;
  };
}

/** Layouts whose code is a chunk of its own, loaded with their pages. */
const LAZY_LAYOUTS: Partial<Record<LayoutName, LazyModule<unknown>>> = {
  default: desktopChrome,
  header: desktopChrome,
  error: desktopChrome,
  test: desktopChrome,
  user: userLayout,
};

const LAYOUTS: Record<LayoutName, RouteObject['Component']> = {
  default: desktopLayout('DefaultLayout'),
  header: desktopLayout('HeaderLayout'),
  error: desktopLayout('ErrorLayout'),
  user: UserLayoutRoute,
  null: NullLayout,
  test: desktopLayout('TestLayout'),
  mobile: MobileLayout,
};

/** The id of the route that renders a layout around its pages. */
export const layoutRouteId = (layout: LayoutName) => `layout-${layout}`;

/** The chunks a route needs before it can render: its page, and its layout when that is lazy. */
export async function loadRouteCode(handle: RouteHandle, targetHref?: string): Promise<PageModule> {
  const [page] = await Promise.all([handle.page.load(targetHref), handle.layout?.load(targetHref)]);
  return page;
}

function notFound(): never {
  throw data({ message: '访问资源不存在' }, { status: 404 });
}

/**
 * Data errors become route errors with the status of spec §8. A 401 is the internal redirect
 * signal: the member's session is over, so the navigation goes to login instead of an error page.
 */
function toRouteError(deps: AppDeps, error: unknown, url: URL): never {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && error.code === 401) {
    deps.session.clear();
    throw redirect(loginUrl(url.pathname + url.search));
  }
  const message = error instanceof Error ? error.message : '系统未知错误，请反馈给管理员';
  throw data({ message }, { status: errorStatus(error) });
}

/**
 * Where loaders find their navigation's deps: the browser's one set, or on the server each
 * request's own, passed as the router's request context (`handler.query(request, { requestContext })`)
 * so that one route tree, built once, serves every render (issue 16 §2: building and ranking the
 * tree was ~7 % of a rendered page's CPU).
 */
export type DepsSource = AppDeps | { perRequest: true; capabilities: AppDeps['capabilities'] };

function depsOf(source: DepsSource, args: LoaderFunctionArgs): AppDeps {
  return 'perRequest' in source ? (args.context as AppDeps) : source;
}

/**
 * A loader whose failure shows the error page: on the desktop site, the error layout's chunk (the
 * desktop chrome) is loaded before the failure is thrown, so the error boundary renders at once.
 */
function loadsErrorChrome(loader: (args: LoaderFunctionArgs) => Promise<null>): (args: LoaderFunctionArgs) => Promise<null> {
  return async (args) => {
    try {
      return await loader(args);
    } catch (error) {
      const isRedirect = error instanceof Response && error.status >= 300 && error.status < 400;
      if (!isRedirect && !MOBILE_BUILD && !isMobilePath(new URL(args.request.url).pathname))
        await desktopChrome.load().catch(() => undefined);
      throw error;
    }
  };
}

/**
 * The mobile site and the desktop site link different stylesheets (issue 14): a link from one to
 * the other loads the whole document, with the other site's styles, instead of rendering inside
 * this one. Browser only; the server renders every page as a document of its own.
 */
function crossesSites(url: URL): boolean {
  if (typeof window === 'undefined' || isMobilePath(url.pathname) === isMobilePath(window.location.pathname)) return false;
  window.location.assign(url.href);
  return true;
}

function pageLoader(source: DepsSource, handle: RouteHandle) {
  const { spec } = handle;
  return loadsErrorChrome(async (args: LoaderFunctionArgs) => {
    const { request, params } = args;
    const deps = depsOf(source, args);
    const url = new URL(request.url);
    if (crossesSites(url)) return new Promise<null>(() => {});
    // Step 1: the guard steps, named middleware (the root loader runs the global ones in parallel).
    runMiddleware(routeMiddleware(spec), { deps, url });
    // Step 2, the layout, is this route's parent in the tree. Step 3: params.
    if (!isStrictPath(url.pathname)) notFound();
    let id: number | null = null;
    if (spec.path.endsWith('/:id')) {
      id = parsePositiveId(params.id);
      if (id === null) notFound();
    }
    if (spec.path === '/404') notFound();
    // Step 4: data.
    const page = await loadRouteCode(handle, url.href);
    if (page.load) {
      try {
        await page.load({ deps, id, url, params, request });
      } catch (error) {
        toRouteError(deps, error, url);
      }
    }
    return null;
  });
}

/** Configs every page shows: title and description in the header and <head>, 备案号 and hotline in the footer. */
const SITE_CONFIG_KEYS = [CONFIG_KEYS.siteTitle, CONFIG_KEYS.siteDescription, CONFIG_KEYS.icp, CONFIG_KEYS.servicePhone] as const;

/** Site-wide data every page shows (see SITE_CONFIG_KEYS). */
export function loadSiteData(deps: AppDeps): Promise<unknown> {
  return Promise.all(SITE_CONFIG_KEYS.map((key) => deps.queryClient.ensureQueryData(configQueryOptions(deps.http, key))));
}

async function rootLoader(source: DepsSource, args: LoaderFunctionArgs) {
  const deps = depsOf(source, args);
  const url = new URL(args.request.url);
  runMiddleware(GLOBAL_MIDDLEWARE, { deps, url });
  try {
    // spec §4: with a token, member info at each page entry; no `user` logs the member out.
    await Promise.all([loadSiteData(deps), loadMemberInfo(deps)]);
  } catch (error) {
    toRouteError(deps, error, url);
  }
  // A token the backend no longer knows has just been dropped: member pages now go to login.
  runMiddleware(GLOBAL_MIDDLEWARE, { deps, url });
  return null;
}

/**
 * The pages of one site's browser entry (issue 14): `pages` for that site's routes, and for the
 * other site's a stand-in that is never loaded. Those routes stay in the tree, so a path matches
 * the route it matched on the server (the hydration state is keyed by route id) and a link to one
 * loads the whole document with the other entry (`crossesSites`, before any page code is asked for).
 */
export function sitePages(pages: PageImports, mobile: boolean): PageImports {
  const otherSite = () => Promise.reject(new Error('a page of the other site'));
  const others = ROUTES.filter((spec) => isMobilePath(spec.path) !== mobile).map((spec) => [spec.path, otherSite] as const);
  return { ...Object.fromEntries(others), ...pages };
}

/** `pages`: the module of each route (app/pages.ts, or one site's, see sitePages); `routes`: the spec table, tests pass a variant of it. */
export function createRoutes(deps: DepsSource, pages: PageImports, routes: readonly RouteSpec[] = ROUTES): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  for (const spec of routes) {
    // A page the backend cannot serve is no route at all: its path gets the site's 404 page.
    if (spec.capability && !deps.capabilities.has(spec.capability)) continue;
    const importPage = pages[spec.path];
    if (!importPage) throw new Error(`no page module for route ${spec.path}`);
    const page = lazyModule(importPage);
    const handle: RouteHandle = { spec, page, layout: LAZY_LAYOUTS[spec.layout] };
    const route: RouteObject = {
      id: spec.path,
      path: spec.path,
      caseSensitive: true,
      handle,
      loader: pageLoader(deps, handle),
      // The loader has loaded the chunk by the time the route renders; `use` covers the rest.
      Component: function Page() {
        const { Component } = page.loaded() ?? use(page.load());
        return <Component />;
      },
    };
    const list = byLayout.get(spec.layout) ?? [];
    list.push(route);
    byLayout.set(spec.layout, list);
  }
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RootErrorBoundary,
      // Runs on every navigation for the guard and the member info; site data comes from the cache.
      loader: loadsErrorChrome((args) => rootLoader(deps, args)),
      // React Router would skip a pathless parent's loader when only the path changes.
      shouldRevalidate: () => true,
      children: [...byLayout].map(([layout, children]) => ({
        id: layoutRouteId(layout),
        Component: LAYOUTS[layout],
        children,
      })),
    },
  ];
}
