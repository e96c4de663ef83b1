import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http/errors';

/**
 * One per browser tab, one per server request. Data the server fetched stays fresh for a minute,
 * so hydration never refetches what the HTML already shows.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        // An envelope error (404, 403, validation) will not change on retry; a dropped connection may.
        retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.transport,
      },
      mutations: { retry: false },
    },
  });
}
