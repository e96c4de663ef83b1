import { queryOptions } from '@tanstack/react-query';
import type { TestTokenResult } from '@shared/content/types';
import { CONTENT_ENDPOINTS } from '@shared/content/endpoints';
import { NO_TOKEN, type Http } from '../../lib/http/http';

/**
 * GET /api/cmsData/testToken — server time and whether the caller's token is valid. spec §7 marks
 * it "no token": the page shows what the backend says to a call without the bearer.
 */
export async function getTestToken(http: Http): Promise<TestTokenResult> {
  const body = await http.call(CONTENT_ENDPOINTS.testToken, NO_TOKEN.spec);
  return body.data;
}

export const testTokenQueryOptions = (http: Http) =>
  queryOptions({ queryKey: ['test', 'token'] as const, queryFn: () => getTestToken(http), staleTime: 0 });
