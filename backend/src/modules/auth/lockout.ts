/**
 * Account lockout (DOMAIN.md, RuoYi's SysPasswordService): each wrong password counts against the
 * user name for 10 minutes from the latest failure; with 5 counted, every attempt — right password
 * or not — answers "密码输入错误5次，帐户锁定10分钟" until 10 minutes pass without a failure. Unknown
 * user names count too, so the lockout says nothing about which names exist. Kept in the database so
 * a restart does not unlock.
 */
import { MINUTE_MS, type Clock } from '../../clock';
import type { Statements } from '../../db/connection';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 10;
export const MSG_LOCKED = `密码输入错误${MAX_FAILURES}次，帐户锁定${LOCK_MINUTES}分钟`;
const WINDOW_MS = LOCK_MINUTES * MINUTE_MS;

export class LoginLockout {
  constructor(
    private readonly sql: Statements,
    private readonly clock: Clock,
  ) {}

  isLocked(userName: string): boolean {
    return this.currentFailures(userName) >= MAX_FAILURES;
  }

  recordFailure(userName: string): void {
    const now = this.clock().getTime();
    const failures = this.currentFailures(userName) + 1;
    this.sql
      .get(
        `INSERT INTO login_failure (user_name, failures, last_failure_at) VALUES (?, ?, ?)
         ON CONFLICT (user_name) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at`,
      )
      .run(userName, failures, now);
    // Forget stale names now and then, so guessing random names cannot grow the table for ever.
    if (failures === 1) this.sql.get('DELETE FROM login_failure WHERE last_failure_at < ?').run(now - WINDOW_MS);
  }

  clear(userName: string): void {
    this.sql.get('DELETE FROM login_failure WHERE user_name = ?').run(userName);
  }

  private currentFailures(userName: string): number {
    const row = this.sql
      .get<[string], { failures: number; lastFailureAt: number }>(
        'SELECT failures, last_failure_at AS lastFailureAt FROM login_failure WHERE user_name = ?',
      )
      .get(userName);
    if (!row || row.lastFailureAt <= this.clock().getTime() - WINDOW_MS) return 0;
    return row.failures;
  }
}
