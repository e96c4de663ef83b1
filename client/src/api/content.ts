/**
 * Content module (spec §7): project library (xmk, 拟在建项目), tenders (zb, 招标信息), favourites,
 * contact unlocks, messages and the CMS support pages. Public calls opt out of the bearer
 * (NO_TOKEN, with their reason); member calls carry it (the proxy adds it from the HttpOnly cookie).
 */
import { queryOptions } from '@tanstack/react-query';
import { MESSAGES, PAGE_SIZE_MAX } from '@shared/constants';
import type { ContentType, PageParams, TableDataInfo } from '@shared/contract/common';
import type {
  AddMsgBody,
  BiddingListParams,
  FavoriteItem,
  FavoriteListParams,
  FavoriteStatus,
  MsgItem,
  Notice,
  NoticeSummary,
  SupportColumn,
  SupportPage,
  XmkDetail,
  XmkHistoryEntry,
  XmkListItem,
  XmkSearchParams,
  ZbDetail,
  ZbListItem,
  ZbSearchParams,
} from '@shared/content/types';
import { CONTENT_ENDPOINTS } from '@shared/content/endpoints';
import { ApiError, NO_TOKEN, type Http, type RequestOptions } from './http';

/** One page of a list: the rows and how many match in all. */
export interface Paged<T> {
  rows: T[];
  total: number;
  /** More than `total` match; counting stopped (search shows "10000+"). */
  totalCapped: boolean;
}

export function toPaged<T>(body: TableDataInfo<T>): Paged<T> {
  return { rows: body.rows ?? [], total: body.total ?? 0, totalCapped: body.totalCapped === true };
}

/**
 * Who a detail is fetched for: members read the member endpoint, whose contact block reflects
 * their tier and unlocks; visitors the public one (spec §7). Part of the query key, so a login in
 * the same tab never shows the visitor's masked copy from the cache.
 */
export type Viewer = 'member' | 'public';

export const viewerOf = (isLogin: boolean): Viewer => (isLogin ? 'member' : 'public');

// ── Project library (xmk) ──────────────────────────────────────────────────────────────────

export const xmkKeys = {
  all: ['xmk'] as const,
  lists: () => [...xmkKeys.all, 'list'] as const,
  list: (params: XmkSearchParams) => [...xmkKeys.lists(), params] as const,
  details: () => [...xmkKeys.all, 'detail'] as const,
  detail: (id: number, viewer: Viewer) => [...xmkKeys.details(), id, viewer] as const,
  history: (id: number) => [...xmkKeys.all, 'history', id] as const,
};

/** GET /api/xmk/search — public project search (keyword, region, industry, stage, investment, dates). */
export async function searchXmk(http: Http, params: XmkSearchParams): Promise<Paged<XmkListItem>> {
  return toPaged(await http.call(CONTENT_ENDPOINTS.xmkSearch, { params, ...NO_TOKEN.spec }));
}

export const xmkSearchQueryOptions = (http: Http, params: XmkSearchParams) =>
  queryOptions({ queryKey: xmkKeys.list(params), queryFn: () => searchXmk(http, params) });

/** GET /cms/xmk/data/{id} (member) or /api/cmsData/xmk/{id} (public) — one project. */
export async function getXmkDetail(http: Http, id: number, viewer: Viewer): Promise<XmkDetail> {
  const body =
    viewer === 'member'
      ? await http.call(CONTENT_ENDPOINTS.xmkDetailMember, { path: { id } })
      : await http.call(CONTENT_ENDPOINTS.xmkDetailPublic, { path: { id }, ...NO_TOKEN.spec });
  return body.data;
}

export const xmkDetailQueryOptions = (http: Http, id: number, viewer: Viewer) =>
  queryOptions({ queryKey: xmkKeys.detail(id, viewer), queryFn: () => getXmkDetail(http, id, viewer) });

/** GET /api/cmsData/history/xmk/{id} — the project's stage versions, oldest first. */
export async function getXmkHistory(http: Http, id: number): Promise<XmkHistoryEntry[]> {
  const body = await http.call(CONTENT_ENDPOINTS.xmkHistory, { path: { id }, ...NO_TOKEN.publicRead });
  return body.data ?? [];
}

export const xmkHistoryQueryOptions = (http: Http, id: number) =>
  queryOptions({ queryKey: xmkKeys.history(id), queryFn: () => getXmkHistory(http, id) });

// ── Tenders (zb) ───────────────────────────────────────────────────────────────────────────

