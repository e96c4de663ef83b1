/**
 * The content module's writes a click makes (spec §7): 收藏, 加入跟进 and 积分查看, with the cache
 * update a favourite needs. A module of its own (issue 14): the chunks that run these load on the
 * first click, and the pages that show the buttons do not carry them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ContentType } from '@shared/contract/common';
import type { AddGJBody, FavoriteChangeBody, FavoriteStatus, UnlockBody, UnlockResult } from '@shared/contract/content';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { BaifangClient } from '@shared/contract/visit';
import { favoriteKeys } from './content';
import type { Http } from './http';

/**
 * Writes a favourite's new state into every cache that shows it — the detail's status, the rows'
 * ids — so the detail's 收藏 and the list stars agree without a refetch. Returns how to undo it.
 */
export function setFavoriteInCache(queryClient: QueryClient, type: ContentType, id: number, favorited: boolean): () => void {
  const statusKey = favoriteKeys.status(type, id);
  const idsKey = favoriteKeys.ids(type);
  const previousStatus = queryClient.getQueryData<FavoriteStatus>(statusKey);
  const previousIds = queryClient.getQueryData<number[]>(idsKey);
  queryClient.setQueryData<FavoriteStatus>(statusKey, { type, dataId: id, favorited });
  if (previousIds) {
    const without = previousIds.filter((value) => value !== id);
    queryClient.setQueryData<number[]>(idsKey, favorited ? [...without, id].sort((a, b) => a - b) : without);
  }
  return () => {
    if (previousStatus) queryClient.setQueryData(statusKey, previousStatus);
    else void queryClient.invalidateQueries({ queryKey: statusKey, exact: true });
    if (previousIds) queryClient.setQueryData(idsKey, previousIds);
  };
}

/** PUT /cms/favorite/changeStatus — favourite (isCancel 0) or cancel (1); created on first use. */
export async function changeFavoriteStatus(http: Http, body: FavoriteChangeBody): Promise<void> {
  await http.call(ENDPOINTS.favoriteChangeStatus, { data: body });
}

/**
 * PUT /cms/favorite/addGJ — 加入跟进: the item's company becomes a visit client. Idempotent: a
 * company already followed answers its existing client.
 */
export async function addFavoriteGJ(http: Http, body: AddGJBody): Promise<BaifangClient> {
  const result = await http.call(ENDPOINTS.favoriteAddGJ, { data: body });
  return result.data;
}

// ── Contact unlock (积分查看, member) ──────────────────────────────────────────────────────

/** PUT /cms/xmk/score/ — unlock an item's contacts for points; free when already unlocked. */
export async function unlockContact(http: Http, body: UnlockBody): Promise<UnlockResult> {
  const result = await http.call(ENDPOINTS.xmkScore, { data: body });
  return result.data;
}
