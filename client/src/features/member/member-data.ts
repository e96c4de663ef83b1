/**
 * How member pages load their data. Like the member info of spec §4, a member page asks the
 * backend at each entry (staleTime 0) instead of trusting the tab's cache: points, logs, orders and
 * follow-ups change on other pages (an unlock on a detail page, staff confirming an order), and a
 * member must never read a stale balance. Within a page, mutations invalidate through the key
 * factories. On the server the query client is new per request, so this changes nothing there.
 */
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { DictType } from '@shared/system/types';
import { prefetchDicts } from '../../api/system';
import { gjNumQueryOptions } from '../../api/visit';
import type { AppDeps } from '../../lib/page';

/** The page's own data: a failure fails the page (error page with its status, spec §8). */
export function fetchFresh<T, K extends QueryKey>(deps: AppDeps, options: FetchQueryOptions<T, Error, T, K>): Promise<T> {
  return deps.queryClient.fetchQuery({ ...options, staleTime: 0 });
}

/**
 * What every member page shows around its content: the side menu's follow-up badge and the
 * dictionaries the page labels codes with. Both degrade (no badge, raw codes) rather than fail.
 */
export function loadMemberChrome(deps: AppDeps, dicts: readonly DictType[] = []): Promise<unknown> {
  return Promise.all([
    deps.queryClient.prefetchQuery({ ...gjNumQueryOptions(deps.http), staleTime: 0 }),
    prefetchDicts(deps.queryClient, deps.http, dicts),
  ]);
}
