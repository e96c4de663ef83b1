/** Sign-in and registration (spec §7, §9): login, register, the user-name check and the captcha. */
import { queryOptions } from '@tanstack/react-query';
import { CAPTCHA_TIMEOUT_MS } from '@shared/constants';
import type { AckResult } from '@shared/contract/common';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import type { CheckUserNameBody, LoginBody, LoginResult, RegisterBody } from '@shared/member/types';
import type { CaptchaResult } from '@shared/system/types';
import { NO_TOKEN, type Http } from './http';
import { memberKeys, type FormCallOptions } from './member';

/** POST /api/member/login — log in; the server's proxy keeps the token in an HttpOnly cookie. */
export function login(http: Http, body: LoginBody, options: FormCallOptions = {}): Promise<LoginResult> {
  return http.call(MEMBER_ENDPOINTS.login, { ...options, ...NO_TOKEN.signIn, data: body });
}

/** POST /api/member/reg — register a member. */
export function register(http: Http, body: RegisterBody, options: FormCallOptions = {}): Promise<AckResult> {
  return http.call(MEMBER_ENDPOINTS.register, { ...options, ...NO_TOKEN.signIn, data: body });
}

/**
 * POST /api/member/checkUserNameUnique — true when the name is free. Asked while the user types,
 * so the same body may repeat within a second: not a duplicate submit.
 */
export async function checkUserNameUnique(http: Http, username: string): Promise<boolean> {
  const body: CheckUserNameBody = { username };
  const result = await http.call(MEMBER_ENDPOINTS.checkUserNameUnique, {
    ...NO_TOKEN.signIn,
    repeatSubmit: false,
    notify: false,
    data: body,
  });
  return result.data;
}

/** GET /captchaImage — a new captcha (spec §9: 20 s timeout); `captchaEnabled: false` when off. */
export function getCaptchaImage(http: Http): Promise<CaptchaResult> {
  return http.call(MEMBER_ENDPOINTS.captchaImage, { ...NO_TOKEN.signIn, timeout: CAPTCHA_TIMEOUT_MS });
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