export const zbKeys = {
  all: ['zb'] as const,
  lists: () => [...zbKeys.all, 'list'] as const,
  list: (params: ZbSearchParams) => [...zbKeys.lists(), params] as const,
  /** /user/bidding: tenders matching the member's subscription (all of them change with it). */
  biddingLists: () => [...zbKeys.all, 'bidding'] as const,
  biddingList: (params: BiddingListParams) => [...zbKeys.biddingLists(), params] as const,
  details: () => [...zbKeys.all, 'detail'] as const,
  detail: (id: number, viewer: Viewer) => [...zbKeys.details(), id, viewer] as const,
};

/** GET /api/zb/search — public tender search (as xmk, plus notice type and amount). */
export async function searchZb(http: Http, params: ZbSearchParams): Promise<Paged<ZbListItem>> {
  return toPaged(await http.call(CONTENT_ENDPOINTS.zbSearch, { params, ...NO_TOKEN.spec }));
}

export const zbSearchQueryOptions = (http: Http, params: ZbSearchParams) =>
  queryOptions({ queryKey: zbKeys.list(params), queryFn: () => searchZb(http, params) });

/** GET /cms/bidding/list — tenders matching the member's subscription, newest first. */
export async function getBiddingList(http: Http, params: BiddingListParams): Promise<Paged<ZbListItem>> {
  return toPaged(await http.call(CONTENT_ENDPOINTS.biddingList, { params }));
}

export const biddingListQueryOptions = (http: Http, params: BiddingListParams) =>
  queryOptions({ queryKey: zbKeys.biddingList(params), queryFn: () => getBiddingList(http, params) });

/** GET /cms/bidding/data/{id} (member) or /api/cmsData/bidding/{id} (public) — one tender. */
export async function getZbDetail(http: Http, id: number, viewer: Viewer): Promise<ZbDetail> {
  const body =
    viewer === 'member'
      ? await http.call(CONTENT_ENDPOINTS.biddingData, { path: { id } })
      : await http.call(CONTENT_ENDPOINTS.zbDetailPublic, { path: { id }, ...NO_TOKEN.publicRead });
  return body.data;
}

export const zbDetailQueryOptions = (http: Http, id: number, viewer: Viewer) =>
  queryOptions({ queryKey: zbKeys.detail(id, viewer), queryFn: () => getZbDetail(http, id, viewer) });

// ── Favourites (member) ────────────────────────────────────────────────────────────────────

export const favoriteKeys = {
  all: ['favorite'] as const,
  lists: () => [...favoriteKeys.all, 'list'] as const,
  list: (params: FavoriteListParams) => [...favoriteKeys.lists(), params] as const,
  status: (type: ContentType, id: number) => [...favoriteKeys.all, 'status', type, id] as const,
  ids: (type: ContentType) => [...favoriteKeys.all, 'ids', type] as const,
};

/** The fallback reads the favourites list at its largest page size; a member has at most 5000 (VIP cap). */
const FAVORITE_ID_PAGES = 50;

/**
 * The ids of the member's active favourites of one type, ascending: one call where the backend has
 * `GET /cms/favorite/ids/{type}` (ext `favoriteIds`), else the spec's list page by page (the first,
 * then the rest at once).
 */
export async function getFavoriteIds(http: Http, type: ContentType, viaExt: boolean): Promise<number[]> {
  if (viaExt) return (await http.call(CONTENT_ENDPOINTS.favoriteIds, { path: { type } })).data ?? [];
  const page = (pageNum: number) => getFavoriteList(http, { type, isCancel: 0, pageNum, pageSize: PAGE_SIZE_MAX });
  const first = await page(1);
  const pageCount = Math.min(Math.ceil(first.total / PAGE_SIZE_MAX), FAVORITE_ID_PAGES);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => page(index + 2)));
  return [first, ...rest].flatMap((result) => result.rows.map((row) => row.dataId)).sort((a, b) => a - b);
}

export const favoriteIdsQueryOptions = (http: Http, type: ContentType, viaExt: boolean) =>
  queryOptions({
    queryKey: favoriteKeys.ids(type),
    queryFn: () => getFavoriteIds(http, type, viaExt),
    // Paging through the list is several calls: read it once a visit (this tab's changes update the cache).
    ...(viaExt ? {} : { staleTime: 10 * 60_000 }),
  });

/** GET /cms/favorite/list/ — the member's favourites, cancelled ones included (isCancel 1). */
export async function getFavoriteList(http: Http, params: FavoriteListParams): Promise<Paged<FavoriteItem>> {
  return toPaged(await http.call(CONTENT_ENDPOINTS.favoriteList, { params }));
}

