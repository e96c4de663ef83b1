/**
 * Authentication rules (spec §7, DOMAIN.md "Security rules", RuoYi's SysLoginService and
 * SysRegisterService): login, registration and the user-name check. Order of checks follows
 * RuoYi: captcha first, then the lockout, the user name, the password.
 */
import { CONFIG_KEYS } from '@shared/system/types';
import { USERNAME_RE } from '@shared/contract/fields';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { invalid } from '../../envelope';
import { SCORE_TYPES } from '../../reference/dictionaries';
import { newRandomPassword, rotateRandomPassword } from '../member/random-password';
import { changeScore } from '../score/ledger';
import { readSetting } from '../system/queries';
import { readCount } from '../system/settings';
import { passwordProblem, usernameLengthOk, USERNAME_MAX, USERNAME_MIN } from './passwords';
import * as q from './queries';
import { secretsEqual } from './secure-compare';
import { normalizeUserName, userNameKey } from './user-name-key';

/**
 * The captcha of a login or registration, when captchas are on; then, when this backend names
 * 'pow' (the captcha and the extensions on), the proof of work (proof-of-work.ts): what a script
 * pays for each try that a captcha reader does not.
 */
export async function checkBotDefences(
  ctx: AppContext,
  input: { code?: string | undefined; uuid?: string | undefined; pow?: string | undefined },
) {
  if (!ctx.config.captchaEnabled) return;
  ctx.captchas.verify(input.uuid, input.code);
  if (ctx.config.extensions) await ctx.pow.verify(input.pow);
}

export interface LoginInput {
  username: string;
  /** RSA-encrypted (spec §7) */
  password: string;
  code?: string | undefined;
  uuid?: string | undefined;
  loginType?: string | undefined;
  pow?: string | undefined;
}

/**
 * Sign in: a token and the mobile QR login's new random password. `client`: who the failures
 * count against (lockout.ts). The decryption and the bcrypt comparison run in worker threads, so
 * other requests go on meanwhile, attempts of the same client among them: the lock is read again
 * once the password has been checked, and an attempt that ends after the lock took hold answers
 * the lock whatever its password, so parallel guesses learn no more than guesses one by one.
 */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  client: string,
): Promise<{ token: string; expiresIn: number; randomPassword: string }> {
  await checkBotDefences(ctx, input);
  const username = input.username;
  const locked = ctx.lockout.refusal(username, client);
  if (locked !== null) throw invalid(locked);
  // A name no account can have is a wrong guess like any other: it counts and answers the same.
  if (!usernameLengthOk(username)) throw invalid(ctx.lockout.recordFailure(username, client));

  const secret = await ctx.passwords.decrypt(input.password);
  // The name as stored first; else its look-alike key (`ｄｅｍｏ` signs in as demo, as it could not register).
  const member = q.credentialsOf.get(ctx.sql, { userName: username, nameKey: userNameKey(username) });
  // With no member or no decryptable secret, the hasher still spends a bcrypt comparison,
  // so the answer takes as long whether or not the user name exists.
  const accepted =
    input.loginType === 'randomPassword'
      ? member !== undefined && secret !== null && secretsEqual(secret, member.randomPassword)
      : await ctx.hasher.verify(secret ?? '', member && secret !== null ? member.passwordHash : null);
  // Other tries may have locked the account while the hash was checked off the thread.
  const lockedNow = ctx.lockout.refusal(username, client);
  if (lockedNow !== null) throw invalid(lockedNow);
  if (!member || !accepted) throw invalid(ctx.lockout.recordFailure(username, client));

  const now = ctx.clock();
  return ctx.db.transaction(() => {
    ctx.lockout.clear(username, client);
    q.setLoginDate.run(ctx.sql, { memberId: member.id, time: formatDateTime(now) });
    const { randomPassword } = rotateRandomPassword(ctx.sql, member.id, now);
    const { token, expiresIn } = ctx.tokens.issue(member.id);
    return { token, randomPassword, expiresIn };
  })();
}

/** Taken: the name itself or a look-alike of it (user-name-key.ts), as registration would refuse. */
export function nameTaken(ctx: AppContext, username: string): boolean {
  const name = normalizeUserName(username);
  return q.memberNamed.get(ctx.sql, { userName: name, nameKey: userNameKey(name) }) !== undefined;
}

export interface RegisterInput {
  username: string;
  /** RSA-encrypted (spec §7) */
  password: string;
  phonenumber?: string | undefined;
  code?: string | undefined;
  uuid?: string | undefined;
  pow?: string | undefined;
}

export async function register(ctx: AppContext, input: RegisterInput): Promise<void> {
  if (readSetting(ctx.sql, CONFIG_KEYS.registerUser) !== 'true') throw invalid('当前系统没有开启注册功能！');
  await checkBotDefences(ctx, input);
  // Stored folded (fullwidth letters typed in a Chinese input method's full-width mode become ASCII).
  const username = normalizeUserName(input.username);
  if (!usernameLengthOk(username)) throw invalid(`账户长度必须在${USERNAME_MIN}到${USERNAME_MAX}个字符之间`);
  if (!USERNAME_RE.test(username)) throw invalid('账户只能包含字母、数字、下划线和汉字');
  const password = await ctx.passwords.decrypt(input.password);
  if (password === null) throw invalid('密码无法解密，请刷新页面后重试');
  const problem = passwordProblem(password);
  if (problem) throw invalid(problem);

  const taken = invalid(`保存用户'${username}'失败，注册账号已存在`);
  // Checked before the bcrypt work; the unique key column still decides a race (DO NOTHING below).
  if (q.memberNamed.get(ctx.sql, { userName: username, nameKey: userNameKey(username) })) throw taken;

  const passwordHash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  const gift = readCount(ctx.sql, CONFIG_KEYS.registerGift, 0);
  ctx.db.transaction(() => {
    const row = q.insertMember.get(ctx.sql, {
      userName: username,
      nameKey: userNameKey(username),
      passwordHash,
      phonenumber: input.phonenumber ?? '',
      randomPassword: newRandomPassword(),
      time: formatDateTime(now),
    });
    if (!row) throw taken;
    if (gift > 0) changeScore(ctx.sql, row.id, gift, SCORE_TYPES.register.value, '新用户注册赠送积分', now);
  })();
}
