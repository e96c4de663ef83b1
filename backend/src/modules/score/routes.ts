/**
 * Score module: unlocking an item's contacts for points (`PUT /cms/xmk/score/`, charged once per
 * member and item) and the member's score log.
 */
import type { UnlockResult } from '@shared/content/types';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { ScoreLogItem } from '@shared/member/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { SCORE_TYPES } from '../../db/seed/dictionaries';
import { invalid, notFound, success } from '../../envelope';
import { pagedTable } from '../../db/paging';
import type { Routes } from '../../routing';
import { contactOf, MSG_XMK_NOT_FOUND, MSG_ZB_NOT_FOUND, unlockCost } from '../content/details';
import { hasUnlocked, memberAccess } from '../member/access';
import { changeScore } from './ledger';

export const MSG_NOT_ENOUGH_POINTS = '积分不足';

export function registerScoreRoutes(routes: Routes, ctx: AppContext): void {
  const { sql, db } = ctx;

  routes.member(ENDPOINTS.xmkScore, (_req, session, { body: { id, type } }): AjaxResult<UnlockResult> => {
    const now = ctx.clock();
    return db.transaction((): AjaxResult<UnlockResult> => {
      const contact = contactOf(sql, type, id);
      if (!contact) throw notFound(type === 'xmk' ? MSG_XMK_NOT_FOUND : MSG_ZB_NOT_FOUND);
      const access = memberAccess(sql, session.memberId, now);
      if (access.viewAllContacts) return success({ charged: 0, balance: access.score, contact }, '会员可直接查看联系方式');
      if (hasUnlocked(sql, session.memberId, type, id))
        return success({ charged: 0, balance: access.score, contact }, '已查看过该联系方式');

      const cost = unlockCost(sql);
      const title = sql.get<[number], { title: string }>(`SELECT title FROM ${type} WHERE id = ?`).get(id)!.title;
      const balance = changeScore(sql, session.memberId, -cost, SCORE_TYPES.unlock.value, `查看联系方式：${title}`, now);
      if (balance === null) throw invalid(MSG_NOT_ENOUGH_POINTS);
      sql
        .get('INSERT INTO contact_unlock (member_id, type, data_id, create_time) VALUES (?, ?, ?, ?)')
        .run(session.memberId, type, id, formatDateTime(now));
      return success({ charged: cost, balance, contact }, '查看成功');
    })();
  });

  routes.member(ENDPOINTS.scoreLog, (_req, session, { query }): TableDataInfo<ScoreLogItem> =>
    pagedTable<ScoreLogItem>(
      sql,
      {
        count: 'SELECT count(*) AS n FROM score_log WHERE member_id = ?',
        rows: `SELECT id, type, change, balance, remark, create_time AS createTime FROM score_log
               WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
        params: [session.memberId],
      },
      query,
    ),
  );
}
