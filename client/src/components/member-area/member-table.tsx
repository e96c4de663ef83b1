import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state';
import { QueryListFooter } from './list-footer';
import type { Paging } from './member-query';

/**
 * A member list as a table (积分日志, 拜访客户, 拜访记录): antd's table keyed by `id`, `empty`
 * where there are no rows, and the pager whose links keep the list's filter (`query` at `path`).
 */
export function MemberTable<T extends { id: number }>({
  columns,
  page,
  empty,
  path,
  query,
}: {
  columns: TableColumnsType<T>;
  page: { rows: T[]; total: number };
  empty: ReactNode;
  path: string;
  query: Paging;
}) {
  return (
    <>
      <Table<T>
        className="member-table"
        rowKey="id"
        columns={columns}
        dataSource={page.rows}
        pagination={false}
        locale={{ emptyText: <EmptyState>{empty}</EmptyState> }}
      />
      <QueryListFooter page={page} path={path} query={query} />
    </>
  );
}

/** A table cell of two lines: what matters, and under it in grey a detail when there is one. */
export function TwoLineCell({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <div className="client-cell">
      <span>{main}</span>
      {sub ? <span className="client-cell-source">{sub}</span> : null}
    </div>
  );
}
