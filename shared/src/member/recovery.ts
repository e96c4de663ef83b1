/**
 * Password recovery by mail (ext `passwordRecovery`, docs/decisions/password-recovery.md): the
 * member names their account or its confirmed address, a one-time link goes to that address, and
 * the link's page sets a new password.
 */

/** The pages of recovery: asking for the link, and the link's own page (`?token=`). Both fit phones. */
export const PASSWORD_FORGOT_PATH = '/password/forgot';
export const PASSWORD_RESET_PATH = '/password/reset';

/** A recovery link is good for this long, and once. */
export const RECOVERY_VALID_MINUTES = 30;
/** One account gets a recovery mail at most this often. */
export const RECOVERY_RESEND_MINUTES = 5;
/** Recovery links one account gets per day (Asia/Shanghai); the address's daily mail budget applies too. */
export const RECOVERIES_PER_ACCOUNT_PER_DAY = 5;
/** Accounts one recovery mail names, when several share a confirmed address. */
export const RECOVERY_ACCOUNTS_MAX = 5;

/** The answer to every request, whether or not the account or address exists (no enumeration). */
export const MSG_RECOVERY_REQUESTED = `如果该账号已绑定并确认过邮箱，重置密码的链接已发送到该邮箱，${RECOVERY_VALID_MINUTES} 分钟内有效，请查收（含垃圾邮件箱）`;
export const MSG_RECOVERY_DONE = '密码已重置，所有设备上的登录已退出，请使用新密码登录';
