/** Open data (ext): the feed's summary for the /open-data page. */
import { queryOptions } from '@tanstack/react-query';
import { OCDS_ENDPOINTS } from '@shared/ocds/endpoints';
import type { OcdsSummary } from '@shared/ocds/types';
import { NO_TOKEN, type Http } from '../../lib/http/http';

export const openDataKeys = { summary: ['open-data', 'summary'] as const };

/** GET /api/ext/ocds/summary — how much is published, and a sample process. */
export async function getOcdsSummary(http: Http): Promise<OcdsSummary> {
  return (await http.call(OCDS_ENDPOINTS.ocdsSummary, { ...NO_TOKEN.publicRead })).data;
}

export const ocdsSummaryQueryOptions = (http: Http) =>
  queryOptions({ queryKey: openDataKeys.summary, queryFn: () => getOcdsSummary(http) });
