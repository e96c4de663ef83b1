/** The companion's SQL: the mirror of the CMS's members and their favourites, and the notices it follows. */
import { Query, type Statements } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';

export interface MirroredMember {
  id: number;
  userName: string;
  nickName: string;
  email: string;
  level: string;
  levelExpireTime: string | null;
  score: number;
  now: string;
}

/** A CMS member name taken by another id here: that account is gone from the CMS (names are unique there). */
export const dropStaleNamesake = new Query<{ id: number; userName: string }>(
  'DELETE FROM member WHERE user_name = @userName AND id <> @id',
);

/**
 * The member as the CMS describes them, under the CMS's id, with no password (nobody logs in here).
 * What alerts hang on (subscriptions, settings, feed token) refers to this row.
 */
export const upsertMember = new Query<MirroredMember>(
  `INSERT INTO member (id, user_name, user_name_key, password_hash, nick_name, email, level, level_expire_time, score,
     random_password, random_password_time, create_time)
   VALUES (@id, @userName, 'cms#' || @id, '', @nickName, @email, @level, @levelExpireTime, @score, '', @now, @now)
   ON CONFLICT (id) DO UPDATE SET user_name = excluded.user_name, nick_name = excluded.nick_name, email = excluded.email,
     level = excluded.level, level_expire_time = excluded.level_expire_time, score = excluded.score`,
);

type Favourite = { memberId: number; type: ContentTable; dataId: number };

export const activeFavourites = new Query<{ memberId: number }, { type: ContentTable; dataId: number }>(
  'SELECT type, data_id AS dataId FROM favorite WHERE member_id = @memberId AND is_cancel = 0',
);

export const keepFavourite = new Query<Favourite & { now: string }>(
  `INSERT INTO favorite (member_id, type, data_id, is_cancel, create_time, update_time) VALUES (@memberId, @type, @dataId, 0, @now, @now)
   ON CONFLICT (member_id, type, data_id) DO UPDATE SET is_cancel = 0, update_time = excluded.update_time WHERE is_cancel = 1`,
);

export const cancelFavourite = new Query<Favourite & { now: string }>(
  'UPDATE favorite SET is_cancel = 1, update_time = @now WHERE member_id = @memberId AND type = @type AND data_id = @dataId',
);

/** Live notices published since `since`, by id: what a reconciliation pass checks against the CMS. */
export function liveSince(sql: Statements, table: ContentTable, since: string): { id: number; publishTime: string }[] {
  return sql
    .get<{ since: string }, { id: number; publishTime: string }>(
      `SELECT id, publish_time AS publishTime FROM ${table} WHERE publish_time >= @since ORDER BY id`,
    )
    .all({ since });
}

/** An unlock the CMS says the member made, copied here (once; a second copy changes nothing). */
export const mirrorUnlock = new Query<{ memberId: number; type: ContentTable; id: number; time: string }>(
  'INSERT OR IGNORE INTO contact_unlock (member_id, type, data_id, create_time) VALUES (@memberId, @type, @id, @time)',
);
