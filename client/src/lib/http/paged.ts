import type { TableDataInfo } from '@shared/contract/common';

/** One page of a list: the rows and how many match in all. */
export interface Paged<T> {
  rows: T[];
  total: number;
  /** More than `total` match; counting stopped (search shows "10000+"). */
  totalCapped: boolean;
}

/** A table answer's rows and counts (absent fields read as none). */
export function toPaged<T>(body: TableDataInfo<T>): Paged<T> {
  return { rows: body.rows ?? [], total: body.total ?? 0, totalCapped: body.totalCapped === true };
}
