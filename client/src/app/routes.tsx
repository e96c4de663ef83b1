/**
 * The route tree of spec §2, built from the shared table, and the navigation pipeline every page
 * goes through: auth check → layout → param validation → data (spec §2).
 */
import { use } from 'react';
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { ROUTES, guardRedirect, isStrictPath, loginUrl, parsePositiveId, type LayoutName, type RouteSpec } from '@shared/routes';
import { CONFIG_KEYS } from '@shared/contract/system';
import { ApiError, errorStatus } from '../api/http';
import { configQueryOptions } from '../api/system';
import type { AppDeps, PageModule } from '../lib/page';
import { loadMemberInfo } from '../lib/session';
import { lazyModule, type LazyModule, type LazyPage } from './lazy-module';
import { PAGES } from './pages';
import { RootShell } from './root-shell';
import { RootErrorBoundary } from './error-boundary';
import { DefaultLayout } from './layouts/default-layout';
import { HeaderLayout } from './layouts/header-layout';
import { NullLayout } from './layouts/null-layout';
import { TestLayout } from './layouts/test-layout';
import { ErrorLayout } from './layouts/error-layout';
import { MobileLayout } from './layouts/mobile-layout';

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

const LAYOUTS: Record<LayoutName, RouteObject['Component']> = {
  default: DefaultLayout,
  header: HeaderLayout,
  error: ErrorLayout,
  user: UserLayoutRoute,
  null: NullLayout,
  test: TestLayout,
  mobile: MobileLayout,
};

/** The id of the route that renders a layout around its pages. */
export const layoutRouteId = (layout: LayoutName) => `layout-${layout}`;

/** The chunks a route needs before it can render: its page, and its layout when that is lazy. */
export async function loadRouteCode(handle: RouteHandle, targetHref?: string): Promise<PageModule> {
  const [page] = await Promise.all([handle.page.load(targetHref), handle.layout?.load(targetHref)]);
  return page;
}

/** spec §2 step 1: the guard. Visitors on member paths are logged out and sent to login. */
function checkAuth(deps: AppDeps, url: URL): void {
  const loggedIn = deps.session.get().isLogin;
  const target = guardRedirect(url.pathname, url.pathname + url.search, loggedIn);
  if (target) throw redirect(target);
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

function pageLoader(deps: AppDeps, handle: RouteHandle) {
  const { spec } = handle;
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    checkAuth(deps, url);
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
  };
}

/** Site-wide data every page shows (title and description in the header and <head>). */
export function loadSiteData(deps: AppDeps): Promise<unknown> {
  return Promise.all([
    deps.queryClient.ensureQueryData(configQueryOptions(deps.http, CONFIG_KEYS.siteTitle)),
    deps.queryClient.ensureQueryData(configQueryOptions(deps.http, CONFIG_KEYS.siteDescription)),
  ]);
}

async function rootLoader(deps: AppDeps, { request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  checkAuth(deps, url);
  try {
    // spec §4: with a token, member info at each page entry; no `user` logs the member out.
    await Promise.all([loadSiteData(deps), loadMemberInfo(deps)]);
  } catch (error) {
    toRouteError(deps, error, url);
  }
  // A token the backend no longer knows has just been dropped: member pages now go to login.
  checkAuth(deps, url);
  return null;
}

export function createRoutes(deps: AppDeps): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  for (const spec of ROUTES) {
    const importPage = PAGES[spec.path];
    if (!importPage) throw new Error(`no page module for route ${spec.path}`);
    const page = lazyModule(importPage);
    const handle: RouteHandle = { spec, page, layout: spec.layout === 'user' ? userLayout : undefined };
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
      loader: (args) => rootLoader(deps, args),
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
