/**
 * The search filters of /xmk and /zb live in the URL query, so every result page is shareable,
 * server-rendered and restored by the back button. This module writes that URL and compares
 * filters; search-query.ts reads it (with the contract's field schemas, so a value the URL keeps
 * is one the backend accepts). Defaults are left out, so one result page has one URL, one query
 * key and one canonical link.
 */
import type { XmkSearchParams, ZbSearchParams } from '@shared/content/types';
import { SEARCH_KEY_ORDER, type SearchKey } from '@shared/content/search-keys';
import { DEFAULT_PAGE_SIZE, KEYWORD_MAX_LENGTH } from '@shared/constants';

/** Search counts stop at 10 000 (contract `totalCapped`): pages beyond that hold nothing. */
export const SEARCH_RESULT_LIMIT = 10_000;
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

/** Drops undefined members, so equal filters are equal objects (and equal query keys). */
export function compact<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as T;
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
