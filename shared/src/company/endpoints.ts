/** Company profiles and company search (ext): the companies seen in the notices. */
import { endpoints } from '../contract/endpoint';

export const COMPANY_ENDPOINTS = endpoints({
  // list before :id
  companyList: { method: 'GET', path: '/api/cmsData/company/list', auth: 'public', ext: true, feature: 'company' },
  companyDetail: { method: 'GET', path: '/api/cmsData/company/:id', auth: 'optional', ext: true, feature: 'company' },
});
