/**
 * Notices over time (ext): the import record staff tools write, and what the detail
 * answers carry about a notice's process (lifecycle) and what changed. See docs/api.md "Notices".
 */
import type { DateTimeString } from '../contract/common';

/** 联系人 of an import record; every part optional (absent → empty). */
export interface NoticeImportContact {
  company?: string;
  name?: string;
  phone?: string;
  address?: string;
}

/**
 * One line of an import file (JSON Lines). Field names are fixed; unknown fields are refused.
 * `kind: 'xmk'` uses `noticeType` for the stage, `amount` for the investment and `tenderer` for the
 * owner (建设单位); the tender-only fields must then be absent.
 */
export interface NoticeImportRecord {
  kind: 'zb' | 'xmk';
  /** The publisher's id: a re-import with the same kind and sourceId updates that notice. */
  sourceId: string;
  /** Groups the notices of one tender process (标段). */
  processCode?: string;
  /** zb: links to the project with this code; xmk: the project's own code. */
  projectCode?: string;
  title: string;
  /** Dictionary value or label: zb `cms_zb_notice_type` (招标公告…), xmk `cms_xmk_stage` (立项…). */
  noticeType: string;
  /** County or city code of dict `cms_region`. */
  areaCode: string;
  /** dict `cms_industry` value or label */
  industry: string;
  /** 万元 */
  amount?: number | null;
  publishTime: DateTimeString;
  signupDeadline?: DateTimeString | null;
  openTime?: DateTimeString | null;
  tenderer?: string;
  agency?: string;
  winner?: string | null;
  /** 万元 */
  winAmount?: number | null;
  contact?: NoticeImportContact;
  /** HTML; sanitised on the way in. */
  content?: string;
  sourceUrl?: string | null;
}

/** `POST /admin/content/import` (ext) and `npm run import`: what one file did. */
export interface NoticeImportResult {
  /** Lines with a record. */
  total: number;
  inserted: number;
  updated: number;
  /** Re-imported without a difference: nothing written. */
  unchanged: number;
}

/** Who made a change kept in the versions table. */
export type NoticeChangedBy = 'import' | 'admin';

/** One notice of a tender process. */
export interface LifecycleNotice {
  id: number;
  /** dict `cms_zb_notice_type` */
  noticeType: string;
  title: string;
  publishTime: DateTimeString;
}

/** zb detail: the notices of its process, oldest first (just itself when it has no process code). */
export interface ZbLifecycle {
  processCode: string | null;
  notices: LifecycleNotice[];
}

/** xmk detail: its stages with dates (oldest first) and its tenders (oldest first). */
export interface XmkLifecycle {
  projectCode: string | null;
  stages: { stage: string; summary: string; changeTime: DateTimeString }[];
  tenders: (LifecycleNotice & { processCode: string | null })[];
}

/**
 * One changed field. Values are as stored (codes, not labels; 正文 as plain text); contact parts
 * are masked like `contact` when the caller may not see the contact.
 */
export interface NoticeChange {
  /** An import record field, contact parts as `contact.phone` etc. */
  field: string;
  /** Chinese label, e.g. 开标时间 */
  label: string;
  before: string | number | null;
  after: string | number | null;
}

/** What `changes` compares against. */
export type ChangesAgainst =
  | { kind: 'notice'; id: number; title: string; publishTime: DateTimeString }
  | { kind: 'version'; version: number; changedBy: NoticeChangedBy; changeTime: DateTimeString };

/** What the detail answers add (ext). */
export interface NoticeTimeline {
  /**
   * A 变更公告: against the notice it changes (the process's latest earlier non-变更 notice).
   * Otherwise: against the previous version when the notice was changed since first published.
   * Empty with `changesAgainst: null` when neither applies.
   */
  changes: NoticeChange[];
  changesAgainst: ChangesAgainst | null;
  sourceUrl: string | null;
}

export interface ZbNoticeFields extends NoticeTimeline {
  processCode: string | null;
  projectCode: string | null;
  /** 中标人 / 第一中标候选人, null when not stated */
  winner: string | null;
  /** 中标金额, 万元 */
  winAmount: number | null;
  lifecycle: ZbLifecycle;
  /** Set on a notice a later 变更公告 changed: "本公告已于 … 变更". The latest such 变更公告. */
  changedBy: { id: number; publishTime: DateTimeString } | null;
}

export interface XmkNoticeFields extends NoticeTimeline {
  projectCode: string | null;
  lifecycle: XmkLifecycle;
}
