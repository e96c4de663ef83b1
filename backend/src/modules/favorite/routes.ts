/**
 * Favourites (spec §7, DOMAIN.md): a member's favourited projects and tenders, identified by
 * (member, type, item). Cancelling keeps the row (isCancel 1) so it can be restored; `addGJ` turns
 * the item's company into a visit client.
 */
import type { AjaxResult, ContentType, TableDataInfo } from '@shared/contract/common';
import type { FavoriteItem, FavoriteStatus } from '@shared/content/types';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { BaifangClient } from '@shared/visit/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import type { Statements } from '../../db/connection';
import { pagedTable } from '../../db/paging';
import { notFound, success } from '../../envelope';
import type { Routes } from '../../routing';
import { shownContact } from '../content/contact-mask';
import { contactOf, MSG_XMK_NOT_FOUND, MSG_ZB_NOT_FOUND } from '../content/details';
import { contactAccessFor, memberAccess } from '../member/access';
import { QUOTAS } from '../member/quota';
import { findClient, findClientByName, insertClient } from '../visit/queries';

/** The most favourites a member can have (VIP 会员's cap), so the most ids one answer carries. */
const FAVORITE_IDS_LIMIT = Math.max(...Object.values(QUOTAS.favorites));

interface FavoriteRow extends Omit<FavoriteItem, 'followed'> {
  followed: 0 | 1;
}

/** The company an item's follow-up is about: a project's owner, a tender's tenderer. */
function itemCompany(sql: Statements, type: ContentType, id: number): { title: string; company: string } {
  const row =
    type === 'xmk'
      ? sql.get<[number], { title: string; company: string }>('SELECT title, owner AS company FROM xmk WHERE id = ?').get(id)
      : sql.get<[number], { title: string; company: string }>('SELECT title, tenderer AS company FROM zb WHERE id = ?').get(id);
  if (!row) throw notFound(type === 'xmk' ? MSG_XMK_NOT_FOUND : MSG_ZB_NOT_FOUND);
  return row;
}

function favoriteStatus(sql: Statements, memberId: number, type: ContentType, dataId: number): FavoriteStatus {
  const row = sql
    .get<[number, string, number], { isCancel: 0 | 1 }>(
      'SELECT is_cancel AS isCancel FROM favorite WHERE member_id = ? AND type = ? AND data_id = ?',
    )
    .get(memberId, type, dataId);
  return { type, dataId, favorited: row?.isCancel === 0 };
}

function hasFavoriteRow(sql: Statements, memberId: number, type: ContentType, dataId: number): boolean {
  return (
    sql
      .get<[number, string, number], { one: 1 }>('SELECT 1 AS one FROM favorite WHERE member_id = ? AND type = ? AND data_id = ?')
      .get(memberId, type, dataId) !== undefined
  );
}

/**
 * Before a new favourite row: at the cap, the oldest cancelled favourite makes room (cancelled rows
 * are kept only so they can be restored); with none cancelled, the cap's message refuses.
 */
function makeRoomForFavorite(ctx: AppContext, memberId: number): void {
  if (ctx.quotas.hasRoom(memberId, 'favorites')) return;
  ctx.sql
    .get(
      `DELETE FROM favorite WHERE id = (SELECT id FROM favorite WHERE member_id = ? AND is_cancel = 1
         ORDER BY update_time, id LIMIT 1)`,
    )
    .run(memberId);
  ctx.quotas.ensureRoom(memberId, 'favorites');
}

/**
 * The favourite list's rows (and its export's): `FROM favorite f` joined to the item, for a type
 * and cancelled state when given. Favourites of removed items are left out.
 */
export function favoriteListFrom(
  memberId: number,
  q: { type?: ContentType | undefined; isCancel?: 0 | 1 | undefined },
): { from: string; params: (string | number)[] } {
  const conditions = ['f.member_id = ?', '(x.id IS NOT NULL OR z.id IS NOT NULL)'];
  const params: (string | number)[] = [memberId];
  if (q.type) {
    conditions.push('f.type = ?');
    params.push(q.type);
  }
  if (q.isCancel !== undefined) {
    conditions.push('f.is_cancel = ?');
    params.push(q.isCancel);
  }
  const from = `favorite f
      LEFT JOIN xmk x ON f.type = 'xmk' AND x.id = f.data_id
      LEFT JOIN zb z ON f.type = 'zb' AND z.id = f.data_id
      WHERE ${conditions.join(' AND ')}`;
  return { from, params };
}

