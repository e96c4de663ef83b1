/**
 * Points (积分, DOMAIN.md): every change is one score-log row with the balance after it, and the
 * balance never goes negative (the UPDATE refuses, and the column's CHECK backs it up). Callers run
 * these inside their own transaction together with whatever the points paid for.
 */
import { formatDateTime } from '../../clock';
import type { Statements } from '../../db/connection';

/** Apply `change`; returns the new balance, or null when it would go below zero. */
export function changeScore(sql: Statements, memberId: number, change: number, type: string, remark: string, now: Date): number | null {
  const row = sql
    .get<{ memberId: number; change: number }, { score: number }>(
      'UPDATE member SET score = score + @change WHERE id = @memberId AND score + @change >= 0 RETURNING score',
    )
    .get({ memberId, change });
  if (!row) return null;
  sql
    .get<{ memberId: number; type: string; change: number; balance: number; remark: string; time: string }>(
      `INSERT INTO score_log (member_id, type, change, balance, remark, create_time)
       VALUES (@memberId, @type, @change, @balance, @remark, @time)`,
    )
    .run({ memberId, type, change, balance: row.score, remark, time: formatDateTime(now) });
  return row.score;
}
