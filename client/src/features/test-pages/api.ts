import { queryOptions } from '@tanstack/react-query';
import type { TestTokenResult } from '@shared/contract/content';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { Http } from '../../api/http';

/** GET /api/cmsData/testToken — server time and whether the caller's token is valid. */
export async function getTestToken(http: Http): Promise<TestTokenResult> {
  const body = await http.call(ENDPOINTS.testToken);
  return body.data;
}

export const testTokenQueryOptions = (http: Http) =>
  queryOptions({ queryKey: ['test', 'token'] as const, queryFn: () => getTestToken(http), staleTime: 0 });
