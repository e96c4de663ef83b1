/**
 * Account lockout (DOMAIN.md, after RuoYi's SysPasswordService): wrong passwords
 * count per account *and client* for 10 minutes from the latest failure. Each refusal says how many
 * tries that client has left ("还可尝试N次"); the fifth locks that client out of that account for
 * 10 minutes ("密码输入错误5次，账号锁定10分钟"), right password or not. Other clients — the owner
 * among them — are not locked: five wrong passwords from elsewhere do not shut the owner out.
 * An attacker pays instead: every try costs a captcha (when on) and a BFF login slot, and a client
 * gets 5 tries per account per 10 minutes. Unknown user names count the same way, so nothing says
 * which names exist. Accounts are keyed by the look-alike key, so `ＤＥＭＯ` shares demo's count.
 * Kept in the database, so a restart does not unlock.
 */
import { MINUTE_MS, type Clock } from '../../clock';
import type { Statements } from '../../db/connection';
import { MSG_BAD_CREDENTIALS } from './passwords';
import * as q from './queries';
import { userNameKey } from './user-name-key';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 10;
export const MSG_LOCKED = `密码输入错误${MAX_FAILURES}次，账号锁定${LOCK_MINUTES}分钟`;
const WINDOW_MS = LOCK_MINUTES * MINUTE_MS;
/**
 * Beyond the pair's five, two wider counts in the same window: one client guessing across accounts
 * (a list of names, 4 tries each) is locked out of every account at MAX_CLIENT_FAILURES, and one
 * account guessed at from many clients (a botnet) is locked for every client at
 * MAX_ACCOUNT_FAILURES. The second lets an attacker lock an owner out, at the price of that many
 * captchas and proofs of work per 10 minutes; it caps what a botnet gets to try per account.
 */
export const MAX_CLIENT_FAILURES = 20;
export const MAX_ACCOUNT_FAILURES = 30;
export const MSG_CLIENT_LOCKED = `登录失败次数过多，请${LOCK_MINUTES}分钟后再试`;
/** The name key and the client that stand for "every account" and "every client" in the counts. */
const ANY = '\u0000any';

/** The refusal of a wrong password with `left` tries remaining for this client. */
export function badCredentialsMessage(left: number): string {
  return `${MSG_BAD_CREDENTIALS}，还可尝试${left}次`;
}

export class LoginLockout {
  constructor(
    private readonly sql: Statements,
    private readonly clock: Clock,
  ) {}

  /** The refusal of a try while locked: null when this client may try this account. */
  refusal(userName: string, client: string): string | null {
    return this.lockMessage(userNameKey(userName), client);
  }

  private lockMessage(key: string, client: string): string | null {
    if (this.currentFailures(ANY, client) >= MAX_CLIENT_FAILURES) return MSG_CLIENT_LOCKED;
    if (this.currentFailures(key, client) >= MAX_FAILURES || this.currentFailures(key, ANY) >= MAX_ACCOUNT_FAILURES) return MSG_LOCKED;
    return null;
  }

  /** Counts a failure; answers the message to refuse it with (tries left, or locked). */
  recordFailure(userName: string, client: string): string {
    const left = this.countFailure(userName, client);
    return left === 0 ? (this.refusal(userName, client) ?? MSG_LOCKED) : badCredentialsMessage(left);
  }

  /** Counts a failure for the pair, the client and the account; answers how many tries this client has left (0: locked). */
  countFailure(userName: string, client: string): number {
    const key = userNameKey(userName);
    const now = this.clock().getTime();
    const failures = this.bump(key, client, now);
    this.bump(ANY, client, now);
    this.bump(key, ANY, now);
    // Forget stale rows now and then, so guessing random names cannot grow the table for ever.
    if (failures === 1) q.deleteFailuresBefore.run(this.sql, { before: now - WINDOW_MS });
    return this.lockMessage(key, client) === null ? MAX_FAILURES - failures : 0;
  }

  private bump(nameKey: string, client: string, now: number): number {
    const failures = this.currentFailures(nameKey, client) + 1;
    q.saveFailures.run(this.sql, { nameKey, client, failures, at: now });
    return failures;
  }

  clear(userName: string, client: string): void {
    q.clearFailures.run(this.sql, { nameKey: userNameKey(userName), client });
  }

  private currentFailures(key: string, client: string): number {
    const row = q.failuresOf.get(this.sql, { nameKey: key, client });
    if (!row || row.lastFailureAt <= this.clock().getTime() - WINDOW_MS) return 0;
    return row.failures;
  }
}