export function registerFavoriteRoutes(routes: Routes, ctx: AppContext): void {
  const { sql, db } = ctx;

  routes.member(ENDPOINTS.favoriteList, (_req, session, { query: q }): TableDataInfo<FavoriteItem> => {
    const { from, params } = favoriteListFrom(session.memberId, q);
    const result = pagedTable<FavoriteRow>(
      sql,
      {
        count: `SELECT count(*) AS n FROM ${from}`,
        rows: `SELECT f.id, f.type, f.data_id AS dataId, coalesce(x.title, z.title) AS title,
                 coalesce(x.area_code, z.area_code) AS areaCode, coalesce(x.stage, z.notice_type) AS category,
                 coalesce(x.publish_time, z.publish_time) AS publishTime, f.create_time AS createTime,
                 f.is_cancel AS isCancel,
                 EXISTS (SELECT 1 FROM visit_client c WHERE c.member_id = f.member_id
                         AND c.company_name = coalesce(x.owner, z.tenderer)) AS followed
               FROM ${from} ORDER BY f.update_time DESC, f.id DESC LIMIT ? OFFSET ?`,
        params,
      },
      q,
    );
    return { ...result, rows: result.rows.map((row) => ({ ...row, followed: row.followed === 1 })) };
  });

  /**
   * Ext (issue 13 §5): the ids of the member's active favourites of one type, ascending, so a list
   * marks its rows' stars with one call. Bounded by the favourites cap (VIP 会员 5000 rows).
   */
  routes.member(ENDPOINTS.favoriteIds, (_req, session, { params: { type } }): AjaxResult<number[]> => {
    const rows = sql
      .get<[number, string, number], { dataId: number }>(
        `SELECT data_id AS dataId FROM favorite WHERE member_id = ? AND type = ? AND is_cancel = 0 ORDER BY data_id LIMIT ?`,
      )
      .all(session.memberId, type, FAVORITE_IDS_LIMIT);
    return success(rows.map((row) => row.dataId));
  });

  routes.member(ENDPOINTS.favoriteStatus, (_req, session, { params: { id }, query: { type } }): AjaxResult<FavoriteStatus> => {
    itemCompany(sql, type, id);
    return success(favoriteStatus(sql, session.memberId, type, id));
  });

  /** Favourite (isCancel 0) or cancel (1). The first favourite creates the row; later calls flip it. */
  routes.member(ENDPOINTS.favoriteChangeStatus, (_req, session, { body: { id, type, isCancel } }): AjaxResult<FavoriteStatus> => {
    const now = formatDateTime(ctx.clock());
    return db.transaction(() => {
      itemCompany(sql, type, id);
      if (isCancel === 0) {
        if (!hasFavoriteRow(sql, session.memberId, type, id)) makeRoomForFavorite(ctx, session.memberId);
        sql
          .get(
            `INSERT INTO favorite (member_id, type, data_id, is_cancel, create_time, update_time) VALUES (?, ?, ?, 0, ?, ?)
             ON CONFLICT (member_id, type, data_id) DO UPDATE SET is_cancel = 0, update_time = excluded.update_time`,
          )
          .run(session.memberId, type, id, now, now);
      } else {
        sql
          .get('UPDATE favorite SET is_cancel = 1, update_time = ? WHERE member_id = ? AND type = ? AND data_id = ? AND is_cancel = 0')
          .run(now, session.memberId, type, id);
      }
      return success(favoriteStatus(sql, session.memberId, type, id), isCancel === 0 ? '收藏成功' : '已取消收藏');
    })();
  });

  /**
   * 加入跟进: the item's company becomes a visit client (once: a second call returns the same
   * client). Contact and phone are copied only when the member may see the item's contacts, so
   * following up never reveals what an unlock would cost.
   */
  routes.member(ENDPOINTS.favoriteAddGJ, (_req, session, { body: { id, type } }): AjaxResult<BaifangClient> => {
    const now = ctx.clock();
    return db.transaction(() => {
      const item = itemCompany(sql, type, id);
      const existing = findClientByName(sql, session.memberId, item.company);
      if (existing) return success(existing, '该单位已在跟进列表中');
      ctx.quotas.ensureRoom(session.memberId, 'clients');
      const shown = shownContact(contactAccessFor(sql, memberAccess(sql, session.memberId, now), type, id), contactOf(sql, type, id)!);
      // A masked contact is no contact to call: the client starts without one until the item is unlocked.
      const contact = shown.masked ? undefined : shown.contact;
      const clientId = insertClient(
        sql,
        session.memberId,
        {
          companyName: item.company,
          contact: contact?.contact ?? '',
          phone: contact?.phone ?? '',
          status: '0',
          nextVisitDate: null,
          remark: '',
          sourceType: type,
          sourceId: id,
          sourceTitle: item.title,
        },
        now,
      );
      return success(findClient(sql, session.memberId, clientId)!, '已加入跟进');
    })();
  });
}
