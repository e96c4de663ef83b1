/** Company search and profile (ext feature 'company'; docs/api.md). */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import type { CompanyListItem, CompanyProfile } from '@shared/company/types';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { AppContext } from '../../context';
import { success } from '../../envelope';
import type { Routes } from '../../routing';
import { contactAccessFor, memberAccess } from '../member/access';
import { companyProfile, searchCompanies, type ContactViewer } from './profile';

export function registerCompanyRoutes(routes: Routes, ctx: AppContext): void {
  const { sql } = ctx;
  routes.open(ENDPOINTS.companyList, (_req, { query }): TableDataInfo<CompanyListItem> => searchCompanies(sql, query));

  routes.optional(ENDPOINTS.companyDetail, (_req, session, { params: { id } }): AjaxResult<CompanyProfile> => {
    let viewer: ContactViewer = () => 'visitor';
    if (session) {
      const access = memberAccess(sql, session.memberId, ctx.clock());
      viewer = (zbId) => contactAccessFor(sql, access, 'zb', zbId);
    }
    return success(companyProfile(sql, id, viewer));
  });
}
