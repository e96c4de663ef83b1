/** Visit module (拜访, spec §7): the HTTP side of service.ts. */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { BaifangClient, BaifangClientDetail, BaifangRecord, GJNum, ProjectCompany } from '@shared/visit/types';
import { formatDate } from '../../clock';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { ack, success } from '../../envelope';
import type { Routes } from '../../routing';
import { clientList, recordList } from './queries';
import { addClient, addRecord, clientDetail, deleteRecord, projectCompanies, updateClient, updateRecord, visitCounts } from './service';

export function registerVisitRoutes(routes: Routes, ctx: AppContext): void {
  const today = () => formatDate(ctx.clock());

  routes.member(ENDPOINTS.baifangClientList, (_req, session, { query }): TableDataInfo<BaifangClient> =>
    pagedTable<BaifangClient>(ctx.sql, clientList(session.memberId, query, today()), query),
  );

  routes.member(ENDPOINTS.addBaifangClient, (_req, session, { body }): AjaxResult<BaifangClient> =>
    success(addClient(ctx, session.memberId, body), '新增成功'),
  );

  routes.member(ENDPOINTS.updateBaifangClient, (_req, session, { body }): AjaxResult<BaifangClient> =>
    success(updateClient(ctx, session.memberId, body), '修改成功'),
  );

  routes.member(ENDPOINTS.baifangClientByCid, (_req, session, { params: { cid } }): AjaxResult<BaifangClientDetail> =>
    success(clientDetail(ctx, session.memberId, cid)),
  );

  routes.member(ENDPOINTS.addBaifangRecords, (_req, session, { body }): AjaxResult<BaifangRecord> =>
    success(addRecord(ctx, session.memberId, body), '新增成功'),
  );

  routes.member(ENDPOINTS.updateBaifangRecords, (_req, session, { body }): AjaxResult<BaifangRecord> =>
    success(updateRecord(ctx, session.memberId, body), '修改成功'),
  );

  routes.member(ENDPOINTS.delBaifangRecords, (_req, session, { params: { id } }) => {
    deleteRecord(ctx, session.memberId, id);
    return ack('删除成功');
  });

  routes.member(ENDPOINTS.gjNum, (_req, session): AjaxResult<GJNum> => success(visitCounts(ctx, session.memberId, today())));

  routes.member(ENDPOINTS.baifangRecordsList, (_req, session, { query }): TableDataInfo<BaifangRecord> =>
    pagedTable<BaifangRecord>(ctx.sql, recordList(session.memberId, query), query),
  );

  routes.member(ENDPOINTS.userCompany, (_req, session, { params: { id } }): AjaxResult<ProjectCompany[]> =>
    success(projectCompanies(ctx, session.memberId, id)),
  );
}
