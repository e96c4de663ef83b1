/** Favourites' SQL: rows keyed by (member, type, item), joined to the item for lists. */
import type { ContentType } from '@shared/contract/common';
import type { FavoriteItem } from '@shared/content/types';
import { Query, type Params, type Statements } from '../../db/connection';
import type { PagedQuery } from '../../db/paging';

export interface FavoriteFilter {
  type?: ContentType | undefined;
  isCancel?: 0 | 1 | undefined;
}

/**
 * The favourite list's rows (and its export's): `FROM favorite f` joined to the item, for a type
 * and cancelled state when given. Favourites of removed items are left out.
 */
export function favoriteListFrom(memberId: number, q: FavoriteFilter): { from: string; params: Params } {
  const conditions = ['f.member_id = @memberId', '(x.id IS NOT NULL OR z.id IS NOT NULL)'];
  const params: Params = { memberId };
  if (q.type) {
    conditions.push('f.type = @type');
    params['type'] = q.type;
  }
  if (q.isCancel !== undefined) {
    conditions.push('f.is_cancel = @isCancel');
    params['isCancel'] = q.isCancel;
  }
  const from = `favorite f
      LEFT JOIN xmk x ON f.type = 'xmk' AND x.id = f.data_id
      LEFT JOIN zb z ON f.type = 'zb' AND z.id = f.data_id
      WHERE ${conditions.join(' AND ')}`;
  return { from, params };
}

export interface FavoriteRow extends Omit<FavoriteItem, 'followed'> {
  followed: 0 | 1;
}

/** The favourite list, most recently changed first; `followed`: the item's company is a visit client. */
export function favoriteList(memberId: number, q: FavoriteFilter): PagedQuery {
  const { from, params } = favoriteListFrom(memberId, q);
  return {
    count: `SELECT count(*) AS n FROM ${from}`,
    rows: `SELECT f.id, f.type, f.data_id AS dataId, coalesce(x.title, z.title) AS title,
             coalesce(x.area_code, z.area_code) AS areaCode, coalesce(x.stage, z.notice_type) AS category,
             coalesce(x.publish_time, z.publish_time) AS publishTime, f.create_time AS createTime,
             f.is_cancel AS isCancel,
             EXISTS (SELECT 1 FROM visit_client c WHERE c.member_id = f.member_id
                     AND c.company_name = coalesce(x.owner, z.tenderer)) AS followed
           FROM ${from} ORDER BY f.update_time DESC, f.id DESC LIMIT @pageSize OFFSET @offset`,
    params,
  };
}

type Key = { memberId: number; type: ContentType; dataId: number };

/** The company an item's follow-up is about: a project's owner, a tender's tenderer. */
export function itemCompany(sql: Statements, type: ContentType, id: number): { title: string; company: string } | undefined {
  const text =
    type === 'xmk' ? 'SELECT title, owner AS company FROM xmk WHERE id = @id' : 'SELECT title, tenderer AS company FROM zb WHERE id = @id';
  return sql.get<{ id: number }, { title: string; company: string }>(text).get({ id });
}

/** The favourite row's state: none, or whether it is cancelled. */
export const favoriteState = new Query<Key, { isCancel: 0 | 1 }>(
  'SELECT is_cancel AS isCancel FROM favorite WHERE member_id = @memberId AND type = @type AND data_id = @dataId',
);

/** Delete the member's oldest cancelled favourite, if any. */
export const deleteOldestCancelled = new Query<{ memberId: number }>(
  `DELETE FROM favorite WHERE id = (SELECT id FROM favorite WHERE member_id = @memberId AND is_cancel = 1
     ORDER BY update_time, id LIMIT 1)`,
);

/** Favourite the item: a new row, or the cancelled one restored. */
export const favorite = new Query<Key & { time: string }>(
  `INSERT INTO favorite (member_id, type, data_id, is_cancel, create_time, update_time) VALUES (@memberId, @type, @dataId, 0, @time, @time)
   ON CONFLICT (member_id, type, data_id) DO UPDATE SET is_cancel = 0, update_time = excluded.update_time`,
);

export const cancelFavorite = new Query<Key & { time: string }>(
  `UPDATE favorite SET is_cancel = 1, update_time = @time
   WHERE member_id = @memberId AND type = @type AND data_id = @dataId AND is_cancel = 0`,
);

/** The member's active favourites of one type, by item id, at most `limit`. */
export const favoriteIds = new Query<{ memberId: number; type: ContentType; limit: number }, { dataId: number }>(
  'SELECT data_id AS dataId FROM favorite WHERE member_id = @memberId AND type = @type AND is_cancel = 0 ORDER BY data_id LIMIT @limit',
);
