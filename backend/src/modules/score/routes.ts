/**
 * Score module: unlocking an item's contacts for points (`PUT /cms/xmk/score/`, service.ts) and the
 * member's score log.
 */
import type { UnlockResult } from '@shared/content/types';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { ScoreLogItem } from '@shared/member/types';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { success } from '../../envelope';
import type { Routes } from '../../routing';
import { unlockContact } from './service';

export function registerScoreRoutes(routes: Routes, ctx: AppContext): void {
  routes.member(ENDPOINTS.xmkScore, (_req, session, { body: { id, type } }): AjaxResult<UnlockResult> => {
    const { result, msg } = unlockContact(ctx, session.memberId, type, id);
    return success(result, msg);
  });

  routes.member(ENDPOINTS.scoreLog, (_req, session, { query }): TableDataInfo<ScoreLogItem> =>
    pagedTable<ScoreLogItem>(
      ctx.sql,
      {
        count: 'SELECT count(*) AS n FROM score_log WHERE member_id = @memberId',
        rows: `SELECT id, type, change, balance, remark, create_time AS createTime FROM score_log
               WHERE member_id = @memberId ORDER BY id DESC LIMIT @pageSize OFFSET @offset`,
        params: { memberId: session.memberId },
      },
      query,
    ),
  );
}
