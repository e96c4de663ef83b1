/**
 * The session's own calls (spec §4, §7): member info at each page entry, RefreshToken to keep the
 * session alive, and logout. Every page's session needs them, so they sit beside it; sign-in is the
 * auth feature's, the member area's calls the member feature's.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AckResult } from '@shared/contract/common';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import { SYSTEM_ENDPOINTS } from '@shared/system/endpoints';
import type { MemberInfoResult } from '@shared/member/types';
import type { RefreshTokenResult } from '@shared/system/types';
import type { Http } from './http/http';

export const sessionKeys = {
  all: ['session'] as const,
  memberInfo: () => [...sessionKeys.all, 'member-info'] as const,
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

export const memberInfoQueryOptions = (http: Http) =>
  queryOptions({ queryKey: sessionKeys.memberInfo(), queryFn: () => getMemberInfo(http) });
