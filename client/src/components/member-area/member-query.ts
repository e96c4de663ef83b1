/**
 * Paging and filters of the member lists live in the URL query, as on the public lists: a page of favourites or records is a link the member can reload, share between tabs and
 * go back to. Reading is forgiving — a value that makes no sense is dropped and the list shows
 * unfiltered — and defaults are left out, so one list state has one URL and one query key.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@shared/constants';
import { parseDateTimeString } from '@shared/time';
import { compact, normaliseText } from '../../lib/search-href';

type Query = Pick<URLSearchParams, 'get'>;

/** The backend refuses page numbers above this (docs/api.md, Paging). */
const PAGE_NUM_MAX = 1_000_000;

export interface Paging {
  pageNum?: number;
  pageSize?: number;
}

/** pageNum > 1 and a page size other than the default; both left out when they are the default. */
export function readPaging(query: Query): Paging {
  const rawSize = query.get('pageSize');
  const size = PAGE_SIZES.find((allowed) => String(allowed) === rawSize);
  const rawPage = query.get('pageNum');
  const page = rawPage !== null && /^[1-9]\d{0,6}$/.test(rawPage) ? Number(rawPage) : 1;
  return compact({
    pageNum: page > 1 && page <= PAGE_NUM_MAX ? page : undefined,
    pageSize: size === undefined || size === DEFAULT_PAGE_SIZE ? undefined : size,
  });
}

/** One of `allowed`, or undefined. */
export function readChoice<T extends string>(query: Query, key: string, allowed: readonly T[]): T | undefined {
  const raw = query.get(key);
  return allowed.find((value) => value === raw);
}

/** A positive integer id (client ids in `?cid=`, `?clientId=`). */
export function readId(query: Query, key: string): number | undefined {
  const raw = query.get(key);
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A `yyyy-MM-dd` that exists on the calendar. */
export function readDate(query: Query, key: string): string | undefined {
  const raw = query.get(key);
  return raw !== null && /^\d{4}-\d{2}-\d{2}$/.test(raw) && parseDateTimeString(raw) !== null ? raw : undefined;
}

/** Trimmed text up to `max` characters (code points, as the backend counts). */
export function readText(query: Query, key: string, max: number): string | undefined {
  return normaliseText(query.get(key), max);
}

/**
 * `path?key=value…` in the order of `params` (strings, numbers and `true` as "1"); page 1, the
 * default page size, `false` and empty values are left out, matching what the readers return.
 */
export function queryHref(path: string, params: object): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (typeof value !== 'string' && typeof value !== 'number' && value !== true) continue;
    if (value === '') continue;
    if (key === 'pageNum' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    query.set(key, value === true ? '1' : String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The filters after a change: back to page 1, since the old page means nothing in a new result. */
export function withFilter<T extends Paging>(params: T, patch: Partial<T>): T {
  return compact({ ...params, ...patch, pageNum: undefined });
}
