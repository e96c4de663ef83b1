/**
 * Named route middleware: the guard steps of the navigation pipeline (spec §2), looked up by the
 * names the route table gives (GLOBAL_MIDDLEWARE, then RouteSpec.middleware). Each step either
 * lets the navigation through or throws a redirect or route error.
 */
import { data, redirect } from 'react-router-dom';
import { GLOBAL_MIDDLEWARE, guardRedirect, unknownMiddlewareMessage, type RouteSpec } from '@shared/routes';
import type { AppDeps } from '../lib/page';

export interface MiddlewareContext {
  deps: AppDeps;
  url: URL;
}

export type Middleware = (ctx: MiddlewareContext) => void;

export const MIDDLEWARE: Readonly<Record<string, Middleware>> = {
  /** spec §2 route guard: visitors on member paths go to login, members on login/register to /user. */
  auth({ deps, url }) {
    const target = guardRedirect(url.pathname, url.pathname + url.search, deps.session.get().isLogin);
    if (target) throw redirect(target);
  },
};

/**
 * Runs the named steps in order. spec §8: an unknown name is a 500 "Unknown middleware <name>" —
 * a typo in the route table must not quietly drop a guard.
 */
export function runMiddleware(
  names: readonly string[],
  ctx: MiddlewareContext,
  registry: Readonly<Record<string, Middleware>> = MIDDLEWARE,
): void {
  for (const name of names) {
    const step = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!step) throw data({ message: unknownMiddlewareMessage(name) }, { status: 500 });
    step(ctx);
  }
}

/** The steps a route's navigation runs: the global ones, then its own. */
export const routeMiddleware = (spec: RouteSpec | null): readonly string[] => [...GLOBAL_MIDDLEWARE, ...(spec?.middleware ?? [])];
