/**
 * What a member's tier allows right now (DOMAIN.md): a paid tier lapses at its expiry and the
 * member reads as 普通会员 from then on, without any job rewriting the row.
 */
import type { MemberLevel } from '@shared/member/types';
import { formatDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { unauthorized } from '../../envelope';
import type { ContentTable } from '../../search/fts-index';

export interface MemberAccess {
  memberId: number;
  /** effective tier */
  level: MemberLevel;
  /** null for 普通会员 (and for a lapsed tier) */
  levelExpireTime: string | null;
  /** sees every contact block without spending points */
  viewAllContacts: boolean;
  score: number;
}

interface AccessRow {
  level: MemberLevel;
  levelExpireTime: string | null;
  score: number;
  viewAllContacts: 0 | 1;
}

export function memberAccess(sql: Statements, memberId: number, now: Date): MemberAccess {
  const row = sql
    .get<[number], AccessRow>(
      `SELECT m.level, m.level_expire_time AS levelExpireTime, m.score, t.view_all_contacts AS viewAllContacts
       FROM member m JOIN member_tier t ON t.level = m.level WHERE m.id = ?`,
    )
    .get(memberId);
  // The token outlived its member (tokens cascade on delete, so only a race gets here).
  if (!row) throw unauthorized();
  const lapsed = row.level !== '0' && (row.levelExpireTime === null || row.levelExpireTime <= formatDateTime(now));
  return {
    memberId,
    level: lapsed ? '0' : row.level,
    levelExpireTime: lapsed ? null : row.levelExpireTime,
    viewAllContacts: !lapsed && row.viewAllContacts === 1,
    score: row.score,
  };
}

export function hasUnlocked(sql: Statements, memberId: number, type: ContentTable, id: number): boolean {
  return (
    sql
      .get<[number, string, number], { one: 1 }>('SELECT 1 AS one FROM contact_unlock WHERE member_id = ? AND type = ? AND data_id = ?')
      .get(memberId, type, id) !== undefined
  );
}

/** How the contact block of one item is shown to this member. */
export function contactAccessFor(sql: Statements, access: MemberAccess, type: ContentTable, id: number): 'vip' | 'unlocked' | 'locked' {
  if (access.viewAllContacts) return 'vip';
  return hasUnlocked(sql, access.memberId, type, id) ? 'unlocked' : 'locked';
}
