/**
 * Password recovery by mail (ext `passwordRecovery`; docs/decisions/password-recovery.md). A
 * request names an account or an address; a link goes only to an address its member confirmed
 * (alerts' confirmation link), since the profile's address is free text anyone could have typed.
 * Every request answers the same, and the mail leaves after the answer, so neither the message nor
 * the time says whether an account or an address exists. A request costs the login's captcha and
 * proof of work; an account gets a link at most every few minutes and a few a day, an address its
 * daily mail budget (mail.ts), a client the portal's per-IP limit. The link is single-use and
 * short-lived, stored as a digest; using it sets the password as registration checks it and ends
 * every session.
 */
import {
  MSG_RECOVERY_DONE,
  PASSWORD_RESET_PATH,
  RECOVERIES_PER_ACCOUNT_PER_DAY,
  RECOVERY_ACCOUNTS_MAX,
  RECOVERY_RESEND_MINUTES,
  RECOVERY_VALID_MINUTES,
} from '@shared/member/recovery';
import { MAILS_PER_ADDRESS_PER_DAY, mailLink } from '@shared/alerts/mail';
import { formatDate, formatDateTime, MINUTE_MS } from '../../clock';
import type { AppContext } from '../../context';
import { invalid } from '../../envelope';
import { mailAddressKey } from '../../mail';
import { newOneTimeToken, tokenDigest } from '../../one-time-token';
import { escapeHtml } from '../../search/highlight';
import { isConfirmed } from '../alerts/mail';
import { setPasswordHash } from '../member/queries';
import { passwordProblem } from './passwords';
import * as q from './queries';
import { checkBotDefences } from './service';
import { signOutEverywhere } from './sign-out';
import { userNameKey } from './user-name-key';

export const MSG_RECOVERY_LINK_INVALID = '重置链接无效或已过期，请重新找回密码';

export interface RecoverInput {
  account: string;
  code?: string | undefined;
  uuid?: string | undefined;
  pow?: string | undefined;
}

/** The accounts the request names that have a confirmed address, each with it. */
function accountsNamed(ctx: AppContext, account: string): Array<q.RecoveryAccount & { email: string }> {
  const rows = account.includes('@')
    ? q.recoveryAccountsAt.all(ctx.sql, { address: mailAddressKey(account), limit: RECOVERY_ACCOUNTS_MAX })
    : [q.recoveryAccountNamed.get(ctx.sql, { userName: account, nameKey: userNameKey(account) })].filter((row) => row !== undefined);
  return rows.filter((row): row is q.RecoveryAccount & { email: string } => isConfirmed(row.email, row.verified));
}

/**
 * A recovery request: resolves once the answer may be given (the bot checks passed); the mail, if
 * any, is sent afterwards (`sending`, for tests and the log).
 */
export async function requestRecovery(ctx: AppContext, input: RecoverInput, siteBase: string): Promise<{ sending: Promise<void> }> {
  await checkBotDefences(ctx, input);
  const now = ctx.clock();
  const day = formatDate(now);
  const recent = formatDateTime(new Date(now.getTime() - RECOVERY_RESEND_MINUTES * MINUTE_MS));
  const links = ctx.db.transaction(() =>
    accountsNamed(ctx, input.account.trim()).flatMap((account) => {
      const last = q.recoveryOf.get(ctx.sql, { memberId: account.id });
      if (last && (last.sentAt > recent || (last.day === day && last.sentToday >= RECOVERIES_PER_ACCOUNT_PER_DAY))) return [];
      const { token, digest } = newOneTimeToken();
      q.saveRecovery.run(ctx.sql, { memberId: account.id, hash: digest, now: formatDateTime(now), day });
      return [{ userName: account.userName, address: account.email, link: mailLink(siteBase, PASSWORD_RESET_PATH, token) }];
    }),
  )();
  if (links.length === 0 || !ctx.mailer.available) return { sending: Promise.resolve() };
  const sending = ctx.mailer
    .send(recoveryMail(links[0]!.address, links), MAILS_PER_ADDRESS_PER_DAY)
    .then(() => undefined)
    .catch((err: unknown) => ctx.log.error('backend: password recovery mail failed', err));
  return { sending };
}

function recoveryMail(to: string, links: ReadonlyArray<{ userName: string; link: string }>) {
  const intro = '有人在山东项目网为下列账号申请了重置密码。';
  const valid = `链接 ${RECOVERY_VALID_MINUTES} 分钟内有效，只能使用一次；重置后所有设备上的登录都会退出。`;
  const ignore = '不是您本人操作，请忽略本邮件，密码不会改变。';
  return {
    to,
    subject: '山东项目网：重置密码',
    text: `${intro}\n\n${links.map((l) => `账号 ${l.userName}：${l.link}`).join('\n')}\n\n${valid}\n${ignore}\n`,
    html:
      `<p>${intro}</p><ul>${links
        .map((l) => `<li>账号 ${escapeHtml(l.userName)}：<a href="${escapeHtml(l.link)}">重置密码</a></li>`)
        .join('')}</ul>` + `<p>${valid}</p><p>${ignore}</p>`,
  };
}

/**
 * A recovery link's token and the new password (RSA-encrypted, the rules of registration): the
 * password is set, the link used up, and every session of the member ends.
 */
export async function resetByToken(ctx: AppContext, input: { token: string; password: string }, client: string): Promise<string> {
  const hash = tokenDigest(input.token);
  const valid = () => {
    const row = q.recoveryByToken.get(ctx.sql, { hash });
    const oldest = formatDateTime(new Date(ctx.clock().getTime() - RECOVERY_VALID_MINUTES * MINUTE_MS));
    return row && row.sentAt > oldest ? row : null;
  };
  if (!valid()) throw invalid(MSG_RECOVERY_LINK_INVALID);
  const password = await ctx.passwords.decrypt(input.password);
  if (password === null) throw invalid('密码无法解密，请刷新页面后重试');
  const problem = passwordProblem(password);
  if (problem) throw invalid(problem);
  const passwordHash = await ctx.hasher.hash(password);
  // Read again after the hashing: a parallel use of the same link must not set a second password.
  return ctx.db.transaction(() => {
    const row = valid();
    if (!row) throw invalid(MSG_RECOVERY_LINK_INVALID);
    setPasswordHash.run(ctx.sql, { memberId: row.memberId, hash: passwordHash });
    signOutEverywhere(ctx, row.memberId);
    ctx.lockout.clear(row.userName, client);
    return MSG_RECOVERY_DONE;
  })();
}
