/**
 * Content module (spec §7): project library (xmk, 拟在建项目) and tenders (zb, 招标信息),
 * details, favourites, unlocks, messages and CMS support pages. Fields per DOMAIN.md.
 */
import type { ContentType, DateString, DateTimeString, PageParams } from '../contract/common';
import type { XmkNoticeFields, ZbNoticeFields } from './notices';

/** Company ids of the names on a list row or detail (absent: no company page for that name). */
export type CompanyIds = Partial<Record<'tenderer' | 'agency' | 'winner' | 'owner', number>>;

/** 联系人 block. Masked for visitors ("张**", "138****5678") unless unlocked or VIP. */
export interface ContactBlock {
  company: string;
  contact: string;
  phone: string;
  address: string;
}

/** Fields shared by list rows of both content types. */
interface ListItemBase {
  id: number;
  /** Plain title. */
  title: string;
  /**
   * Title with hits wrapped in `<em>…</em>`; everything else HTML-escaped. Equal to the escaped
   * title when there is no keyword. Render by splitting on <em>, never as raw HTML.
   */
  highlightTitle: string;
  /**
   * When the keyword hits the body but not the title (search scope 全文): about 80 characters of
   * the body around the first hit, marked up exactly like `highlightTitle`; "…" where cut.
   */
  snippet?: string;
  /** County (or city) code of dict `cms_region`. */
  areaCode: string;
  /** City code (areaCode's first four digits + "00"). */
  cityCode: string;
  /** dict `cms_industry` value */
  industry: string;
  publishTime: DateTimeString;
  views: number;
  /** Ext 'company': company page ids of the names shown (tenderer, agency, winner, owner). */
  companies?: CompanyIds;
}

/** xmk list row (`/api/xmk/search`, home lists). */
export interface XmkListItem extends ListItemBase {
  /** dict `cms_xmk_stage` */
  stage: string;
  /** dict `cms_xmk_nature` */
  nature: string;
  /** 投资总额, 万元 */
  investment: number;
  /** 建设单位 */
  owner: string;
}

/** One version of a project's stage history (`/api/cmsData/history/xmk/{id}`). */
export interface XmkHistoryEntry {
  id: number;
  xmkId: number;
  version: number;
  /** dict `cms_xmk_stage` */
  stage: string;
  /** What changed, plain text. */
  summary: string;
  changeTime: DateTimeString;
}

/** A link to a neighbouring or related item. */
export interface ContentLink {
  id: number;
  title: string;
  publishTime: DateTimeString;
}

/** Access to the contact block as the backend decided it for the caller. */
export interface ContactAccess {
  /** true: `contact` holds masked values. */
  contactMasked: boolean;
  /** Why: 'visitor' (log in), 'locked' (member may unlock for points), 'vip', 'unlocked'. */
  contactAccess: 'visitor' | 'locked' | 'vip' | 'unlocked';
  /** Points an unlock costs (config cms.score.unlockCost). */
  unlockCost: number;
  /**
   * Whether the item names any contact at all. false: there is nothing to unlock (no points
   * offer, no masked `***`); `contact` is then all empty strings.
   */
  hasContact: boolean;
}

/** xmk detail (`/api/cmsData/xmk/{id}` public, `/cms/xmk/data/{id}` member). */
export interface XmkDetail extends XmkListItem, ContactAccess, XmkNoticeFields {
  address: string;
  /** 建筑面积 m², null when unknown */
  buildingArea: number | null;
  /** dict `cms_owner_type` */
  ownerType: string;
  /** 审批机关 */
  approvalAuthority: string;
  planStartDate: DateString | null;
  planEndDate: DateString | null;
  /** 建设内容, sanitised HTML */
  content: string;
  contact: ContactBlock;
  updateTime: DateTimeString;
  /** Tenders linked to this project, newest first. */
  relatedZb: (ContentLink & { noticeType: string })[];
  prev: ContentLink | null;
  next: ContentLink | null;
}

/** zb list row (`/api/zb/search`, `/cms/bidding/list`, home lists). */
export interface ZbListItem extends ListItemBase {
  /** dict `cms_zb_notice_type` */
  noticeType: string;
  /** 预算/中标金额, 万元; null when the notice states none */
  amount: number | null;
  /** 招标人 */
  tenderer: string;
  /** 报名截止, null when not applicable */
  signupDeadline: DateTimeString | null;
}

/** zb detail (`/api/cmsData/bidding/{id}` public, `/cms/bidding/data/{id}` member). */
export interface ZbDetail extends ZbListItem, ContactAccess, ZbNoticeFields {
  /** 代理机构 */
  agency: string;
  /** 开标时间 */
  openTime: DateTimeString | null;
  /** 正文, sanitised HTML */
  content: string;
  contact: ContactBlock;
  updateTime: DateTimeString;
  /** 关联项目 */
  xmk: ContentLink | null;
  prev: ContentLink | null;
  next: ContentLink | null;
}

/**
 * Sort orders of the searches. Default 'time' (newest first); 'relevance': rows whose title holds
 * every keyword word first, then newest.
 */
export type XmkSort = 'time' | 'relevance' | 'investment' | 'views';
export type ZbSort = 'time' | 'relevance' | 'amount' | 'views';

/** Where the keyword and excluded words are looked for: 标题 or 全文 (default). */
export type SearchScope = 'title' | 'all';

