/** Request and response schemas of the company calls, keyed like COMPANY_ENDPOINTS. */
import { ajax, tableOf, type SchemasOf } from '../contract/envelopes';
import { idParams, keyword, oneOf, optional, pageFields, region, values } from '../contract/fields';
import type { COMPANY_ENDPOINTS } from './endpoints';
import { COMPANY_ROLES, type CompanyListItem, type CompanyProfile } from './types';

export const COMPANY_SCHEMAS = {
  companyList: {
    query: values({
      ...pageFields,
      name: keyword('name'),
      areaCode: region('areaCode'),
      role: optional(`role 必须是 ${COMPANY_ROLES.join('、')} 之一`, oneOf(COMPANY_ROLES)),
    }),
    response: tableOf<CompanyListItem>(),
  },
  companyDetail: { params: idParams, response: ajax<CompanyProfile>() },
} as const satisfies SchemasOf<typeof COMPANY_ENDPOINTS>;
