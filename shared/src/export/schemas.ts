/** The exports' queries are the lists' own filters, keyed like EXPORT_ENDPOINTS. */
import { favoriteFilter, xmkSearchQuery, zbSearchQuery } from '../content/schemas';
import { ack, type SchemasOf } from '../contract/envelopes';
import { clientFilter } from '../visit/schemas';
import type { EXPORT_ENDPOINTS } from './endpoints';

export const EXPORT_SCHEMAS = {
  exportXmk: { query: xmkSearchQuery, response: ack },
  exportZb: { query: zbSearchQuery, response: ack },
  exportFavorites: { query: favoriteFilter, response: ack },
  exportVisits: { query: clientFilter, response: ack },
} as const satisfies SchemasOf<typeof EXPORT_ENDPOINTS>;
