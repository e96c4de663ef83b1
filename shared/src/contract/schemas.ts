/**
 * The schemas of every call (schemas.ts of each domain), under the names of ENDPOINTS: the backend
 * parses every request with them, and the client's types read its answers from them. The browser
 * imports this module only for types (and in development, to check answers).
 */
import { ALERT_SCHEMAS } from '../alerts/schemas';
import { COMPANY_SCHEMAS } from '../company/schemas';
import { CONTENT_SCHEMAS } from '../content/schemas';
import { EXPORT_SCHEMAS } from '../export/schemas';
import { HOME_SCHEMAS } from '../home/schemas';
import { MEMBER_SCHEMAS } from '../member/schemas';
import { OCDS_SCHEMAS } from '../ocds/schemas';
import { SYSTEM_SCHEMAS } from '../system/schemas';
import { VISIT_SCHEMAS } from '../visit/schemas';
import type { EndpointName } from './endpoints';
import type { EndpointSchemas } from './envelopes';

export const SCHEMAS = {
  ...VISIT_SCHEMAS,
  ...CONTENT_SCHEMAS,
  ...HOME_SCHEMAS,
  ...MEMBER_SCHEMAS,
  ...COMPANY_SCHEMAS,
  ...ALERT_SCHEMAS,
  ...EXPORT_SCHEMAS,
  ...SYSTEM_SCHEMAS,
  ...OCDS_SCHEMAS,
} satisfies Record<EndpointName, EndpointSchemas>;

/** A schema entry whose name no endpoint has (the `satisfies` above checks the other way). */
type Unmatched = Exclude<keyof typeof SCHEMAS, EndpointName>;

/** The schemas by endpoint name; it stops compiling where used while some entry has no endpoint. */
export type Schemas = [Unmatched] extends [never] ? typeof SCHEMAS : { 'schemas without an endpoint': Unmatched };
