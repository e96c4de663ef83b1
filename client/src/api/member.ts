/**
 * Member module (spec §7) plus the two system calls the session needs (captcha, RefreshToken):
 * login, registration, member info, tiers, orders, points, random password, profile.
 */
import { queryOptions } from '@tanstack/react-query';
import { CAPTCHA_TIMEOUT_MS } from '@shared/constants';
import type { AckResult, TableDataInfo, TreeSelectNode } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type {
  CheckUserNameBody,
  LoginBody,
  LoginResult,
  MemberInfoResult,
  MemberOrderParams,
  MemberTier,
  MemberUser,
  Order,
  RandomPassword,
  RegisterBody,
  ResetPasswordQuery,
  ScoreLogItem,
  ScoreLogParams,
  UpdateProfileBody,
} from '@shared/contract/member';
import type { CaptchaResult, RefreshTokenResult } from '@shared/contract/system';
import { NO_TOKEN, type Http, type RequestOptions } from './http';

/** Options a form may pass, e.g. `notify: false` to show failures beside its fields. */
type FormCallOptions = Pick<RequestOptions, 'notify'>;

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

/** POST /api/member/login — log in; the server's proxy keeps the token in an HttpOnly cookie. */
export function login(http: Http, body: LoginBody, options: FormCallOptions = {}): Promise<LoginResult> {
  return http.call(ENDPOINTS.login, { ...options, ...NO_TOKEN.signIn, data: body });
}

/** POST /logout — end the session; the proxy clears the cookies whatever the backend says. */
export function logout(http: Http): Promise<AckResult> {
  return http.call(ENDPOINTS.logout);
}

/** POST /api/member/reg — register a member. */
export function register(http: Http, body: RegisterBody, options: FormCallOptions = {}): Promise<AckResult> {
  return http.call(ENDPOINTS.register, { ...options, ...NO_TOKEN.signIn, data: body });
}

/**
 * POST /api/member/checkUserNameUnique — true when the name is free. Asked while the user types,
 * so the same body may repeat within a second: not a duplicate submit.
 */
export async function checkUserNameUnique(http: Http, username: string): Promise<boolean> {
  const body: CheckUserNameBody = { username };
  const result = await http.call(ENDPOINTS.checkUserNameUnique, {
    ...NO_TOKEN.signIn,
    repeatSubmit: false,
    notify: false,
    data: body,
  });
  return result.data;
}

/** GET /captchaImage — a new captcha (spec §9: 20 s timeout); `captchaEnabled: false` when off. */
export function getCaptchaImage(http: Http): Promise<CaptchaResult> {
  return http.call(ENDPOINTS.captchaImage, { ...NO_TOKEN.signIn, timeout: CAPTCHA_TIMEOUT_MS });
}

/**
 * Never cached: a captcha is single use. Fetched by the browser only, so a cached login page
 * never hands one challenge to many visitors.
 */
export const captchaQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: memberKeys.captcha(),
    queryFn: () => getCaptchaImage(http),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** GET /cms/system/RefreshToken — extend the token's sliding expiry; the proxy extends the cookie. */
export function refreshToken(http: Http): Promise<RefreshTokenResult> {
  return http.call(ENDPOINTS.refreshToken);
}

/** GET /cms/member/getMemberInfo — the member (`user`), roles and permissions. */
export function getMemberInfo(http: Http): Promise<MemberInfoResult> {
  return http.call(ENDPOINTS.memberInfo);
}

export const memberInfoQueryOptions = (http: Http) => queryOptions({ queryKey: memberKeys.info(), queryFn: () => getMemberInfo(http) });

/** GET /cms/member/list — the tiers on offer and what each includes. */
export function getMemberTiers(http: Http): Promise<TableDataInfo<MemberTier>> {
  return http.call(ENDPOINTS.memberTiers);
}

export const memberTiersQueryOptions = (http: Http) => queryOptions({ queryKey: memberKeys.tiers(), queryFn: () => getMemberTiers(http) });

/** GET /cms/member/memberList — the member's orders (开通记录), newest first. */
export function getMemberOrders(http: Http, params: MemberOrderParams): Promise<TableDataInfo<Order>> {
  return http.call(ENDPOINTS.memberOrders, { params });
}

export const memberOrdersQueryOptions = (http: Http, params: MemberOrderParams) =>
  queryOptions({ queryKey: memberKeys.orders(params), queryFn: () => getMemberOrders(http, params) });

/** GET /cms/member/treeselect — the region tree for the bidding subscription. */
export async function getRegionTree(http: Http): Promise<TreeSelectNode[]> {
  const body = await http.call(ENDPOINTS.treeselect);
  return body.data;
}

export const regionTreeQueryOptions = (http: Http) =>
  queryOptions({ queryKey: memberKeys.regionTree(), queryFn: () => getRegionTree(http), staleTime: 10 * 60_000 });

/** GET /cms/member/memberLogScoreList/ — the points log (积分日志), newest first. */
export function getScoreLog(http: Http, params: ScoreLogParams): Promise<TableDataInfo<ScoreLogItem>> {
  return http.call(ENDPOINTS.scoreLog, { params });
}

export const scoreLogQueryOptions = (http: Http, params: ScoreLogParams) =>
  queryOptions({ queryKey: memberKeys.scoreLog(params), queryFn: () => getScoreLog(http, params) });

/** GET /cms/member/getRandomPassword/ — the per-login secret the /3g QR code carries. */
export async function getRandomPassword(http: Http): Promise<RandomPassword> {
  const body = await http.call(ENDPOINTS.randomPassword);
  return body.data;
}

export const randomPasswordQueryOptions = (http: Http) =>
  queryOptions({ queryKey: memberKeys.randomPassword(), queryFn: () => getRandomPassword(http), staleTime: 0 });

/**
 * GET /cms/member/createRandomPassword/{x} — rotate the random password. `{x}` only makes each
 * call's URL unique (a GET that changes state must not be answered from a cache).
 */
export async function createRandomPassword(http: Http, x: number = Date.now()): Promise<RandomPassword> {
  const body = await http.call(ENDPOINTS.createRandomPassword, { path: { x } });
  return body.data;
}

/** PUT /cms/member/resetPassword — change the password; both values RSA-encrypted, in the query. */
export function resetPassword(http: Http, query: ResetPasswordQuery, options: FormCallOptions = {}): Promise<AckResult> {
  return http.call(ENDPOINTS.resetPassword, { ...options, params: query });
}

/**
 * PUT /cms/member/updateProfile — profile and bidding subscription (absent fields unchanged);
 * answers the member as saved (keywords trimmed and de-duplicated).
 */
export async function updateProfile(http: Http, body: UpdateProfileBody, options: FormCallOptions = {}): Promise<MemberUser> {
  const result = await http.call(ENDPOINTS.updateProfile, { ...options, data: body });
  return result.data;
}
