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
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_MAX } from '@shared/constants';
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
  recordsFromClients: (params: BaifangRecordListParams) => [...visitKeys.recordLists(), 'from-clients', params] as const,
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

/** Every client of the member, page by page at the API's page limit. */
async function allClients(http: Http): Promise<BaifangClient[]> {
  const clients: BaifangClient[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await getBaifangClientList(http, { pageNum, pageSize: PAGE_SIZE_MAX });
    clients.push(...page.rows);
    if (page.rows.length < PAGE_SIZE_MAX || clients.length >= page.total) return clients;
  }
}

/** How many client details are asked for at once when records are gathered from the clients. */
const CLIENT_FETCHES = 4;

/**
 * getBaifangRecordsList's answer from spec §7's calls alone, for a backend without it: the records
 * of every client with visits (`getBaifangClientByCid`), filtered by client and visit day, newest
 * visit first, and paged here.
 */
export async function getRecordsFromClients(http: Http, params: BaifangRecordListParams): Promise<Paged<BaifangRecord>> {
  const ids = (await allClients(http))
    .filter((c) => c.recordCount !== 0 && (params.clientId === undefined || c.id === params.clientId))
    .map((c) => c.id);
  const records: BaifangRecord[] = [];
  for (let i = 0; i < ids.length; i += CLIENT_FETCHES) {
    const details = await Promise.all(ids.slice(i, i + CLIENT_FETCHES).map((cid) => getBaifangClientByCid(http, cid)));
    for (const detail of details) records.push(...detail.records);
  }
  const day = (r: BaifangRecord) => r.visitTime.slice(0, 10);
  const matching = records
    .filter((r) => (!params.beginDate || day(r) >= params.beginDate) && (!params.endDate || day(r) <= params.endDate))
    .sort((a, b) => b.visitTime.localeCompare(a.visitTime) || b.id - a.id);
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  const from = ((params.pageNum ?? 1) - 1) * pageSize;
  return { rows: matching.slice(from, from + pageSize), total: matching.length, totalCapped: false };
}

/**
 * The member's visit records: from getBaifangRecordsList when the backend offers it (capability
 * `visitRecords`), else gathered from the clients' calls.
 */
export const baifangRecordListQueryOptions = (http: Http, params: BaifangRecordListParams, ext: boolean) =>
  queryOptions({
    queryKey: ext ? visitKeys.recordList(params) : visitKeys.recordsFromClients(params),
    queryFn: () => (ext ? getBaifangRecordsList(http, params) : getRecordsFromClients(http, params)),
  });

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
