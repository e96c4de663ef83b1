/** Authentication's SQL: members' credentials and names, tokens (as digests) and failed logins. */
import type { Statements } from '../../db/connection';

export interface Credentials {
  id: number;
  passwordHash: string;
  randomPassword: string;
}

/** The member a login names: the name as stored first, else its look-alike key. */
export function credentialsOf(sql: Statements, userName: string, nameKey: string): Credentials | undefined {
  return sql
    .get<{ userName: string; nameKey: string }, Credentials>(
      `SELECT id, password_hash AS passwordHash, random_password AS randomPassword FROM member
       WHERE user_name = @userName OR user_name_key = @nameKey ORDER BY user_name = @userName DESC LIMIT 1`,
    )
    .get({ userName, nameKey });
}

/** Whether a member has this name or this look-alike key. */
export function nameTaken(sql: Statements, userName: string, nameKey: string): boolean {
  return (
    sql
      .get<{ userName: string; nameKey: string }, { id: number }>(
        'SELECT id FROM member WHERE user_name = @userName OR user_name_key = @nameKey LIMIT 1',
      )
      .get({ userName, nameKey }) !== undefined
  );
}

export interface NewMember {
  userName: string;
  nameKey: string;
  passwordHash: string;
  phonenumber: string;
  randomPassword: string;
  time: string;
}

/** A new member (nick name = user name); undefined when the name or its key is taken. */
export function insertMember(sql: Statements, member: NewMember): number | undefined {
  return sql
    .get<NewMember, { id: number }>(
      `INSERT INTO member (user_name, user_name_key, password_hash, nick_name, phonenumber, random_password,
         random_password_time, create_time)
       VALUES (@userName, @nameKey, @passwordHash, @userName, @phonenumber, @randomPassword, @time, @time)
       ON CONFLICT DO NOTHING RETURNING id`,
    )
    .get(member)?.id;
}

export function setLoginDate(sql: Statements, memberId: number, time: string): void {
  sql.get<{ memberId: number; time: string }>('UPDATE member SET login_date = @time WHERE id = @memberId').run({ memberId, time });
}

// ---- tokens (tokens.ts) -------------------------------------------------------------------------

type ByHash = { tokenHash: Buffer };

export function deleteExpiredTokens(sql: Statements, now: number): void {
  sql.get<{ now: number }>('DELETE FROM member_token WHERE expires_at <= @now').run({ now });
}

export function insertToken(sql: Statements, token: { tokenHash: Buffer; memberId: number; now: number; expiresAt: number }): void {
  sql
    .get<typeof token>(
      'INSERT INTO member_token (token_hash, member_id, created_at, expires_at) VALUES (@tokenHash, @memberId, @now, @expiresAt)',
    )
    .run(token);
}

export function tokenRow(sql: Statements, tokenHash: Buffer): { memberId: number; expiresAt: number } | undefined {
  return sql
    .get<ByHash, { memberId: number; expiresAt: number }>(
      'SELECT member_id AS memberId, expires_at AS expiresAt FROM member_token WHERE token_hash = @tokenHash',
    )
    .get({ tokenHash });
}

export function setTokenExpiry(sql: Statements, tokenHash: Buffer, expiresAt: number): void {
  sql
    .get<ByHash & { expiresAt: number }>('UPDATE member_token SET expires_at = @expiresAt WHERE token_hash = @tokenHash')
    .run({ tokenHash, expiresAt });
}

export function deleteToken(sql: Statements, tokenHash: Buffer): void {
  sql.get<ByHash>('DELETE FROM member_token WHERE token_hash = @tokenHash').run({ tokenHash });
}

export function deleteTokensOf(sql: Statements, memberId: number): void {
  sql.get<{ memberId: number }>('DELETE FROM member_token WHERE member_id = @memberId').run({ memberId });
}

// ---- failed logins (lockout.ts) -----------------------------------------------------------------

type FailureKey = { nameKey: string; client: string };

export function failuresOf(sql: Statements, key: FailureKey): { failures: number; lastFailureAt: number } | undefined {
  return sql
    .get<FailureKey, { failures: number; lastFailureAt: number }>(
      'SELECT failures, last_failure_at AS lastFailureAt FROM login_failure WHERE name_key = @nameKey AND client = @client',
    )
    .get(key);
}

export function saveFailures(sql: Statements, key: FailureKey, failures: number, at: number): void {
  sql
    .get<FailureKey & { failures: number; at: number }>(
      `INSERT INTO login_failure (name_key, client, failures, last_failure_at) VALUES (@nameKey, @client, @failures, @at)
       ON CONFLICT (name_key, client) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at`,
    )
    .run({ ...key, failures, at });
}

export function deleteFailuresBefore(sql: Statements, before: number): void {
  sql.get<{ before: number }>('DELETE FROM login_failure WHERE last_failure_at < @before').run({ before });
}

export function clearFailures(sql: Statements, key: FailureKey): void {
  sql.get<FailureKey>('DELETE FROM login_failure WHERE name_key = @nameKey AND client = @client').run(key);
}
