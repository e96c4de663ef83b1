/**
 * Member module (spec §7), the part every page's session needs: the query keys, member info,
 * RefreshToken and logout. The rest is split so that the mobile site's first load, which carries
 * this module, does not carry it too (issue 14): sign-in and registration in member-auth.ts, the
 * member area's calls in member-area.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AckResult } from '@shared/contract/common';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import { SYSTEM_ENDPOINTS } from '@shared/system/endpoints';
import type { MemberInfoResult, MemberOrderParams, ScoreLogParams } from '@shared/member/types';
import type { RefreshTokenResult } from '@shared/system/types';
import { type Http, type RequestOptions } from './http';

/** Options a form may pass, e.g. `notify: false` to show failures beside its fields. */
export type FormCallOptions = Pick<RequestOptions, 'notify'>;

export const memberKeys = {
  all: ['member'] as const,
  info: () => [...memberKeys.all, 'info'] as const,
  tiers: () => [...memberKeys.all, 'tiers'] as const,
  orderLists: () => [...memberKeys.all, 'orders'] as const,
  orders: (params: MemberOrderParams) => [...memberKeys.orderLists(), params] as const,
  regionTree: () => [...memberKeys.all, 'region-tree'] as const,
  scoreLog: (params: ScoreLogParams) => [...memberKeys.all, 'score-log', params] as const,
  randomPassword: () => [...memberKeys.all, 'random-password'] as const,
  captcha: () => [...memberKeys.all, 'captcha'] as const,
};

/** POST /logout — end the session; the proxy clears the cookies whatever the backend says. */
export function logout(http: Http): Promise<AckResult> {
  return http.call(MEMBER_ENDPOINTS.logout);
}

/** GET /cms/system/RefreshToken — extend the token's sliding expiry; the proxy extends the cookie. */
export function refreshToken(http: Http): Promise<RefreshTokenResult> {
  return http.call(SYSTEM_ENDPOINTS.refreshToken);
}

/** GET /cms/member/getMemberInfo — the member (`user`), roles and permissions. */
export function getMemberInfo(http: Http): Promise<MemberInfoResult> {
  return http.call(MEMBER_ENDPOINTS.memberInfo);
}

export const memberInfoQueryOptions = (http: Http) => queryOptions({ queryKey: memberKeys.info(), queryFn: () => getMemberInfo(http) });
