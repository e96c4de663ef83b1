/** Where companies are on the site: the search, a profile, and a profile on the mobile site. */
import { MOBILE_PATHS } from '../routes';

export const COMPANY_SEARCH_PATH = '/company';
export const companyPath = (id: number) => `${COMPANY_SEARCH_PATH}/${id}`;
export const mobileCompanyPath = (id: number) => `${MOBILE_PATHS.companyDetail}?id=${id}`;
