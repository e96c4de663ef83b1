/**
 * The member area's calls (spec §7): tiers, orders, the region tree, points, password and profile;
 * and how member pages load their data.
 *
 * Like the member info of spec §4, a member page asks the backend at each entry (staleTime 0)
 * instead of trusting the tab's cache: points, logs, orders and follow-ups change on other pages
 * (an unlock on a detail page, staff confirming an order), and a member must never read a stale
 * balance. Within a page, mutations invalidate through the key factories. On the server the query
 * client is new per request, so this changes nothing there.
 */
import { queryOptions, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { AckResult, TableDataInfo, TreeSelectNode } from '@shared/contract/common';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import type {
  MemberOrderParams,
  MemberTier,
  MemberUser,
  Order,
  ResetPasswordQuery,
  ScoreLogItem,
  ScoreLogParams,
  UpdateProfileBody,
} from '@shared/member/types';
import type { DictType } from '@shared/system/types';
import type { FormCallOptions, Http } from '../../lib/http/http';
import type { AppDeps } from '../../lib/page';
import { prefetchDicts } from '../../lib/system';
import { gjNumQueryOptions } from '../visit/api';

export const memberKeys = {
  all: ['member'] as const,
  tiers: () => [...memberKeys.all, 'tiers'] as const,
  orderLists: () => [...memberKeys.all, 'orders'] as const,
  orders: (params: MemberOrderParams) => [...memberKeys.orderLists(), params] as const,
  regionTree: () => [...memberKeys.all, 'region-tree'] as const,
  scoreLog: (params: ScoreLogParams) => [...memberKeys.all, 'score-log', params] as const,
};

/** GET /cms/member/list — the tiers on offer and what each includes. */
export function getMemberTiers(http: Http): Promise<TableDataInfo<MemberTier>> {
  return http.call(MEMBER_ENDPOINTS.memberTiers);
}

export const memberTiersQueryOptions = (http: Http) => queryOptions({ queryKey: memberKeys.tiers(), queryFn: () => getMemberTiers(http) });

/** GET /cms/member/memberList — the member's orders (开通记录), newest first. */
export function getMemberOrders(http: Http, params: MemberOrderParams): Promise<TableDataInfo<Order>> {
  return http.call(MEMBER_ENDPOINTS.memberOrders, { params });
}

export const memberOrdersQueryOptions = (http: Http, params: MemberOrderParams) =>
  queryOptions({ queryKey: memberKeys.orders(params), queryFn: () => getMemberOrders(http, params) });

/** GET /cms/member/treeselect — the region tree for the bidding subscription. */
export async function getRegionTree(http: Http): Promise<TreeSelectNode[]> {
  const body = await http.call(MEMBER_ENDPOINTS.treeselect);
  return body.data;
}

export const regionTreeQueryOptions = (http: Http) =>
  queryOptions({ queryKey: memberKeys.regionTree(), queryFn: () => getRegionTree(http), staleTime: 10 * 60_000 });

/** GET /cms/member/memberLogScoreList/ — the points log (积分日志), newest first. */
export function getScoreLog(http: Http, params: ScoreLogParams): Promise<TableDataInfo<ScoreLogItem>> {
  return http.call(MEMBER_ENDPOINTS.scoreLog, { params });
}

export const scoreLogQueryOptions = (http: Http, params: ScoreLogParams) =>
  queryOptions({ queryKey: memberKeys.scoreLog(params), queryFn: () => getScoreLog(http, params) });

/** PUT /cms/member/resetPassword — change the password; both values RSA-encrypted, in the query. */
export function resetPassword(http: Http, query: ResetPasswordQuery, options: FormCallOptions = {}): Promise<AckResult> {
  return http.call(MEMBER_ENDPOINTS.resetPassword, { ...options, params: query });
}

/**
 * PUT /cms/member/updateProfile — profile and bidding subscription (absent fields unchanged);
 * answers the member as saved (keywords trimmed and de-duplicated).
 */
export async function updateProfile(http: Http, body: UpdateProfileBody, options: FormCallOptions = {}): Promise<MemberUser> {
  const result = await http.call(MEMBER_ENDPOINTS.updateProfile, { ...options, data: body });
  return result.data;
}

// ── Loading member pages ─────────────────────────────────────────────────────────────────

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
