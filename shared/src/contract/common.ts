/**
 * Envelopes and primitives of the RuoYi-style CMS API (spec §7, DOMAIN.md).
 * Every response is HTTP 200 with a `code` field; failures carry a Chinese `msg`.
 */

/** `yyyy-MM-dd HH:mm:ss`, server local time (Asia/Shanghai). */
export type DateTimeString = string;
/** `yyyy-MM-dd`. */
export type DateString = string;

/** Body codes of spec §8. 200 is success; anything else is a failure. */
export type ResultCode = 200 | 401 | 403 | 404 | 500 | 502 | 504 | (number & {});

/** RuoYi AjaxResult: single objects. */
export interface AjaxResult<T> {
  code: ResultCode;
  msg: string;
  data: T;
}

/** RuoYi AjaxResult without a payload (writes that only acknowledge). */
export interface AckResult {
  code: ResultCode;
  msg: string;
}

/** RuoYi TableDataInfo: paged lists. */
export interface TableDataInfo<T> {
  code: ResultCode;
  msg: string;
  /** Number of matching rows. Search may cap it at 10000 (see `totalCapped`). */
  total: number;
  rows: T[];
  /** Search only: true when more than `total` rows match and counting stopped ("10000+"). */
  totalCapped?: boolean;
}

/**
 * Paging parameters, 1-based. pageNum 1–1000000 (default 1), pageSize 1–100 (default 20); values
 * outside are refused with `{code: 500}` naming the field. A pageNum past the end answers no rows
 * with the true total.
 */
export interface PageParams {
  pageNum?: number;
  pageSize?: number;
}

/** The two content types that members can favourite, unlock and follow up. */
export type ContentType = 'xmk' | 'zb';

/** RuoYi's TreeSelect node (regions tree of `/cms/member/treeselect`). */
export interface TreeSelectNode {
  id: string;
  label: string;
  children?: TreeSelectNode[];
}
