/**
 * Notices over time (ext): the import record staff tools write, and what the detail
 * answers carry about a notice's process (lifecycle) and what changed. See docs/api.md "Notices".
 */
import type { DateTimeString } from '../contract/common';
import { parseTime } from '../time';

/** 联系人 of an import record; every part optional (absent → empty). */
export interface NoticeImportContact {
  company?: string;
  name?: string;
  phone?: string;
  address?: string;
}

/** One 中标候选人 of a notice's candidates table, as the publisher ranks it. */
export interface NoticeCandidate {
  /** 1, 2, 3…: the publisher's ranking (排名) */
  rank: number;
  /** 投标人 as written: one firm, or a consortium (`A、B联合体`, `A（牵头人）、B（成员）`) */
  name: string;
  /** 投标报价 in 万元; null when the bid is a rate or formula (下浮率, 费率) */
  price?: number | null;
  /** The publisher's words for the bid: `47,123,865.49元`, `下浮率12.5%` */
  priceText?: string | null;
}

/** 附件 of a notice: a name and an http(s) address of the publisher's download service. */
export interface NoticeAttachment {
  name: string;
  url: string;
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
  /** County or city code of dict `cms_region`, or the province itself (`370000`, 省本级). */
  areaCode: string;
  /** dict `cms_industry` value or label */
  industry: string;
  /** 万元 */
  amount?: number | null;
  /** `yyyy-MM-dd HH:mm:ss`, or `yyyy-MM-dd` for a publisher that states the day only (kept as such). */
  publishTime: DateTimeString;
  signupDeadline?: DateTimeString | null;
  openTime?: DateTimeString | null;
  tenderer?: string;
  agency?: string;
  /** 中标人 as written: one firm or a consortium (the members are derived, see `NoticeWinner`). */
  winner?: string | null;
  /** 万元 */
  winAmount?: number | null;
  /** The award in the publisher's words, e.g. `下浮率12.5%` where the award is no sum of money. */
  winAmountText?: string | null;
  /** zb: the candidates table (中标候选人公示; also allowed on other zb notices). */
  candidates?: NoticeCandidate[] | null;
  contact?: NoticeImportContact;
  /** HTML; sanitised on the way in. */
  content?: string;
  sourceUrl?: string | null;
  attachments?: NoticeAttachment[] | null;
  /**
   * The publisher pulled the notice: it leaves lists, search, feeds and alerts, and its detail
   * answers 410. Only `true`; the rest of the record is its last version.
   */
  withdrawn?: true;
}

/** A line the import refused: 1-based line, the field at fault (null: the line as a whole), the reason. */
export interface NoticeImportReject {
  line: number;
  field: string | null;
  reason: string;
  /** The line as it was in the file (a CSV record's lines for a CSV file), at most 2,000 characters. */
  original: string;
}

/** `POST /admin/content/import` (ext) and `npm run import`: what one file did. */
export interface NoticeImportResult {
  /** Lines with a record (the rejected ones included). */
  total: number;
  inserted: number;
  updated: number;
  /** Re-imported without a difference: nothing written. */
  unchanged: number;
  /** Records with `withdrawn: true` that took a notice out (or kept a withdrawal's last version). */
  withdrawn: number;
  /** Lines refused and skipped (`skipInvalid` only; otherwise a bad line refuses the file). */
  rejected: number;
  /** `skipInvalid`: every refused line. */
  rejects?: NoticeImportReject[];
}

/** A refused file (`{code: 500, msg, data}`): how many lines are bad and the first 100 of them. */
export interface NoticeImportRefusal {
  rejected: number;
  rejects: NoticeImportReject[];
}

/** `DELETE /admin/content/{kind}/{id}` (ext): the notice withdrawn. */
export interface NoticeWithdrawal {
  kind: 'zb' | 'xmk';
  id: number;
  /** false when it was withdrawn already (the call changes nothing then) */
  withdrawn: boolean;
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
  /**
   * An import record field, contact parts as `contact.phone` etc.; `stated.N` for row N of the
   * notice's own 更正内容 table that no field covers (its label and values as written).
   */
  field: string;
  /** Chinese label, e.g. 开标时间 */
  label: string;
  before: string | number | null;
  after: string | number | null;
}

/**
 * One piece of a body diff, in reading order: text both versions share (`same`), a stretch of it
 * left out (`fold`, how many characters), text only the earlier version has (`del`, 删) or only
 * this one (`ins`, 增). Text is plain, lines split by `\n`; contacts masked like `contact`.
 */
