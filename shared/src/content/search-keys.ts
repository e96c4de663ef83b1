/**
 * The query parameters of the project (xmk) and tender (zb) searches, in the order a search URL
 * writes them: the API's own names, read by the search endpoints' schemas (schemas.ts), by the
 * URL readers of the desktop and mobile lists, and by the route table (which query parameters a
 * list page's render depends on). One list, so the four agree by construction.
 */

/** Every search parameter, in URL order (one filter set is one URL). */
export const SEARCH_KEY_ORDER = [
  'keyword',
  'scope',
  'exclude',
  'areaCode',
  'industry',
  'stage',
  'nature',
  'noticeType',
  'minInvestment',
  'maxInvestment',
  'minAmount',
  'maxAmount',
  'beginTime',
  'endTime',
  'signup',
  'openBegin',
  'openEnd',
  'orderBy',
  'isAsc',
  'pageNum',
  'pageSize',
] as const;

export type SearchKey = (typeof SEARCH_KEY_ORDER)[number];

const ZB_ONLY = ['noticeType', 'minAmount', 'maxAmount', 'signup', 'openBegin', 'openEnd'] as const;
const XMK_ONLY = ['stage', 'nature', 'minInvestment', 'maxInvestment'] as const;
const without = (left: readonly SearchKey[]) => SEARCH_KEY_ORDER.filter((key) => !(left as readonly string[]).includes(key));

/** `GET /api/xmk/search`'s parameters; /xmk and the mobile project list read these. */
export const XMK_SEARCH_KEYS = without(ZB_ONLY) as readonly Exclude<SearchKey, (typeof ZB_ONLY)[number]>[];
/** `GET /api/zb/search`'s parameters; /zb and the mobile tender list read these. */
export const ZB_SEARCH_KEYS = without(XMK_ONLY) as readonly Exclude<SearchKey, (typeof XMK_ONLY)[number]>[];
