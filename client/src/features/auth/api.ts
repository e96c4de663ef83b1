/**
 * Sign-in and registration (spec §7, §9): login, register, the user-name check and the captcha;
 * and the random password the /3g QR code signs a phone in with.
 */
import { queryOptions } from '@tanstack/react-query';
import { CAPTCHA_TIMEOUT_MS } from '@shared/constants';
import type { AckResult } from '@shared/contract/common';
import { MEMBER_ENDPOINTS } from '@shared/member/endpoints';
import type {
  CheckUserNameBody,
  LoginBody,
  LoginResult,
  RandomPassword,
  RecoverPasswordBody,
  RegisterBody,
  ResetPasswordBody,
} from '@shared/member/types';
import type { CaptchaResult } from '@shared/system/types';
import { NO_TOKEN, type FormCallOptions, type Http } from '../../lib/http/http';

export const authKeys = {
  all: ['auth'] as const,
  captcha: () => [...authKeys.all, 'captcha'] as const,
  randomPassword: () => [...authKeys.all, 'random-password'] as const,
};

/** POST /api/member/login — log in; the server's proxy keeps the token in an HttpOnly cookie. */
export function login(http: Http, body: LoginBody, options: FormCallOptions = {}): Promise<LoginResult> {
  return http.call(MEMBER_ENDPOINTS.login, { ...options, ...NO_TOKEN.signIn, data: body });
}

/** POST /api/member/reg — register a member. */
export function register(http: Http, body: RegisterBody, options: FormCallOptions = {}): Promise<AckResult> {
  return http.call(MEMBER_ENDPOINTS.register, { ...options, ...NO_TOKEN.signIn, data: body });
}

/** ext POST /api/ext/password/recover — mail a recovery link; the answer is the same whoever is named. */
export function requestPasswordRecovery(http: Http, body: RecoverPasswordBody): Promise<AckResult> {
  return http.call(MEMBER_ENDPOINTS.passwordRecover, { ...NO_TOKEN.signIn, notify: false, data: body });
}

/** ext POST /api/ext/password/reset — the mailed link's token and the new password (encrypted). */
export function resetPasswordByLink(http: Http, body: ResetPasswordBody): Promise<AckResult> {
  return http.call(MEMBER_ENDPOINTS.passwordReset, { ...NO_TOKEN.signIn, notify: false, data: body });
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
    queryKey: authKeys.captcha(),
    queryFn: () => getCaptchaImage(http),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** GET /cms/member/getRandomPassword/ — the per-login secret the /3g QR code carries. */
export async function getRandomPassword(http: Http): Promise<RandomPassword> {
  const body = await http.call(MEMBER_ENDPOINTS.randomPassword);
  return body.data;
}

export const randomPasswordQueryOptions = (http: Http) =>
  queryOptions({ queryKey: authKeys.randomPassword(), queryFn: () => getRandomPassword(http), staleTime: 0 });

/**
 * GET /cms/member/createRandomPassword/{x} — rotate the random password. `{x}` only makes each
 * call's URL unique (a GET that changes state must not be answered from a cache).
 */
export async function createRandomPassword(http: Http, x: number = Date.now()): Promise<RandomPassword> {
  const body = await http.call(MEMBER_ENDPOINTS.createRandomPassword, { path: { x } });
  return body.data;
}
