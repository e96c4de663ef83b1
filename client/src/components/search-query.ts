/**
 * The search filters of /xmk and /zb live in the URL query, so every result page is
 * shareable, server-rendered and restored by the back button. The query uses the API's own
 * parameter names. Reading it is forgiving: a value that does not make sense is dropped (the
 * visitor gets the unfiltered result rather than an error page), defaults are left out, so one
 * result page has one URL, one query key and one canonical link.
 *
 * Each filter is read with the field schema the backend parses it with (the search endpoints'
 * query schemas, shared/src/content/schemas.ts), so a value the URL keeps is one the backend
 * accepts. Only the UI's own limits are added here: the page sizes offered and the last page
 * search can reach.
 */
import type { z } from 'zod';
import type { XmkSearchParams, ZbSearchParams } from '@shared/content/types';
import { xmkSearchQuery, zbSearchQuery } from '@shared/content/schemas';
import { SEARCH_KEY_ORDER, type SearchKey } from '@shared/content/search-keys';
import { DEFAULT_PAGE_SIZE, KEYWORD_MAX_LENGTH, PAGE_SIZES } from '@shared/constants';

/** Search counts stop at 10 000 (contract `totalCapped`): pages beyond that hold nothing. */
export const SEARCH_RESULT_LIMIT = 10_000;
const XMK = xmkSearchQuery.shape;
const ZB = zbSearchQuery.shape;

type Query = Pick<URLSearchParams, 'get'>;

/**
 * Trimmed, inner whitespace and control characters collapsed to one space (the backend refuses
 * controls: `?keyword=%00` was an error page), cut to 50 characters (code points, as the backend
 * counts).
 */
export function normaliseKeyword(raw: string | null | undefined): string | undefined {
  return normaliseText(raw, KEYWORD_MAX_LENGTH);
}

/**
 * Free text from a URL: whitespace and control characters collapse to one space (the backend
 * refuses control characters, which would turn a typo into an error page), at most `max`
 * characters; empty → undefined.
 */
export function normaliseText(raw: string | null | undefined, max: number): string | undefined {
  // eslint-disable-next-line no-control-regex
  const text = (raw ?? '').replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!text) return undefined;
  return Array.from(text).slice(0, max).join('');
}

/** The value when the contract's field schema accepts it; a missing or refused value is dropped. */
function read<T>(schema: z.ZodType<T, unknown>, raw: string | null): Exclude<T, null> | undefined {
  if (raw === null) return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success && parsed.data !== null ? (parsed.data as Exclude<T, null>) : undefined;
}

function readPageSize(raw: string | null): number | undefined {
  const size = PAGE_SIZES.find((allowed) => String(allowed) === raw);
  return size === undefined || size === DEFAULT_PAGE_SIZE ? undefined : size;
}

function readPageNum(raw: string | null, pageSize: number): number | undefined {
  if (raw === null || !/^[1-9]\d{0,5}$/.test(raw)) return undefined;
  const page = Number(raw);
  return page > 1 && page <= Math.ceil(SEARCH_RESULT_LIMIT / pageSize) ? page : undefined;
}

/** A reversed range is read the way it was meant (max 100 – min 50 → 50–100). */
function ordered<T extends number | string>(low: T | undefined, high: T | undefined): [T | undefined, T | undefined] {
  return low !== undefined && high !== undefined && low > high ? [high, low] : [low, high];
}

/**
 * `areaCode`: one region or several cities/counties separated by commas. Codes are
 * sorted and deduplicated, so one choice of regions is one URL.
 */
function readAreas(raw: string | null): string | undefined {
  const value = read(XMK.areaCode, raw);
  return value === undefined ? undefined : [...new Set(value.split(','))].sort().join(',');
}

