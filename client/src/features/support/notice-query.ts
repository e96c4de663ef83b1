/**
 * The query of /support/notice (see pages/notice-page.tsx): `?id=12` is one notice, otherwise the
 * list, paged by `pageNum`.
 */
import { parsePositiveId } from '@shared/routes';

/** Notices are few; a page number past this is nonsense, not a request. */
const MAX_PAGE = 1000;

export type NoticeQuery = { kind: 'detail'; id: number } | { kind: 'list'; pageNum: number };

/** Reads `?id=` (a notice) or `?pageNum=` (the list); an unusable page number means page 1. */
export function readNoticeQuery(query: Pick<URLSearchParams, 'get' | 'has'>): NoticeQuery | null {
  if (query.has('id')) {
    const id = parsePositiveId(query.get('id') ?? undefined);
    return id === null ? null : { kind: 'detail', id };
  }
  const pageNum = parsePositiveId(query.get('pageNum') ?? undefined);
  return { kind: 'list', pageNum: pageNum !== null && pageNum <= MAX_PAGE ? pageNum : 1 };
}
