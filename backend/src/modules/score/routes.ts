/**
 * Score module: unlocking an item's contacts for points (`PUT /cms/xmk/score/`, charged once per
 * member and item) and the member's score log.
 */
import { z } from 'zod';
import type { UnlockResult } from '@shared/contract/content';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { ScoreLogItem } from '@shared/contract/member';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { SCORE_TYPES } from '../../db/seed/dictionaries';
import { invalid, notFound, success } from '../../envelope';
import { pagedTable } from '../../db/paging';
import type { Routes } from '../../routing';
import { body, integer, oneOf, optional, pageFields, parseInput, required } from '../../validation';
import { contactOf, MSG_XMK_NOT_FOUND, MSG_ZB_NOT_FOUND, unlockCost } from '../content/details';
import { hasUnlocked, memberAccess } from '../member/access';
import { changeScore } from './ledger';

export const MSG_NOT_ENOUGH_POINTS = '积分不足';

const unlockBody = body({
  id: required('id 必须是正整数', integer(1, Number.MAX_SAFE_INTEGER, 'body')),
  type: optional('type 必须是 xmk 或 zb', oneOf(['xmk', 'zb']), 'xmk'),
});

export function registerScoreRoutes(routes: Routes, ctx: AppContext): void {
  const { sql, db } = ctx;

  routes.member(ENDPOINTS.xmkScore, (req, session): AjaxResult<UnlockResult> => {
    ctx.quotas.takeWrite(session.memberId);
    const { id, type } = parseInput(unlockBody, req.body);
    const now = ctx.clock();
    return db.transaction((): AjaxResult<UnlockResult> => {
      const contact = contactOf(sql, type, id);
      if (!contact) throw notFound(type === 'xmk' ? MSG_XMK_NOT_FOUND : MSG_ZB_NOT_FOUND);
      const access = memberAccess(sql, session.memberId, now);
      if (access.viewAllContacts)
        return success({ charged: 0, balance: access.score, contact }, '会员可直接查看联系方式');
      if (hasUnlocked(sql, session.memberId, type, id))
        return success({ charged: 0, balance: access.score, contact }, '已查看过该联系方式');

      const cost = unlockCost(sql);
      const title = sql.get<[number], { title: string }>(`SELECT title FROM ${type} WHERE id = ?`).get(id)!.title;
      const balance = changeScore(
        sql,
        session.memberId,
        -cost,
        SCORE_TYPES.unlock.value,
        `查看联系方式：${title}`,
        now,
      );
      if (balance === null) throw invalid(MSG_NOT_ENOUGH_POINTS);
      sql
        .get('INSERT INTO contact_unlock (member_id, type, data_id, create_time) VALUES (?, ?, ?, ?)')
        .run(session.memberId, type, id, formatDateTime(now));
      return success({ charged: cost, balance, contact }, '查看成功');
    })();
  });

  const logQuery = z.object(pageFields);

  routes.member(ENDPOINTS.scoreLog, (req, session): TableDataInfo<ScoreLogItem> =>
    pagedTable<ScoreLogItem>(
      sql,
      {
        count: 'SELECT count(*) AS n FROM score_log WHERE member_id = ?',
        rows: `SELECT id, type, change, balance, remark, create_time AS createTime FROM score_log
               WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
        params: [session.memberId],
      },
      parseInput(logQuery, req.query),
    ),
  );
}
