/** Members' SQL: profile and tier, unlocks, the random password, the password hash, and the counts quotas cap. */
import type { MemberLevel, MemberTier, MemberUser, RandomPassword } from '@shared/member/types';
import { Query, type Statements } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';

type ByMember = { memberId: number };

export interface AccessRow {
  level: MemberLevel;
  levelExpireTime: string | null;
  score: number;
  viewAllContacts: 0 | 1;
}

/** The member's stored tier, with what it allows. */
export const accessRow = new Query<ByMember, AccessRow>(
  `SELECT m.level, m.level_expire_time AS levelExpireTime, m.score, t.view_all_contacts AS viewAllContacts
   FROM member m JOIN member_tier t ON t.level = m.level WHERE m.id = @memberId`,
);

type Unlock = ByMember & { type: ContentTable; id: number };

export const findUnlock = new Query<Unlock, { one: 1 }>(
  'SELECT 1 AS one FROM contact_unlock WHERE member_id = @memberId AND type = @type AND data_id = @id',
);

export const insertUnlock = new Query<Unlock & { time: string }>(
  'INSERT INTO contact_unlock (member_id, type, data_id, create_time) VALUES (@memberId, @type, @id, @time)',
);

export type MemberRow = Omit<MemberUser, 'level' | 'levelExpireTime' | 'score'>;

export const memberRow = new Query<ByMember, MemberRow>(
  `SELECT id AS userId, user_name AS userName, nick_name AS nickName, avatar, phonenumber, email, company,
     subscribe_keywords AS subscribeKeywords, subscribe_regions AS subscribeRegions, create_time AS createTime,
     login_date AS loginDate
   FROM member WHERE id = @memberId`,
);

export type TierRow = Omit<MemberTier, 'benefits' | 'viewAllContacts'> & { benefits: string; viewAllContacts: 0 | 1 };

export const tiers = new Query<object, TierRow>(
  'SELECT level, name, benefits, view_all_contacts AS viewAllContacts FROM member_tier ORDER BY level',
);

export interface Profile {
  nickName: string;
  phonenumber: string;
  email: string;
  company: string;
  subscribeKeywords: string;
  subscribeRegions: string;
}

export const updateProfile = new Query<Profile & ByMember>(
  `UPDATE member SET nick_name = @nickName, phonenumber = @phonenumber, email = @email, company = @company,
     subscribe_keywords = @subscribeKeywords, subscribe_regions = @subscribeRegions WHERE id = @memberId`,
);

export const randomPassword = new Query<ByMember, RandomPassword>(
  'SELECT random_password AS randomPassword, random_password_time AS createTime FROM member WHERE id = @memberId',
);

export const setRandomPassword = new Query<ByMember & RandomPassword>(
  'UPDATE member SET random_password = @randomPassword, random_password_time = @createTime WHERE id = @memberId',
);

export const passwordHash = new Query<ByMember, { hash: string; userName: string }>(
  'SELECT password_hash AS hash, user_name AS userName FROM member WHERE id = @memberId',
);

export const setPasswordHash = new Query<ByMember & { hash: string }>('UPDATE member SET password_hash = @hash WHERE id = @memberId');

// ---- what quotas count (quota.ts); every count is served by an index on (member_id, …) ---------

/** Counts of the member's rows: `since` (a day's start) for the daily caps, `clientId` for one client's records. */
export const QUOTA_COUNTS = {
  clients: 'SELECT count(*) AS n FROM visit_client WHERE member_id = @memberId',
  recordsPerClient: 'SELECT count(*) AS n FROM visit_record WHERE member_id = @memberId AND client_id = @clientId',
  records: 'SELECT count(*) AS n FROM visit_record WHERE member_id = @memberId',
  favorites: 'SELECT count(*) AS n FROM favorite WHERE member_id = @memberId',
  messagesPerDay: 'SELECT count(*) AS n FROM message WHERE member_id = @memberId AND create_time >= @since',
  pendingOrders: "SELECT count(*) AS n FROM cms_order WHERE member_id = @memberId AND status = 'pending'",
  subscriptions: 'SELECT count(*) AS n FROM alert_subscription WHERE member_id = @memberId',
  exportRowsPerDay: 'SELECT coalesce(sum(rows), 0) AS n FROM export_log WHERE member_id = @memberId AND create_time >= @since',
} as const;

export function quotaCount(
  sql: Statements,
  kind: keyof typeof QUOTA_COUNTS,
  params: { memberId: number; since: string; clientId: number },
): number {
  return sql.get<typeof params, { n: number }>(QUOTA_COUNTS[kind]).get(params)!.n;
}
