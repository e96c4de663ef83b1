/**
 * What a member's tier allows right now (DOMAIN.md): a paid tier lapses at its expiry and the
 * member reads as 普通会员 from then on, without any job rewriting the row.
 */
import type { MemberLevel } from '@shared/member/types';
import { formatDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { unauthorized } from '../../envelope';
import type { ContentTable } from '../../search/fts-index';
import { accessRow, findUnlock } from './queries';

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

export function memberAccess(sql: Statements, memberId: number, now: Date): MemberAccess {
  const row = accessRow.get(sql, { memberId });
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

/** How the contact block of one item is shown to this member. */
export function contactAccessFor(sql: Statements, access: MemberAccess, type: ContentTable, id: number): 'vip' | 'unlocked' | 'locked' {
  if (access.viewAllContacts) return 'vip';
  return hasUnlocked(sql, access.memberId, type, id) ? 'unlocked' : 'locked';
}

export function hasUnlocked(sql: Statements, memberId: number, type: ContentTable, id: number): boolean {
  return findUnlock.get(sql, { memberId, type, id }) !== undefined;
}
