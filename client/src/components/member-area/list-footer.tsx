import { RouteLink } from '../route-link';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { Pagination } from '../pagination';
import { queryHref, type Paging } from './member-query';

/**
 * The pager of a member list; on a page past the end (an old link, rows deleted since) it says so
 * and offers the first page instead of a bare "暂无数据".
 */
export function ListFooter({
  total,
  shown,
  paging,
  hrefFor,
}: {
  total: number;
  /** rows on this page */
  shown: number;
  paging: Paging;
  hrefFor: (pageNum: number, pageSize: number) => string;
}) {
  const pageSize = paging.pageSize ?? DEFAULT_PAGE_SIZE;
  if (total === 0) return null;
  if (shown === 0) {
    return (
      <p className="list-past-end">
        这一页没有内容了，<RouteLink to={hrefFor(1, pageSize)}>回到第一页</RouteLink>
      </p>
    );
  }
  return <Pagination total={total} pageNum={paging.pageNum ?? 1} pageSize={pageSize} hrefFor={hrefFor} />;
}

/**
 * The pager of a list whose filter is all in `query` at `path` (`?…&pageNum=&pageSize=`): every
 * page's link keeps the filter.
 */
export function QueryListFooter({ page, path, query }: { page: { total: number; rows: readonly unknown[] }; path: string; query: Paging }) {
  return (
    <ListFooter
      total={page.total}
      shown={page.rows.length}
      paging={query}
      hrefFor={(pageNum, pageSize) => queryHref(path, { ...query, pageNum, pageSize })}
    />
  );
}
