/**
 * The support pages' calls (spec §7, content module): the CMS pages (about, fwxy, rwbf, service,
 * yssm), the site's notices, and messages (留言): a visitor's or member's consultation and the
 * member's own messages with staff replies.
 */
import { queryOptions } from '@tanstack/react-query';
import { MESSAGES } from '@shared/constants';
import type { PageParams } from '@shared/contract/common';
import type { AddMsgBody, MsgItem, Notice, NoticeSummary, SupportColumn, SupportPage } from '@shared/content/types';
import { CONTENT_ENDPOINTS } from '@shared/content/endpoints';
import { ApiError } from '../../lib/http/errors';
import { NO_TOKEN, type Http, type RequestOptions } from '../../lib/http/http';
import { toPaged, type Paged } from '../../lib/http/paged';

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
