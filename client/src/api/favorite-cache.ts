/**
 * The favourite's optimistic cache write, in the first load (issue 14): a 收藏 click changes the
 * star and the detail's button at once, before the chunk with the call (favorite-toggle.ts) arrives.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ContentType } from '@shared/contract/common';
import type { FavoriteStatus } from '@shared/content/types';
import { favoriteKeys } from '../features/listings/api';

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
