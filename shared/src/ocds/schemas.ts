/** Request and response schemas of the open-data calls, keyed like OCDS_ENDPOINTS. */
import { ajax, type SchemasOf } from '../contract/envelopes';
import type { OCDS_ENDPOINTS } from './endpoints';
import type { OcdsSummary } from './types';

export const OCDS_SCHEMAS = {
  ocdsSummary: { response: ajax<OcdsSummary>() },
} as const satisfies SchemasOf<typeof OCDS_ENDPOINTS>;
