/** What the searches' parsed queries mean (the schemas are the contract's, shared/src/contract/schemas.ts). */
import type { z } from 'zod';
import type { xmkSearchQuery, zbSearchQuery } from '@shared/content/schemas';
import { commaList } from '@shared/contract/fields';
import { formatDateTime } from '../../clock';
import type { SearchFilters } from './search';

export const isAscending = (isAsc: string) => isAsc === 'asc' || isAsc === 'ascending';

export type XmkSearchQuery = z.output<typeof xmkSearchQuery>;
export type ZbSearchQuery = z.output<typeof zbSearchQuery>;

/** What both searches' queries say alike: the words, the places, the publication dates, the direction. */
function sharedFilters(q: XmkSearchQuery | ZbSearchQuery) {
  return {
    keyword: q.keyword,
    scope: q.scope,
    exclude: q.exclude,
    areaCode: q.areaCode ? commaList(q.areaCode) : undefined,
    beginDate: q.beginTime,
    endDate: q.endTime,
    asc: isAscending(q.isAsc),
  };
}

/** `GET /api/xmk/search`'s query as search filters (the Excel export reads the same). */
export function xmkSearchFilters(q: XmkSearchQuery): SearchFilters {
  return {
    ...sharedFilters(q),
    tags: [
      ['industry', q.industry],
      ['stage', q.stage],
      ['nature', q.nature],
    ],
    minValue: q.minInvestment,
    maxValue: q.maxInvestment,
    orderBy: q.orderBy === 'investment' ? 'value' : q.orderBy,
  };
}

/** `GET /api/zb/search`'s query as search filters; `now` decides 未截止. */
export function zbSearchFilters(q: ZbSearchQuery, now: Date): SearchFilters {
  return {
    ...sharedFilters(q),
    tags: [
      ['industry', q.industry],
      ['noticeType', q.noticeType],
    ],
    minValue: q.minAmount,
    maxValue: q.maxAmount,
    signupOpenAt: q.signup === 'open' ? formatDateTime(now) : undefined,
    openBegin: q.openBegin,
    openEnd: q.openEnd,
    orderBy: q.orderBy === 'amount' ? 'value' : q.orderBy,
  };
}
