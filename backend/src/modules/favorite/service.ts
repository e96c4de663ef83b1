/**
 * Favourites (spec §7, DOMAIN.md): a member's favourited projects and tenders, identified by
 * (member, type, item). Cancelling keeps the row (isCancel 1) so it can be restored; `addGJ` turns
 * the item's company into a visit client.
 */
import type { ContentType } from '@shared/contract/common';
import type { FavoriteStatus } from '@shared/content/types';
import type { BaifangClient } from '@shared/visit/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { notFound } from '../../envelope';
import { shownContact } from '../content/contact-mask';
import { MSG_XMK_NOT_FOUND, MSG_ZB_NOT_FOUND } from '../content/details';
import { contactOf } from '../content/queries';
import { contactAccessFor, memberAccess } from '../member/access';
import { QUOTAS } from '../member/quota';
import { findClientByName } from '../visit/queries';
import { insertClient } from '../visit/service';
import * as q from './queries';

/** The most favourites a member can have (VIP 会员's cap), so the most ids one answer carries. */
const FAVORITE_IDS_LIMIT = Math.max(...Object.values(QUOTAS.favorites));

/** The item's title and company, or 404 when it does not exist. */
function itemCompany(ctx: AppContext, type: ContentType, id: number): { title: string; company: string } {
  const item = q.itemCompany(ctx.sql, type, id);
  if (!item) throw notFound(type === 'xmk' ? MSG_XMK_NOT_FOUND : MSG_ZB_NOT_FOUND);
  return item;
}

function statusOf(ctx: AppContext, memberId: number, type: ContentType, dataId: number): FavoriteStatus {
  return { type, dataId, favorited: q.favoriteState.get(ctx.sql, { memberId, type, dataId })?.isCancel === 0 };
}

export function favoriteStatus(ctx: AppContext, memberId: number, type: ContentType, id: number): FavoriteStatus {
  itemCompany(ctx, type, id);
  return statusOf(ctx, memberId, type, id);
}

/** Ids of the member's active favourites of one type, ascending; bounded by the favourites cap. */
export function favoriteIds(ctx: AppContext, memberId: number, type: ContentType): number[] {
  return q.favoriteIds.all(ctx.sql, { memberId, type, limit: FAVORITE_IDS_LIMIT }).map((row) => row.dataId);
}

/**
 * Before a new favourite row: at the cap, the oldest cancelled favourite makes room (cancelled rows
 * are kept only so they can be restored); with none cancelled, the cap's message refuses.
 */
function makeRoomForFavorite(ctx: AppContext, memberId: number): void {
  if (ctx.quotas.hasRoom(memberId, 'favorites')) return;
  q.deleteOldestCancelled.run(ctx.sql, { memberId });
  ctx.quotas.ensureRoom(memberId, 'favorites');
}

/** Favourite (isCancel 0) or cancel (1). The first favourite creates the row; later calls flip it. */
export function changeFavorite(ctx: AppContext, memberId: number, type: ContentType, id: number, isCancel: 0 | 1): FavoriteStatus {
  const now = formatDateTime(ctx.clock());
  return ctx.db.transaction(() => {
    itemCompany(ctx, type, id);
    const key = { memberId, type, dataId: id };
    if (isCancel === 0) {
      if (!q.favoriteState.get(ctx.sql, key)) makeRoomForFavorite(ctx, memberId);
      q.favorite.run(ctx.sql, { ...key, time: now });
    } else {
      q.cancelFavorite.run(ctx.sql, { ...key, time: now });
    }
    return statusOf(ctx, memberId, type, id);
  })();
}

/**
 * 加入跟进: the item's company becomes a visit client (once: a second call returns the same
 * client, `added` false). Contact and phone are copied only when the member may see the item's
 * contacts, so following up never reveals what an unlock would cost.
 */
export function followUp(ctx: AppContext, memberId: number, type: ContentType, id: number): { client: BaifangClient; added: boolean } {
  const now = ctx.clock();
  return ctx.db.transaction(() => {
    const item = itemCompany(ctx, type, id);
    const existing = findClientByName.get(ctx.sql, { memberId, companyName: item.company });
    if (existing) return { client: existing, added: false };
    ctx.quotas.ensureRoom(memberId, 'clients');
    const shown = shownContact(contactAccessFor(ctx.sql, memberAccess(ctx.sql, memberId, now), type, id), contactOf(ctx.sql, type, id)!);
    // A masked contact is no contact to call: the client starts without one until the item is unlocked.
    const contact = shown.masked ? undefined : shown.contact;
    const client = insertClient(
      ctx,
      memberId,
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
    return { client, added: true };
  })();
}
