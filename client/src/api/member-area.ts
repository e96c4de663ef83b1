/** The member area's calls (spec §7): tiers, orders, the region tree, points, random password, password and profile. */
import { queryOptions } from '@tanstack/react-query';
import type { AckResult, TableDataInfo, TreeSelectNode } from '@shared/contract/common';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import type {
  MemberOrderParams,
  MemberTier,
  MemberUser,
  Order,
  RandomPassword,
  ResetPasswordQuery,
  ScoreLogItem,
  ScoreLogParams,
  UpdateProfileBody,
} from '@shared/member/types';
import type { Http } from './http';
import { memberKeys, type FormCallOptions } from './member';

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

/** GET /cms/member/getRandomPassword/ — the per-login secret the /3g QR code carries. */
export async function getRandomPassword(http: Http): Promise<RandomPassword> {
  const body = await http.call(MEMBER_ENDPOINTS.randomPassword);
  return body.data;
}

export const randomPasswordQueryOptions = (http: Http) =>
  queryOptions({ queryKey: memberKeys.randomPassword(), queryFn: () => getRandomPassword(http), staleTime: 0 });

/**
 * GET /cms/member/createRandomPassword/{x} — rotate the random password. `{x}` only makes each
 * call's URL unique (a GET that changes state must not be answered from a cache).
 */
export async function createRandomPassword(http: Http, x: number = Date.now()): Promise<RandomPassword> {
  const body = await http.call(MEMBER_ENDPOINTS.createRandomPassword, { path: { x } });
  return body.data;
}

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
