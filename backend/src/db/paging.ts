/** RuoYi-style paged lists over plain SQL: a count, then the page (skipped when past the end). */
import type { TableDataInfo } from '@shared/contract/common';
import { offsetOf, type Page } from '@shared/contract/fields';
import { table } from '../envelope';
import type { Params, Statements } from './connection';

export interface PagedQuery {
  /** `SELECT count(*) AS n FROM …` */
  count: string;
  /** the rows' SELECT, ending in `LIMIT @pageSize OFFSET @offset` */
  rows: string;
  /** the named parameters of both, the page's two apart */
  params: Params;
}

export function pagedTable<R>(sql: Statements, query: PagedQuery, page: Page): TableDataInfo<R> {
  const total = sql.get<Params, { n: number }>(query.count).get(query.params)!.n;
  const offset = offsetOf(page);
  const rows = offset < total ? sql.get<Params, R>(query.rows).all({ ...query.params, pageSize: page.pageSize, offset }) : [];
  return table(rows, total);
}
