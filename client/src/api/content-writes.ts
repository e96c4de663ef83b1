/**
 * The content module's writes a click makes (spec §7): 收藏, 加入跟进 and 积分查看 (the favourite's
 * cache update is in favorite-cache.ts, which a click runs at once). A module of its own (issue 14): the chunks that run these load on the
 * first click, and the pages that show the buttons do not carry them.
 */
import type { AddGJBody, FavoriteChangeBody, UnlockBody, UnlockResult } from '@shared/content/types';
import { CONTENT_ENDPOINTS } from '@shared/content/endpoints';
import type { BaifangClient } from '@shared/visit/types';
import type { Http } from '../lib/http/http';

/** PUT /cms/favorite/changeStatus — favourite (isCancel 0) or cancel (1); created on first use. */
export async function changeFavoriteStatus(http: Http, body: FavoriteChangeBody): Promise<void> {
  await http.call(CONTENT_ENDPOINTS.favoriteChangeStatus, { data: body });
}

/**
 * PUT /cms/favorite/addGJ — 加入跟进: the item's company becomes a visit client. Idempotent: a
 * company already followed answers its existing client.
 */
export async function addFavoriteGJ(http: Http, body: AddGJBody): Promise<BaifangClient> {
  const result = await http.call(CONTENT_ENDPOINTS.favoriteAddGJ, { data: body });
  return result.data;
}

// ── Contact unlock (积分查看, member) ──────────────────────────────────────────────────────

/** PUT /cms/xmk/score/ — unlock an item's contacts for points; free when already unlocked. */
export async function unlockContact(http: Http, body: UnlockBody): Promise<UnlockResult> {
  const result = await http.call(CONTENT_ENDPOINTS.xmkScore, { data: body });
  return result.data;
}
