/**
 * Reading the /xmk and /zb search filters from the URL query (search-href.ts writes it), with
 * the API's own parameter names. Reading is forgiving: a value that does not make sense is dropped
 * (the visitor gets the unfiltered result rather than an error page), and defaults are left out,
 * so one result page has one URL, one query key and one canonical link.
 *
 * Each filter is read with the field schema the backend parses it with (the search endpoints'
 * query schemas, shared/src/content/schemas.ts), so a value the URL keeps is one the backend
 * accepts. Only the UI's own limits are added here: the page sizes offered and the last page
 * search can reach.
 */
import type { z } from 'zod';
import type { XmkSearchParams, ZbSearchParams } from '@shared/content/types';
import { xmkSearchQuery, zbSearchQuery } from '@shared/content/schemas';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@shared/constants';
import { SEARCH_RESULT_LIMIT, compact, normaliseKeyword } from '../../lib/search-href';

const XMK = xmkSearchQuery.shape;
const ZB = zbSearchQuery.shape;

type Query = Pick<URLSearchParams, 'get'>;

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
