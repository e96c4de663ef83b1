/**
 * The 收藏 call, after `useFavoriteToggle` changed the caches: sent at once, and undone if refused.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ContentType } from '@shared/contract/common';
import type { Http } from '../../../lib/http/http';
import { favoriteKeys } from '../api';
import { changeFavoriteStatus } from '../api';
import { feedback } from '../../../lib/feedback';

/**
 * Saves a favourite (true) or its cancellation (false) whose caches `useFavoriteToggle` already
 * changed: `undo` puts them back if the call fails (its error toast says why); the member's
 * favourite lists refetch either way.
 */
export async function saveFavorite(queryClient: QueryClient, http: Http, type: ContentType, id: number, next: boolean, undo: () => void) {
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
