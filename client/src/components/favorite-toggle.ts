/**
 * The 收藏 toggle itself (issue 14): a chunk loaded on the first click, so that the pages showing
 * a favourite button or star (every public mobile page) do not carry the call, the cache writes and
 * React Query's mutation hook in their first load.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ContentType } from '@shared/contract/common';
import type { Http } from '../api/http';
import { favoriteKeys } from '../api/content';
import { changeFavoriteStatus, setFavoriteInCache } from '../api/content-writes';
import { feedback } from '../lib/feedback';

/**
 * Favourite (true) or cancel (false) one item, optimistically: the caches change at once and are
 * put back if the call fails (its error toast says why); the member's favourite lists refetch.
 */
export async function toggleFavorite(queryClient: QueryClient, http: Http, type: ContentType, id: number, next: boolean) {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: favoriteKeys.status(type, id), exact: true }),
    queryClient.cancelQueries({ queryKey: favoriteKeys.ids(type), exact: true }),
  ]);
  const undo = setFavoriteInCache(queryClient, type, id, next);
  try {
    await changeFavoriteStatus(http, { id, type, isCancel: next ? 0 : 1 });
    feedback.success(next ? '已加入收藏' : '已取消收藏');
  } catch {
    undo();
  } finally {
    // The member's favourite lists (and their counts) are out of date now.
    void queryClient.invalidateQueries({ queryKey: favoriteKeys.lists() });
  }
}
