/**
 * Visit module (拜访, spec §7): the member's small CRM — client companies (拜访客户), visit records
 * (拜访记录), follow-up badge counts and the companies of a project. Every call is a member call.
 */
import { queryOptions } from '@tanstack/react-query';
import { VISIT_ENDPOINTS } from '@shared/visit/endpoints';
import type {
  BaifangClient,
  BaifangClientBody,
  BaifangClientDetail,
  BaifangClientListParams,
  BaifangClientUpdateBody,
  BaifangRecord,
  BaifangRecordBody,
  BaifangRecordListParams,
  BaifangRecordUpdateBody,
  GJNum,
  ProjectCompany,
} from '@shared/visit/types';
import { toPaged, type Paged } from '../../lib/http/paged';
import type { Http, RequestOptions } from '../../lib/http/http';

/** Options a form may pass, e.g. `notify: false` to show failures beside its fields. */
type FormCallOptions = Pick<RequestOptions, 'notify'>;

export const visitKeys = {
  all: ['visit'] as const,
  clientLists: () => [...visitKeys.all, 'client-list'] as const,
  clientList: (params: BaifangClientListParams) => [...visitKeys.clientLists(), params] as const,
  clientDetail: (cid: number) => [...visitKeys.all, 'client', cid] as const,
  recordLists: () => [...visitKeys.all, 'record-list'] as const,
  recordList: (params: BaifangRecordListParams) => [...visitKeys.recordLists(), params] as const,
  gjNum: () => [...visitKeys.all, 'gj-num'] as const,
  projectCompanies: (projectId: number) => [...visitKeys.all, 'project-companies', projectId] as const,
};

/** GET /cms/baifang/getBaifangClientList — the member's clients, most recently updated first. */
export async function getBaifangClientList(http: Http, params: BaifangClientListParams): Promise<Paged<BaifangClient>> {
  return toPaged(await http.call(VISIT_ENDPOINTS.baifangClientList, { params }));
}

export const baifangClientListQueryOptions = (http: Http, params: BaifangClientListParams) =>
  queryOptions({ queryKey: visitKeys.clientList(params), queryFn: () => getBaifangClientList(http, params) });

/** PUT /cms/baifang/addBaifangClient — a new client (typed in, or from a project's company). */
export async function addBaifangClient(http: Http, body: BaifangClientBody, options: FormCallOptions = {}): Promise<BaifangClient> {
  const result = await http.call(VISIT_ENDPOINTS.addBaifangClient, { ...options, data: body });
  return result.data;
}

/** PUT /cms/baifang/updateBaifangClient — edit a client (absent fields stay, '' empties one). */
export async function updateBaifangClient(
  http: Http,
  body: BaifangClientUpdateBody,
  options: FormCallOptions = {},
): Promise<BaifangClient> {
  const result = await http.call(VISIT_ENDPOINTS.updateBaifangClient, { ...options, data: body });
  return result.data;
}

/** GET /cms/baifang/getBaifangClientByCid/{cid} — one client with all its records, newest first. */
export async function getBaifangClientByCid(http: Http, cid: number): Promise<BaifangClientDetail> {
  const body = await http.call(VISIT_ENDPOINTS.baifangClientByCid, { path: { cid } });
  return body.data;
}

export const baifangClientDetailQueryOptions = (http: Http, cid: number) =>
  queryOptions({ queryKey: visitKeys.clientDetail(cid), queryFn: () => getBaifangClientByCid(http, cid) });

/** PUT /cms/baifang/addBaifangRecords — record a visit; may also move the client's status and next date. */
export async function addBaifangRecords(http: Http, body: BaifangRecordBody, options: FormCallOptions = {}): Promise<BaifangRecord> {
  const result = await http.call(VISIT_ENDPOINTS.addBaifangRecords, { ...options, data: body });
  return result.data;
}

/** PUT /cms/baifang/updateBaifangRecords — edit one visit record's own fields (ext, capability `visitRecords`). */
export async function updateBaifangRecords(
  http: Http,
  body: BaifangRecordUpdateBody,
  options: FormCallOptions = {},
): Promise<BaifangRecord> {
  const result = await http.call(VISIT_ENDPOINTS.updateBaifangRecords, { ...options, data: body });
  return result.data;
}

/** DELETE /cms/baifang/delBaifangRecords/{id} — delete one visit record. */
export async function delBaifangRecords(http: Http, id: number): Promise<void> {
  await http.call(VISIT_ENDPOINTS.delBaifangRecords, { path: { id } });
}

/** GET /cms/baifang/getBaifangRecordsList — all the member's records, newest visit first (ext). */
export async function getBaifangRecordsList(http: Http, params: BaifangRecordListParams): Promise<Paged<BaifangRecord>> {
  return toPaged(await http.call(VISIT_ENDPOINTS.baifangRecordsList, { params }));
}

export const baifangRecordListQueryOptions = (http: Http, params: BaifangRecordListParams) =>
  queryOptions({ queryKey: visitKeys.recordList(params), queryFn: () => getBaifangRecordsList(http, params) });

/** GET /cms/baifang/getGJNum — badge counts: clients per status, due follow-ups, records. */
export async function getGJNum(http: Http): Promise<GJNum> {
  const body = await http.call(VISIT_ENDPOINTS.gjNum);
  return body.data;
}

export const gjNumQueryOptions = (http: Http) => queryOptions({ queryKey: visitKeys.gjNum(), queryFn: () => getGJNum(http) });

/** GET /cms/baifang/getUserCompany/{id} — the companies of project `id`, to follow one up. */
export async function getUserCompany(http: Http, projectId: number): Promise<ProjectCompany[]> {
  const body = await http.call(VISIT_ENDPOINTS.userCompany, { path: { id: projectId } });
  return body.data ?? [];
}

export const projectCompaniesQueryOptions = (http: Http, projectId: number) =>
  queryOptions({ queryKey: visitKeys.projectCompanies(projectId), queryFn: () => getUserCompany(http, projectId) });
