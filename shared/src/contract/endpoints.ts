/**
 * Every call of the CMS API, as the backend serves it (the server's proxy strips `/<product>`):
 * spec §7 plus the extensions documented in docs/api.md (marked `ext`). Plain data from each
 * domain's table (`<domain>/endpoints.ts`), for whoever needs all of them: the backend's router, the
 * server's proxy allow-list and rate limits, the fuzzer. Their schemas are in schemas.ts, under the
 * same names.
 */
import { ALERT_ENDPOINTS } from '../alerts/endpoints';
import { COMPANY_ENDPOINTS } from '../company/endpoints';
import { CONTENT_ENDPOINTS } from '../content/endpoints';
import { EXPORT_ENDPOINTS } from '../export/endpoints';
import { HOME_ENDPOINTS } from '../home/endpoints';
import { MEMBER_ENDPOINTS } from '../member/endpoints';
import { OCDS_ENDPOINTS } from '../ocds/endpoints';
import { SYSTEM_ENDPOINTS } from '../system/endpoints';
import { VISIT_ENDPOINTS } from '../visit/endpoints';

export const ENDPOINTS = {
  ...VISIT_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...HOME_ENDPOINTS,
  ...MEMBER_ENDPOINTS,
  ...COMPANY_ENDPOINTS,
  ...ALERT_ENDPOINTS,
  ...EXPORT_ENDPOINTS,
  ...SYSTEM_ENDPOINTS,
  ...OCDS_ENDPOINTS,
};

export type EndpointName = keyof typeof ENDPOINTS;
/** Any one call of the contract, with its own name, method, path and auth. */
export type AnyEndpoint = (typeof ENDPOINTS)[EndpointName];
