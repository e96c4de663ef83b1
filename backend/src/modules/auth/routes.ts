/**
 * Authentication (spec §7, DOMAIN.md "Security rules", RuoYi's SysLoginService and
 * SysRegisterService): captcha, login, logout, registration, user-name check and token refresh.
 * Order of checks follows RuoYi: captcha first, then the lockout, the user name, the password.
 */
import type { Request } from 'express';
import { CLIENT_HEADER } from '@shared/constants';
import type { CaptchaResult, RefreshTokenResult } from '@shared/system/types';
import type { AjaxResult } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { LoginResult } from '@shared/member/types';
import { CONFIG_KEYS } from '@shared/system/types';
import { USERNAME_RE } from '@shared/contract/fields';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { SCORE_TYPES } from '../../db/seed/dictionaries';
import { ack, invalid, MSG_SUCCESS } from '../../envelope';
import type { Routes } from '../../routing';
import { newRandomPassword, rotateRandomPassword } from '../member/random-password';
import { changeScore } from '../score/ledger';
import { readCount, readSetting } from '../system/settings';
import { MSG_LOCKED } from './lockout';
import { secretsEqual } from './secure-compare';
import { passwordProblem, usernameLengthOk, USERNAME_MAX, USERNAME_MIN } from './passwords';
import { normalizeUserName, userNameKey } from './user-name-key';

/** What the BFF's client header may hold: an address, an IPv6 /64, or `unknown` (rate-limit.ts clientKey). */
const CLIENT_KEY = /^[\w.:/%-]{1,64}$/;

/**
 * The client a login counts against: the BFF's header (it replaces whatever a browser sent), else
 * the peer address — a caller that reaches the backend directly, which listens on 127.0.0.1 unless
 * BACKEND_HOST says otherwise.
 */
function clientOf(req: Request): string {
  const header = req.get(CLIENT_HEADER);
  if (header !== undefined && CLIENT_KEY.test(header)) return header;
  return req.socket.remoteAddress ?? 'unknown';
}

interface Credentials {
  id: number;
  passwordHash: string;
  randomPassword: string;
}

export function registerAuthRoutes(routes: Routes, ctx: AppContext): void {
  const { sql, db } = ctx;

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

  const checkCaptcha = (code: string | undefined, uuid: string | undefined) => {
    if (ctx.config.captchaEnabled) ctx.captchas.verify(uuid, code);
  };

  routes.open(ENDPOINTS.login, (req, { body: input }): LoginResult => {
    checkCaptcha(input.code, input.uuid);
    const username = input.username;
    const client = clientOf(req);
    if (ctx.lockout.isLocked(username, client)) throw invalid(MSG_LOCKED);
    // A name no account can have is a wrong guess like any other: it counts and answers the same.
    if (!usernameLengthOk(username)) throw invalid(ctx.lockout.recordFailure(username, client));

    const secret = ctx.passwords.decrypt(input.password);
    // The name as stored first; else its look-alike key (`ｄｅｍｏ` signs in as demo, as it could not register).
    const member = sql
      .get<[string, string, string], Credentials>(
        `SELECT id, password_hash AS passwordHash, random_password AS randomPassword FROM member
         WHERE user_name = ? OR user_name_key = ? ORDER BY user_name = ? DESC LIMIT 1`,
      )
      .get(username, userNameKey(username), username);
    // With no member or no decryptable secret, the hasher still spends a bcrypt comparison,
    // so the answer takes as long whether or not the user name exists.
    const accepted =
      input.loginType === 'randomPassword'
        ? member !== undefined && secret !== null && secretsEqual(secret, member.randomPassword)
        : ctx.hasher.verify(secret ?? '', member && secret !== null ? member.passwordHash : null);
    if (!member || !accepted) throw invalid(ctx.lockout.recordFailure(username, client));

    const now = ctx.clock();
    return db.transaction((): LoginResult => {
      ctx.lockout.clear(username, client);
      sql.get('UPDATE member SET login_date = ? WHERE id = ?').run(formatDateTime(now), member.id);
      const { randomPassword } = rotateRandomPassword(sql, member.id, now);
      const { token, expiresIn } = ctx.tokens.issue(member.id);
      return { code: 200, msg: MSG_SUCCESS, token, randomPassword, expiresIn };
    })();
  });

  routes.optional(ENDPOINTS.logout, (_req, session) => {
    if (session) ctx.tokens.revoke(session);
    return ack('退出成功');
  });

  routes.member(ENDPOINTS.refreshToken, (_req, session): RefreshTokenResult => ({
    code: 200,
    msg: MSG_SUCCESS,
    expiresIn: ctx.tokens.refresh(session),
  }));

  /** Taken: the name itself or a look-alike of it (user-name-key.ts), as registration would refuse. */
  const nameTaken = (username: string): boolean =>
    sql
      .get<[string, string], { id: number }>('SELECT id FROM member WHERE user_name = ? OR user_name_key = ? LIMIT 1')
      .get(username, userNameKey(username)) !== undefined;

  routes.open(ENDPOINTS.checkUserNameUnique, (_req, { body: { username } }): AjaxResult<boolean> => {
    const taken = nameTaken(normalizeUserName(username));
    return { code: 200, msg: taken ? '用户名已存在' : '用户名可用', data: !taken };
  });

  routes.open(ENDPOINTS.register, (_req, { body: input }) => {
    if (readSetting(sql, CONFIG_KEYS.registerUser) !== 'true') throw invalid('当前系统没有开启注册功能！');
    checkCaptcha(input.code, input.uuid);
    // Stored folded (fullwidth letters typed in a Chinese input method's full-width mode become ASCII).
    const username = normalizeUserName(input.username);
    if (!usernameLengthOk(username)) throw invalid(`账户长度必须在${USERNAME_MIN}到${USERNAME_MAX}个字符之间`);
    if (!USERNAME_RE.test(username)) throw invalid('账户只能包含字母、数字、下划线和汉字');
    const password = ctx.passwords.decrypt(input.password);
    if (password === null) throw invalid('密码无法解密，请刷新页面后重试');
    const problem = passwordProblem(password);
    if (problem) throw invalid(problem);

    const taken = invalid(`保存用户'${username}'失败，注册账号已存在`);
    // Checked before the bcrypt work; the unique key column still decides a race (DO NOTHING below).
    if (nameTaken(username)) throw taken;

    const passwordHash = ctx.hasher.hash(password);
    const now = ctx.clock();
    const gift = readCount(sql, CONFIG_KEYS.registerGift, 0);
    db.transaction(() => {
      const time = formatDateTime(now);
      const row = sql
        .get<(string | null)[], { id: number }>(
          `INSERT INTO member (user_name, user_name_key, password_hash, nick_name, phonenumber, random_password,
             random_password_time, create_time)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
        )
        .get(username, userNameKey(username), passwordHash, username, input.phonenumber ?? '', newRandomPassword(), time, time);
      if (!row) throw taken;
      if (gift > 0) changeScore(sql, row.id, gift, SCORE_TYPES.register.value, '新用户注册赠送积分', now);
    })();
    return ack('注册成功');
  });
}
