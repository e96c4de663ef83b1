/** RuoYi-style paged lists over plain SQL: a count, then the page (skipped when past the end). */
import type { TableDataInfo } from '@shared/contract/common';
import { table } from '../envelope';
import { offsetOf, type Page } from '@shared/contract/fields';
import type { Statements } from './connection';

export interface PagedQuery {
  /** `SELECT count(*) AS n FROM …` */
  count: string;
  /** the rows' SELECT, ending in `LIMIT ? OFFSET ?` */
  rows: string;
  params: readonly (string | number | null)[];
}

export function pagedTable<R>(sql: Statements, query: PagedQuery, page: Page): TableDataInfo<R> {
  const total = sql.get<(string | number | null)[], { n: number }>(query.count).get(...query.params)!.n;
  const offset = offsetOf(page);
  const rows = offset < total ? sql.get<(string | number | null)[], R>(query.rows).all(...query.params, page.pageSize, offset) : [];
  return table(rows, total);
}
