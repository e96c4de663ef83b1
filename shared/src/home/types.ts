/** Home module (spec §7): newest lists and today's counts. */
import type { PageParams } from '../contract/common';

/** `GET /api/cms/getHomeList/` → TableDataInfo<XmkListItem>, newest first. */
export interface HomeListParams extends PageParams {
  /** Tab: a dict `cms_xmk_stage` value, or absent for all. */
  stage?: string;
  industry?: string;
}

/** `GET /api/cms/selectZBHomeList/` → TableDataInfo<ZbListItem>, newest first. */
export interface ZBHomeListParams extends PageParams {
  /** Tab: a dict `cms_zb_notice_type` value, or absent for all. */
  noticeType?: string;
}

/**
 * `GET /api/cms/getTodayNum/{x}` (projects) and `GET /api/cms/getTodayZBNum/{x}` (tenders)
 * → AjaxResult<TodayCount>. `{x}` is a region code or `0` for the whole province.
 */
export interface TodayCount {
  /** published today */
  today: number;
  /** published in the last 7 days, today included */
  week: number;
  /** all published */
  total: number;
}
