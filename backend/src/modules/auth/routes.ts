/**
 * Authentication (spec §7): captcha, login, logout, registration, user-name check and token
 * refresh — the HTTP side of service.ts.
 */
import type { Request } from 'express';
import { CLIENT_HEADER } from '@shared/constants';
import type { CaptchaResult, RefreshTokenResult } from '@shared/system/types';
import type { AjaxResult } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { LoginResult, PowChallenge } from '@shared/member/types';
import type { AppContext } from '../../context';
import { ack, MSG_SUCCESS, success } from '../../envelope';
import type { Routes } from '../../routing';
import { MSG_RECOVERY_REQUESTED } from '@shared/member/recovery';
import { siteBase } from '../../site-base';
import { requestRecovery, resetByToken } from './recovery';
import { login, nameTaken, register } from './service';
import { signOut } from './sign-out';

/** What the BFF's client header may hold: an address, an IPv6 /64, or `unknown` (rate-limit.ts clientKey). */
const CLIENT_KEY = /^[\w.:/%-]{1,64}$/;

/**
 * The client a login counts against: the BFF's header (it replaces whatever a browser sent), else
 * the peer address — a caller that reaches the backend directly, which listens on 127.0.0.1 unless
 * BACKEND_HOST says otherwise.
 */
export function clientOf(req: Request): string {
  const header = req.get(CLIENT_HEADER);
  if (header !== undefined && CLIENT_KEY.test(header)) return header;
  return req.socket.remoteAddress ?? 'unknown';
}

export function registerAuthRoutes(routes: Routes, ctx: AppContext): void {
  routes.open(
    ENDPOINTS.captchaImage,
    (): CaptchaResult => {
      if (!ctx.config.captchaEnabled) return { code: 200, msg: MSG_SUCCESS, captchaEnabled: false };
      const challenge = ctx.captchaGenerator();
      const uuid = ctx.captchas.issue(challenge.text);
      return {
        code: 200,
        msg: MSG_SUCCESS,
        captchaEnabled: true,
        uuid,
        img: challenge.png.toString('base64'),
      };
    },
    { noStore: true },
  );

  routes.open(ENDPOINTS.powChallenge, async (): Promise<AjaxResult<PowChallenge>> => success(await ctx.pow.challenge()), {
    noStore: true,
  });

  routes.open(ENDPOINTS.login, async (req, { body }): Promise<LoginResult> => ({
    code: 200,
    msg: MSG_SUCCESS,
    ...(await login(ctx, body, clientOf(req))),
  }));

  routes.optional(ENDPOINTS.logout, (_req, session) => {
    if (session) signOut(ctx, session);
    return ack('退出成功');
  });

  routes.member(ENDPOINTS.refreshToken, (_req, session): RefreshTokenResult => ({
    code: 200,
    msg: MSG_SUCCESS,
    expiresIn: ctx.tokens.refresh(session),
  }));

  routes.open(ENDPOINTS.checkUserNameUnique, (_req, { body: { username } }): AjaxResult<boolean> => {
    const taken = nameTaken(ctx, username);
    return { code: 200, msg: taken ? '用户名已存在' : '用户名可用', data: !taken };
  });

  routes.open(ENDPOINTS.register, async (_req, { body }) => {
    await register(ctx, body);
    return ack('注册成功');
  });

  // The same answer whatever the account; the mail leaves after it (recovery.ts).
  routes.open(ENDPOINTS.passwordRecover, async (req, { body }) => {
    await requestRecovery(ctx, body, siteBase(ctx.config, req));
    return ack(MSG_RECOVERY_REQUESTED);
  });

  routes.open(ENDPOINTS.passwordReset, async (req, { body }) => ack(await resetByToken(ctx, body, clientOf(req))));
}