export const favoriteListQueryOptions = (http: Http, params: FavoriteListParams) =>
  queryOptions({ queryKey: favoriteKeys.list(params), queryFn: () => getFavoriteList(http, params) });

/** GET /cms/favorite/{id}?type= — whether the member has favourited this item. */
export async function getFavoriteStatus(http: Http, type: ContentType, id: number): Promise<FavoriteStatus> {
  const body = await http.call(CONTENT_ENDPOINTS.favoriteStatus, { path: { id }, params: { type } });
  return body.data;
}

export const favoriteStatusQueryOptions = (http: Http, type: ContentType, id: number) =>
  queryOptions({ queryKey: favoriteKeys.status(type, id), queryFn: () => getFavoriteStatus(http, type, id) });

// ── Messages ───────────────────────────────────────────────────────────────────────────────

export const msgKeys = {
  all: ['msg'] as const,
  lists: () => [...msgKeys.all, 'list'] as const,
  list: (params: PageParams) => [...msgKeys.lists(), params] as const,
};

/**
 * PUT /api/cms/addMsg — a consultation or message from a visitor or member. A form that shows
 * failures beside its fields passes `notify: false`.
 */
export async function addMsg(http: Http, body: AddMsgBody, options: Pick<RequestOptions, 'notify'> = {}): Promise<void> {
  await http.call(CONTENT_ENDPOINTS.addMsg, { ...options, data: body });
}

/** GET /cms/msgForm/getMsgList — the member's own messages with staff replies. */
export async function getMsgList(http: Http, params: PageParams): Promise<Paged<MsgItem>> {
  return toPaged(await http.call(CONTENT_ENDPOINTS.msgList, { params }));
}

export const msgListQueryOptions = (http: Http, params: PageParams) =>
  queryOptions({ queryKey: msgKeys.list(params), queryFn: () => getMsgList(http, params) });

// ── Support pages and notices ──────────────────────────────────────────────────────────────

export const supportKeys = {
  all: ['support'] as const,
  page: (col: Exclude<SupportColumn, 'notice'>) => [...supportKeys.all, 'page', col] as const,
  notices: () => [...supportKeys.all, 'notice'] as const,
  noticeList: (params: PageParams) => [...supportKeys.notices(), 'list', params] as const,
  notice: (id: number) => [...supportKeys.notices(), 'detail', id] as const,
};

/** CMS pages change rarely. */
const SUPPORT_STALE_MS = 5 * 60_000;

/** GET /api/cms/getSupport/{col} — one CMS page (about, fwxy, rwbf, service, yssm). */
export async function getSupport(http: Http, col: Exclude<SupportColumn, 'notice'>): Promise<SupportPage> {
  const body = await http.call(CONTENT_ENDPOINTS.support, { path: { col }, ...NO_TOKEN.publicRead });
  // One path answers a page for a column and a table for `notice`: anything else breaks the contract.
  if (!('data' in body)) throw new ApiError(MESSAGES.unknown, { kind: 'response', code: 500 });
  return body.data;
}

export const supportQueryOptions = (http: Http, col: Exclude<SupportColumn, 'notice'>) =>
  queryOptions({ queryKey: supportKeys.page(col), queryFn: () => getSupport(http, col), staleTime: SUPPORT_STALE_MS });

/** GET /api/cms/getSupport/notice — the site's notices, newest first, paged. */
export async function getNoticeList(http: Http, params: PageParams): Promise<Paged<NoticeSummary>> {
  const body = await http.call(CONTENT_ENDPOINTS.support, { path: { col: 'notice' }, params, ...NO_TOKEN.publicRead });
  if (!('rows' in body)) throw new ApiError(MESSAGES.unknown, { kind: 'response', code: 500 });
  return toPaged(body);
}

export const noticeListQueryOptions = (http: Http, params: PageParams) =>
  queryOptions({
    queryKey: supportKeys.noticeList(params),
    queryFn: () => getNoticeList(http, params),
    staleTime: SUPPORT_STALE_MS,
  });

/** GET /api/system/notice/{id} — one notice with its body. */
export async function getNotice(http: Http, id: number): Promise<Notice> {
  const body = await http.call(CONTENT_ENDPOINTS.notice, { path: { id }, ...NO_TOKEN.spec });
  return body.data;
}

export const noticeQueryOptions = (http: Http, id: number) =>
  queryOptions({ queryKey: supportKeys.notice(id), queryFn: () => getNotice(http, id), staleTime: SUPPORT_STALE_MS });