/** Filters both searches share. */
function readCommon(query: Query) {
  const pageSize = readPageSize(query.get('pageSize'));
  const [beginTime, endTime] = ordered(read(XMK.beginTime, query.get('beginTime')), read(XMK.endTime, query.get('endTime')));
  const scope = read(XMK.scope, query.get('scope'));
  return {
    keyword: normaliseKeyword(query.get('keyword')),
    // 全文 is the default, so only 标题 is written.
    scope: scope === 'title' ? scope : undefined,
    exclude: normaliseKeyword(query.get('exclude')),
    areaCode: readAreas(query.get('areaCode')),
    industry: read(XMK.industry, query.get('industry')),
    beginTime,
    endTime,
    isAsc: query.get('isAsc') === 'asc' ? ('asc' as const) : undefined,
    pageNum: readPageNum(query.get('pageNum'), pageSize ?? DEFAULT_PAGE_SIZE),
    pageSize,
  };
}

/** Drops undefined members, so equal filters are equal objects (and equal query keys). */
function compact<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as T;
}

export function readXmkSearch(query: Query): XmkSearchParams {
  const [minInvestment, maxInvestment] = ordered(
    read(XMK.minInvestment, query.get('minInvestment')),
    read(XMK.maxInvestment, query.get('maxInvestment')),
  );
  const orderBy = read(XMK.orderBy, query.get('orderBy'));
  return compact({
    ...readCommon(query),
    stage: read(XMK.stage, query.get('stage')),
    nature: read(XMK.nature, query.get('nature')),
    minInvestment,
    maxInvestment,
    orderBy: orderBy === 'time' ? undefined : orderBy,
  });
}

export function readZbSearch(query: Query): ZbSearchParams {
  const [minAmount, maxAmount] = ordered(read(ZB.minAmount, query.get('minAmount')), read(ZB.maxAmount, query.get('maxAmount')));
  const [openBegin, openEnd] = ordered(read(ZB.openBegin, query.get('openBegin')), read(ZB.openEnd, query.get('openEnd')));
  const orderBy = read(ZB.orderBy, query.get('orderBy'));
  return compact({
    ...readCommon(query),
    noticeType: read(ZB.noticeType, query.get('noticeType')),
    minAmount,
    maxAmount,
    signup: read(ZB.signup, query.get('signup')),
    openBegin,
    openEnd,
    orderBy: orderBy === 'time' ? undefined : orderBy,
  });
}

export type SearchParams = XmkSearchParams | ZbSearchParams;

/**
 * `/zb?keyword=道路&pageNum=2`. Values equal to the defaults are left out, as readXxxSearch does,
 * so a link built from read parameters is the canonical spelling of that page.
 */
export function searchHref(path: string, params: SearchParams): string {
  const values = params as Partial<Record<SearchKey, string | number>>;
  const query = new URLSearchParams();
  // One filter set is one URL: the parameters in the contract's order.
  for (const key of SEARCH_KEY_ORDER) {
    const value = values[key];
    if (value === undefined || value === '') continue;
    if (key === 'pageNum' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    if (key === 'orderBy' && value === 'time') continue;
    if (key === 'scope' && value === 'all') continue;
    if (key === 'isAsc' && value === 'desc') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The parameters after changing some filters: back to page 1, since the old page number means
 * nothing in a different result set. `undefined` in the patch clears that filter.
 */
export function withFilters<P extends SearchParams>(params: P, patch: Partial<P>): P {
  return compact({ ...params, ...patch, pageNum: undefined });
}

/** An export takes the search's filters and order; the page it is on does not matter (both sites' 导出Excel). */
export function exportParams<P extends SearchParams>(params: P): Omit<P, 'pageNum' | 'pageSize'> {
  const { pageNum: _pageNum, pageSize: _pageSize, ...filters } = params;
  return filters;
}

/** Whether any filter narrows the result (paging and sorting aside). */
export function hasFilters(params: SearchParams): boolean {
  const { pageNum: _p, pageSize: _s, orderBy: _o, isAsc: _a, scope: _scope, ...filters } = params;
  return Object.values(filters).some((value) => value !== undefined);
}
