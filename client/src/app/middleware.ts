/**
 * The route table's named middleware (spec §2): the guard steps of the navigation pipeline, as
 * React Router middleware. Every navigation runs GLOBAL_MIDDLEWARE (the root route's), then the
 * names a route gives (RouteSpec.middleware), before any loader.
 */
import { data, redirect, type MiddlewareFunction } from 'react-router-dom';
import { guardRedirect, unknownMiddlewareMessage } from '@shared/routes';
import { appDeps, navigationHash } from '../lib/page';
import { loadMemberInfo } from '../lib/session';
import { toRouteError } from './route-errors';

/**
 * spec §2 route guard: visitors on member paths go to login, members on login/register to /user.
 * It decides on the member info of this page entry (spec §4: fetched at each one; an answer
 * without `user` logs the member out), so a session the backend has ended goes to login.
 */
const auth: MiddlewareFunction = async ({ request, context }) => {
  const deps = context.get(appDeps);
  const url = new URL(request.url);
  // The request has no hash; the member comes back to the one they were opening.
  url.hash = context.get(navigationHash)();
  try {
    await loadMemberInfo(deps);
  } catch (error) {
    toRouteError(deps, error, url);
  }
  const target = guardRedirect(url.pathname, url.pathname + url.search + url.hash, deps.session.get().isLogin);
  if (target) throw redirect(target);
};

const NAMED: Readonly<Record<string, MiddlewareFunction>> = { auth };

/**
 * The middleware of `names`, in order. spec §8: an unknown name is a 500 "Unknown middleware
 * <name>" — a typo in the route table must not quietly drop a guard.
 */
export function middlewareFor(names: readonly string[]): MiddlewareFunction[] {
  return names.map(
    (name) =>
      (Object.hasOwn(NAMED, name) ? NAMED[name] : undefined) ??
      (() => {
        throw data({ message: unknownMiddlewareMessage(name) }, { status: 500 });
      }),
  );
}
