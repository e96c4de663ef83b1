/** Authentication's SQL: members' credentials and names, tokens (as digests) and failed logins. */
import { Query } from '../../db/connection';

type Name = { userName: string; nameKey: string };

export interface Credentials {
  id: number;
  passwordHash: string;
  randomPassword: string;
}

/** The member a login names: the name as stored first, else its look-alike key. */
export const credentialsOf = new Query<Name, Credentials>(
  `SELECT id, password_hash AS passwordHash, random_password AS randomPassword FROM member
   WHERE user_name = @userName OR user_name_key = @nameKey ORDER BY user_name = @userName DESC LIMIT 1`,
);

/** A member with this name or this look-alike key. */
export const memberNamed = new Query<Name, { id: number }>(
  'SELECT id FROM member WHERE user_name = @userName OR user_name_key = @nameKey LIMIT 1',
);

export interface NewMember extends Name {
  passwordHash: string;
  phonenumber: string;
  randomPassword: string;
  time: string;
}

/** A new member (nick name = user name); no row when the name or its key is taken. */
export const insertMember = new Query<NewMember, { id: number }>(
  `INSERT INTO member (user_name, user_name_key, password_hash, nick_name, phonenumber, random_password,
     random_password_time, create_time)
   VALUES (@userName, @nameKey, @passwordHash, @userName, @phonenumber, @randomPassword, @time, @time)
   ON CONFLICT DO NOTHING RETURNING id`,
);

export const setLoginDate = new Query<{ memberId: number; time: string }>('UPDATE member SET login_date = @time WHERE id = @memberId');

// ---- tokens (tokens.ts) -------------------------------------------------------------------------

type ByHash = { tokenHash: Buffer };

export const deleteExpiredTokens = new Query<{ now: number }>('DELETE FROM member_token WHERE expires_at <= @now');

export const insertToken = new Query<ByHash & { memberId: number; now: number; expiresAt: number }>(
  'INSERT INTO member_token (token_hash, member_id, created_at, expires_at) VALUES (@tokenHash, @memberId, @now, @expiresAt)',
);

export const tokenRow = new Query<ByHash, { memberId: number; expiresAt: number }>(
  'SELECT member_id AS memberId, expires_at AS expiresAt FROM member_token WHERE token_hash = @tokenHash',
);

export const setTokenExpiry = new Query<ByHash & { expiresAt: number }>(
  'UPDATE member_token SET expires_at = @expiresAt WHERE token_hash = @tokenHash',
);

export const deleteToken = new Query<ByHash>('DELETE FROM member_token WHERE token_hash = @tokenHash');

export const deleteTokensOf = new Query<{ memberId: number }>('DELETE FROM member_token WHERE member_id = @memberId');

// ---- failed logins (lockout.ts) -----------------------------------------------------------------

type FailureKey = { nameKey: string; client: string };

export const failuresOf = new Query<FailureKey, { failures: number; lastFailureAt: number }>(
  'SELECT failures, last_failure_at AS lastFailureAt FROM login_failure WHERE name_key = @nameKey AND client = @client',
);

export const saveFailures = new Query<FailureKey & { failures: number; at: number }>(
  `INSERT INTO login_failure (name_key, client, failures, last_failure_at) VALUES (@nameKey, @client, @failures, @at)
   ON CONFLICT (name_key, client) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at`,
);

export const deleteFailuresBefore = new Query<{ before: number }>('DELETE FROM login_failure WHERE last_failure_at < @before');

export const clearFailures = new Query<FailureKey>('DELETE FROM login_failure WHERE name_key = @nameKey AND client = @client');

// ---- password recovery (recovery.ts) ------------------------------------------------------------

/** An account recovery may mail: its name, its current alert address and the confirmed one. */
export interface RecoveryAccount {
  id: number;
  userName: string;
  email: string | null;
  verified: string | null;
}

const RECOVERY_ACCOUNT = `SELECT m.id, m.user_name AS userName, coalesce(nullif(s.email, ''), nullif(m.email, '')) AS email,
     s.email_verified AS verified
   FROM member m LEFT JOIN alert_setting s ON s.member_id = m.id`;

export const recoveryAccountNamed = new Query<Name, RecoveryAccount>(
  `${RECOVERY_ACCOUNT} WHERE m.user_name = @userName OR m.user_name_key = @nameKey ORDER BY m.user_name = @userName DESC LIMIT 1`,
);

/** Accounts whose confirmed address is `address` (lower case); the caller checks it is still their address. */
export const recoveryAccountsAt = new Query<{ address: string; limit: number }, RecoveryAccount>(
  `${RECOVERY_ACCOUNT} WHERE lower(s.email_verified) = @address ORDER BY m.id LIMIT @limit`,
);

export const recoveryOf = new Query<{ memberId: number }, { sentAt: string; day: string; sentToday: number }>(
  'SELECT sent_at AS sentAt, day, sent_today AS sentToday FROM password_recovery WHERE member_id = @memberId',
);

export const saveRecovery = new Query<{ memberId: number; hash: string; now: string; day: string }>(
  `INSERT INTO password_recovery (member_id, token_hash, sent_at, day, sent_today) VALUES (@memberId, @hash, @now, @day, 1)
   ON CONFLICT (member_id) DO UPDATE SET token_hash = excluded.token_hash, sent_at = excluded.sent_at, day = excluded.day,
     sent_today = CASE WHEN password_recovery.day = excluded.day THEN password_recovery.sent_today + 1 ELSE 1 END`,
);

export const recoveryByToken = new Query<{ hash: string }, { memberId: number; sentAt: string; userName: string }>(
  `SELECT r.member_id AS memberId, r.sent_at AS sentAt, m.user_name AS userName
   FROM password_recovery r JOIN member m ON m.id = r.member_id WHERE r.token_hash = @hash`,
);

/** The link was used, or the password changed otherwise: no link of the member opens any more. */
export const endRecovery = new Query<{ memberId: number }>('UPDATE password_recovery SET token_hash = NULL WHERE member_id = @memberId');
