/** Favourites (spec §7): the HTTP side of service.ts. */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import type { FavoriteItem, FavoriteStatus } from '@shared/content/types';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { BaifangClient } from '@shared/visit/types';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { success } from '../../envelope';
import type { Routes } from '../../routing';
import { favoriteList, type FavoriteRow } from './queries';
import { changeFavorite, favoriteIds, favoriteStatus, followUp } from './service';

export function registerFavoriteRoutes(routes: Routes, ctx: AppContext): void {
  routes.member(ENDPOINTS.favoriteList, (_req, session, { query }): TableDataInfo<FavoriteItem> => {
    const result = pagedTable<FavoriteRow>(ctx.sql, favoriteList(session.memberId, query), query);
    return { ...result, rows: result.rows.map((row) => ({ ...row, followed: row.followed === 1 })) };
  });

  /** Ext: the ids of the member's active favourites of one type, so a list marks its rows' stars with one call. */
  routes.member(ENDPOINTS.favoriteIds, (_req, session, { params: { type } }): AjaxResult<number[]> =>
    success(favoriteIds(ctx, session.memberId, type)),
  );

  routes.member(ENDPOINTS.favoriteStatus, (_req, session, { params: { id }, query: { type } }): AjaxResult<FavoriteStatus> =>
    success(favoriteStatus(ctx, session.memberId, type, id)),
  );

  routes.member(ENDPOINTS.favoriteChangeStatus, (_req, session, { body: { id, type, isCancel } }): AjaxResult<FavoriteStatus> =>
    success(changeFavorite(ctx, session.memberId, type, id, isCancel), isCancel === 0 ? '收藏成功' : '已取消收藏'),
  );

  routes.member(ENDPOINTS.favoriteAddGJ, (_req, session, { body: { id, type } }): AjaxResult<BaifangClient> => {
    const { client, added } = followUp(ctx, session.memberId, type, id);
    return success(client, added ? '已加入跟进' : '该单位已在跟进列表中');
  });
}
