/**
 * Company profiles (ext feature 'company'; docs/api.md): the company search of /company
 * and the profile of /company/{id}. Members fetch the profile with their token, so its contact is
 * shown by their tier and unlocks (the rule of the details); visitors without, like the details.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CompanyListItem, CompanyProfile, CompanyRole } from '@shared/company/types';
import { COMPANY_ENDPOINTS } from '@shared/company/endpoints';
import { toPaged, type Paged } from '../../lib/http/paged';
import { type Viewer } from '../../lib/session';
import { NO_TOKEN, type Http } from '../../lib/http/http';

export interface CompanySearchParams {
  name?: string;
  areaCode?: string;
  role?: CompanyRole;
  pageNum: number;
  pageSize: number;
}

export const companyKeys = {
  all: ['company'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (params: CompanySearchParams) => [...companyKeys.lists(), params] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (id: number, viewer: Viewer) => [...companyKeys.details(), id, viewer] as const,
};

/** GET /api/cmsData/company/list — companies by name, region and role, most notices first. */
export async function searchCompanies(http: Http, params: CompanySearchParams): Promise<Paged<CompanyListItem>> {
  return toPaged(await http.call(COMPANY_ENDPOINTS.companyList, { params, ...NO_TOKEN.publicRead }));
}

export const companySearchQueryOptions = (http: Http, params: CompanySearchParams) =>
  queryOptions({ queryKey: companyKeys.list(params), queryFn: () => searchCompanies(http, params) });

/** GET /api/cmsData/company/{id} — one company's profile. */
export async function getCompany(http: Http, id: number, viewer: Viewer): Promise<CompanyProfile> {
  const body = await http.call(COMPANY_ENDPOINTS.companyDetail, { path: { id }, ...(viewer === 'public' ? NO_TOKEN.publicRead : {}) });
  return body.data;
}

export const companyQueryOptions = (http: Http, id: number, viewer: Viewer) =>
  queryOptions({ queryKey: companyKeys.detail(id, viewer), queryFn: () => getCompany(http, id, viewer) });