export type BodyDiffPart =
  { op: 'same'; text: string } | { op: 'fold'; chars: number } | { op: 'del'; text: string } | { op: 'ins'; text: string };

/** What `changes` compares against. */
export type ChangesAgainst =
  | { kind: 'notice'; id: number; title: string; publishTime: DateTimeString }
  | { kind: 'version'; version: number; changedBy: NoticeChangedBy; changeTime: DateTimeString };

/** Times the publisher gave as a day only (`yyyy-MM-dd`): show them without 00:00. */
export type DateOnlyField = 'publishTime' | 'signupDeadline' | 'openTime';

/**
 * A notice's time as its publisher gave it: a day-only time (`dateOnly`, absent from a backend
 * without it) without its 00:00. '' when the notice has no such time.
 */
export function noticeTime(
  item: { dateOnly?: readonly DateOnlyField[] } & Partial<Record<DateOnlyField, DateTimeString | null>>,
  field: DateOnlyField,
  pattern: string,
): string {
  return parseTime(item[field], pattern, { dateOnly: item.dateOnly?.includes(field) ?? false });
}

/** One firm of a 中标人 or a candidate: alone, or a member of a consortium (联合体). */
export interface NoticeWinner {
  name: string;
  /** The consortium's lead firm (牵头人): stated, or else the firm named first. false for a sole firm. */
  lead: boolean;
  /** Its company page (ext 'company'), when there is one. */
  companyId?: number;
}

/** A row of the candidates table on the detail answer. */
export interface NoticeCandidateRow {
  rank: number;
  /** as written */
  name: string;
  /** 投标报价, 万元, or null for a rate or formula */
  price: number | null;
  priceText: string | null;
  /** The firms: one, or the consortium's members (lead marked). */
  members: NoticeWinner[];
}

/** What the detail answers add (ext). */
export interface NoticeTimeline {
  /**
   * A 变更公告: against the notice it changes (the process's latest earlier non-变更 notice) as
   * the 变更公告 published between them left it (a second change compares with the first).
   * Otherwise: against the previous version when the notice was changed since first published.
   * Empty with `changesAgainst: null` when neither applies.
   */
  changes: NoticeChange[];
  changesAgainst: ChangesAgainst | null;
  /**
   * A 变更公告 whose fields equal the notice it changes but whose text does not: what changed in
   * the text, against the same notice as `changes`. null otherwise.
   */
  bodyDiff: BodyDiffPart[] | null;
  sourceUrl: string | null;
  /** 附件, in the publisher's order */
  attachments: NoticeAttachment[];
  /** Which times are a day only; empty when all are full times. */
  dateOnly: DateOnlyField[];
}

export interface ZbNoticeFields extends NoticeTimeline {
  processCode: string | null;
  projectCode: string | null;
  /** 中标人 / 第一中标候选人 as written, null when not stated */
  winner: string | null;
  /** The firms of `winner`: one, or a consortium's members with the lead marked; empty without a winner. */
  winners: NoticeWinner[];
  /** 中标金额 (中标候选人公示: the first candidate's 投标报价), 万元; null when not stated or not money */
  winAmount: number | null;
  /** The award in the publisher's words (a rate such as `下浮率12.5%`, or the sum as written); null when not given */
  winAmountText: string | null;
  /** The candidates table, by rank; empty when the notice has none. */
  candidates: NoticeCandidateRow[];
  lifecycle: ZbLifecycle;
  /** Set on a notice a later 变更公告 changed: "本公告已于 … 变更". The latest such 变更公告. */
  changedBy: { id: number; publishTime: DateTimeString } | null;
}

export interface XmkNoticeFields extends NoticeTimeline {
  projectCode: string | null;
  lifecycle: XmkLifecycle;
}

/**
 * ext `GET /api/ext/notices/{kind}/{id}/timeline` (feature `noticeTimeline`): the detail answer's
 * notice over time alone, masked for the caller as the detail would be. The portal adds it to a
 * detail answer that lacks it (a CMS's, beside a companion).
 */
export type ZbNoticeTimeline = Pick<ZbNoticeFields, 'lifecycle' | 'changes' | 'changesAgainst' | 'bodyDiff' | 'changedBy'>;
export type XmkNoticeTimeline = Pick<XmkNoticeFields, 'lifecycle' | 'changes' | 'changesAgainst' | 'bodyDiff'>;
export type NoticeTimelineAnswer = ZbNoticeTimeline | XmkNoticeTimeline;
