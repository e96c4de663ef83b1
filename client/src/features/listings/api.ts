/**
 * The listings' calls (spec §7, content module): the project library (xmk, 拟在建项目), tenders
 * (zb, 招标信息) with the member's subscribed ones, favourites and contact unlocks. Public calls opt
 * out of the bearer (NO_TOKEN, with their reason); member calls carry it (the proxy adds it from
 * the HttpOnly cookie).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@shared/constants';
import type { ContentType } from '@shared/contract/common';
import type {
  AddGJBody,
  BiddingListParams,
  FavoriteChangeBody,
  FavoriteItem,
  FavoriteListParams,
  FavoriteStatus,
  UnlockBody,
  UnlockResult,
  XmkDetail,
  XmkHistoryEntry,
  XmkListItem,
  XmkSearchParams,
  ZbDetail,
  ZbListItem,
  ZbSearchParams,
} from '@shared/content/types';
import type { NoticeTimelineAnswer } from '@shared/content/notices';
import { CONTENT_ENDPOINTS } from '@shared/content/endpoints';
import type { BaifangClient } from '@shared/visit/types';
import { NO_TOKEN, type Http } from '../../lib/http/http';
import { toPaged, type Paged } from '../../lib/http/paged';
import type { Viewer } from '../../lib/session';

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

// ── A notice over time, beside a CMS's detail (ext noticeTimeline) ───────────────────────────

/**
 * Under the detail's key, so that whatever refreshes the detail (an unlock) refreshes this too.
 */
export const noticeTimelineKey = (type: ContentType, id: number, viewer: Viewer) =>
  [...(type === 'xmk' ? xmkKeys.detail(id, viewer) : zbKeys.detail(id, viewer)), 'timeline'] as const;

/**
 * GET /api/ext/notices/{kind}/{id}/timeline — the lifecycle and changes a CMS's detail lacks, from
 * the extensions' backend. null when it cannot say (not followed yet, away): the page then shows
 * none, as without the feature, and never an error.
 */
export async function getNoticeTimeline(http: Http, type: ContentType, id: number, viewer: Viewer): Promise<NoticeTimelineAnswer | null> {
  try {
    const body = await http.call(CONTENT_ENDPOINTS.noticeTimeline, {
      path: { kind: type, id },
      notify: false,
      ...(viewer === 'member' ? {} : NO_TOKEN.publicRead),
    });
    return body.data;
  } catch {
    return null;
  }
}

export const noticeTimelineQueryOptions = (http: Http, type: ContentType, id: number, viewer: Viewer) =>
  queryOptions({ queryKey: noticeTimelineKey(type, id, viewer), queryFn: () => getNoticeTimeline(http, type, id, viewer) });

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

/** PUT /cms/favorite/changeStatus — favourite (isCancel 0) or cancel (1); created on first use. */
export async function changeFavoriteStatus(http: Http, body: FavoriteChangeBody): Promise<void> {
  await http.call(CONTENT_ENDPOINTS.favoriteChangeStatus, { data: body });
}

/**
 * PUT /cms/favorite/addGJ — 加入跟进: the item's company becomes a visit client. Idempotent: a
 * company already followed answers its existing client.
 */
export async function addFavoriteGJ(http: Http, body: AddGJBody): Promise<BaifangClient> {
  const result = await http.call(CONTENT_ENDPOINTS.favoriteAddGJ, { data: body });
  return result.data;
}

/**
 * Writes a favourite's new state into every cache that shows it — the detail's status, the rows'
 * ids — so the detail's 收藏 and the list stars agree without a refetch. Returns how to undo it.
 */
export function setFavoriteInCache(queryClient: QueryClient, type: ContentType, id: number, favorited: boolean): () => void {
  const statusKey = favoriteKeys.status(type, id);
  const idsKey = favoriteKeys.ids(type);
  const previousStatus = queryClient.getQueryData<FavoriteStatus>(statusKey);
  const previousIds = queryClient.getQueryData<number[]>(idsKey);
  queryClient.setQueryData<FavoriteStatus>(statusKey, { type, dataId: id, favorited });
  if (previousIds) {
    const without = previousIds.filter((value) => value !== id);
    queryClient.setQueryData<number[]>(idsKey, favorited ? [...without, id].sort((a, b) => a - b) : without);
  }
  return () => {
    if (previousStatus) queryClient.setQueryData(statusKey, previousStatus);
    else void queryClient.invalidateQueries({ queryKey: statusKey, exact: true });
    if (previousIds) queryClient.setQueryData(idsKey, previousIds);
  };
}

// ── Contact unlock (积分查看, member) ──────────────────────────────────────────────────────

/** PUT /cms/xmk/score/ — unlock an item's contacts for points; free when already unlocked. */
export async function unlockContact(http: Http, body: UnlockBody): Promise<UnlockResult> {
  const result = await http.call(CONTENT_ENDPOINTS.xmkScore, { data: body });
  return result.data;
}