/** Filters shared by both searches. Empty strings and absent values mean "any". */
interface SearchParamsBase extends PageParams {
  /** ≤ 50 characters after trimming; longer is refused with a message naming `keyword`. */
  keyword?: string;
  /** 'all' (default) or 'title'. */
  scope?: SearchScope;
  /** 排除词: words separated by spaces or commas; rows holding any of them (in `scope`) are left out. */
  exclude?: string;
  /** City codes (matching their counties) or county codes, comma-separated; any of them matches. */
  areaCode?: string;
  industry?: string;
  /** inclusive, `yyyy-MM-dd` */
  beginTime?: DateString;
  /** inclusive, `yyyy-MM-dd` */
  endTime?: DateString;
  /** 'asc' | 'desc' (default desc) */
  isAsc?: 'asc' | 'desc';
}

/** `GET /api/xmk/search` */
export interface XmkSearchParams extends SearchParamsBase {
  stage?: string;
  nature?: string;
  /** 万元, inclusive */
  minInvestment?: number;
  maxInvestment?: number;
  orderBy?: XmkSort;
}

/** `GET /api/zb/search` */
export interface ZbSearchParams extends SearchParamsBase {
  noticeType?: string;
  /** 万元, inclusive: the budget, or a result's winning amount when it states one */
  minAmount?: number;
  maxAmount?: number;
  /** 'open': only tenders whose 报名截止 has not passed (未截止) */
  signup?: 'open';
  /** inclusive `yyyy-MM-dd` range of 开标时间 */
  openBegin?: DateString;
  openEnd?: DateString;
  orderBy?: ZbSort;
}

/** `GET /cms/bidding/list`: tenders matching the member's subscription, newest first. */
export interface BiddingListParams extends PageParams {
  /** Narrow further within the subscription. */
  keyword?: string;
}

/** `GET /cms/favorite/list/` */
export interface FavoriteListParams extends PageParams {
  type?: ContentType;
  /** 0: only active favourites, 1: only cancelled ones; absent: both (cancelled ones can be restored). */
  isCancel?: 0 | 1;
}

/** A favourite row. Identity is (member, type, dataId). */
export interface FavoriteItem {
  /** favourite row id */
  id: number;
  type: ContentType;
  dataId: number;
  title: string;
  areaCode: string;
  /** xmk stage or zb noticeType */
  category: string;
  /** item's publish time */
  publishTime: DateTimeString;
  /** when it was favourited */
  createTime: DateTimeString;
  isCancel: 0 | 1;
  /** A visit client already exists for this item's company. */
  followed: boolean;
}

/** `PUT /cms/favorite/changeStatus`: favourite (isCancel 0) or cancel (1); creates on first use. */
export interface FavoriteChangeBody {
  /** the item id (dataId) */
  id: number;
  type: ContentType;
  isCancel: 0 | 1;
}

/** `GET /cms/favorite/{id}?type=` → AjaxResult<FavoriteStatus> */
export interface FavoriteStatus {
  type: ContentType;
  dataId: number;
  favorited: boolean;
}

/** `PUT /cms/favorite/addGJ` (加入跟进): make the item's company a visit client. */
export interface AddGJBody {
  id: number;
  type: ContentType;
}

/** `PUT /cms/xmk/score/` (积分查看): unlock an item's contacts for points, once per item. */
export interface UnlockBody {
  id: number;
  /** default 'xmk' */
  type?: ContentType;
}
export interface UnlockResult {
  /** Points charged by this call: unlockCost the first time, 0 after. */
  charged: number;
  /** Points balance after the call. */
  balance: number;
  contact: ContactBlock;
}

/** Where a message was left. dict `cms_msg_source`. */
export type MsgSource = 'gczx' | 'xmzx' | 'zjzx' | 'support' | 'member';

/** `PUT /api/cms/addMsg` (visitor or member; a member's token links it to them). */
export interface AddMsgBody {
  /** 1–20 characters */
  name: string;
  /** mainland mobile or landline */
  phone: string;
  /** optional, < 255 characters */
  email?: string;
  /** 1–500 characters */
  content: string;
  source: MsgSource;
}

/** `GET /cms/msgForm/getMsgList` rows: the member's own messages with staff replies. */
export interface MsgItem {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  content: string;
  source: MsgSource;
  createTime: DateTimeString;
  reply: string | null;
  replyTime: DateTimeString | null;
}

/** Support columns of `GET /api/cms/getSupport/{col}`. */
export const SUPPORT_COLUMNS = ['about', 'fwxy', 'notice', 'rwbf', 'service', 'yssm'] as const;
export type SupportColumn = (typeof SUPPORT_COLUMNS)[number];

/**
 * `GET /api/cms/getSupport/{col}` → AjaxResult<SupportPage> for every column but `notice`,
 * which answers TableDataInfo<NoticeSummary> (paged by pageNum/pageSize, newest first).
 */
export interface SupportPage {
  col: Exclude<SupportColumn, 'notice'>;
  title: string;
  /** sanitised HTML */
  content: string;
  updateTime: DateTimeString;
}

/** RuoYi SysNotice, list shape. */
export interface NoticeSummary {
  noticeId: number;
  noticeTitle: string;
  /** '1' 通知, '2' 公告 */
  noticeType: '1' | '2';
  createTime: DateTimeString;
}

/** `GET /api/system/notice/{id}` → AjaxResult<Notice> */
export interface Notice extends NoticeSummary {
  /** sanitised HTML */
  noticeContent: string;
  status: '0' | '1';
  createBy: string;
}

/** `GET /api/cmsData/testToken` → AjaxResult<TestTokenResult> (developer test pages). */
export interface TestTokenResult {
  serverTime: DateTimeString;
  /** Whether the request carried a valid member token. */
  authenticated: boolean;
}
