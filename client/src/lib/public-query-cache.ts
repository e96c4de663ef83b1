/**
 * Server only: the system module's public configs and dictionaries, kept between renders for a
 * short time. Every page shows the site's title and description and most pages three to six
 * dictionaries: the same answers for every visitor and member (fetched without the bearer, spec
 * §6), so a render can start with them and ask the backend only for its own page data.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { systemKeys } from './system';

export interface PublicQueryCache {
  /** Puts the fresh shared answers into a render's query client before its loaders run. */
  seed(queryClient: QueryClient): void;
  /** Keeps the system answers a render fetched itself. */
  keep(queryClient: QueryClient): void;
}

interface Kept {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

const isSystemKey = (key: QueryKey) => key[0] === systemKeys.all[0];

/** `ttlMs`: how long a config change in the CMS may take to show (the browser keeps them 10 min). */
export function createPublicQueryCache({ ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }): PublicQueryCache {
  const kept = new Map<string, Kept>();
  return {
    seed(queryClient) {
      const time = now();
      for (const [hash, entry] of kept) {
        if (time - entry.updatedAt >= ttlMs) kept.delete(hash);
        else queryClient.setQueryData(entry.queryKey, entry.data, { updatedAt: entry.updatedAt });
      }
    },
    keep(queryClient) {
      for (const query of queryClient.getQueryCache().getAll()) {
        if (!isSystemKey(query.queryKey) || query.state.status !== 'success') continue;
        const previous = kept.get(query.queryHash);
        if (previous && previous.updatedAt >= query.state.dataUpdatedAt) continue;
        kept.set(query.queryHash, { queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt });
      }
    },
  };
}
