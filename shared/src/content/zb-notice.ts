/**
 * Rules of a tender notice that its pages and the backend apply alike. The notice types are dict
 * `cms_zb_notice_type`; the codes 1–5 are the original five and never change, the others were
 * added for what real publishers send. 中标候选人公示 names the first-ranked candidate where a
 * 中标结果 names the winner.
 */
import { MISSING, formatWan } from '../format';

/** dict `cms_zb_notice_type` codes. */
export const ZB_NOTICE_TYPES = {
  /** 招标预告 */
  preview: '1',
  /** 招标公告 */
  announcement: '2',
  /** 变更公告 (更正公告) */
  amendment: '3',
  /** 中标候选人公示 */
  candidates: '4',
  /** 中标结果 */
  result: '5',
  /** 采购意向 */
  intention: '6',
  /** 澄清/答疑 */
  clarification: '7',
  /** 资格预审 */
  prequalification: '8',
  /** 废标/流标 */
  failed: '9',
  /** 终止公告 */
  terminated: '10',
  /** 合同公告 */
  contract: '11',
} as const;

/** dict `cms_zb_notice_type`: 中标候选人公示. */
export const CANDIDATES_NOTICE_TYPE = ZB_NOTICE_TYPES.candidates;

/** What a notice's `winner` is called: 第一中标候选人 in a 中标候选人公示, 中标人 otherwise. */
export const winnerLabel = (noticeType: string) => (noticeType === CANDIDATES_NOTICE_TYPE ? '第一中标候选人' : '中标人');

/**
 * The label of a notice's amount, by its type's label: a 中标候选人公示 shows bids (投标报价), a
 * 中标结果 the award (中标金额), a 合同公告 the contract sum (合同金额), anything earlier the budget.
 */
export function amountLabelOf(noticeTypeLabel: string): string {
  if (noticeTypeLabel.includes('候选人')) return BID_LABEL;
  if (noticeTypeLabel.includes('中标')) return '中标金额';
  if (noticeTypeLabel.includes('合同')) return '合同金额';
  return BUDGET_LABEL;
}

const BUDGET_LABEL = '预算金额';
const BID_LABEL = '投标报价';

/** The amounts of a tender notice as its detail pages show them, label and text. */
export interface NoticeAmount {
  label: string;
  /** `1,234.56万元`, the publisher's words for an award that is no sum (`下浮率12.5%`), or MISSING */
  value: string;
  /** The publisher's words beside a sum (`11,988,000.00元/年`), when they say more than the sum; else null */
  asWritten: string | null;
}

/** The award fields of a detail answer; absent on a backend without them (spec §7 alone). */
export interface AwardFields {
  noticeType: string;
  amount: number | null;
  winAmount?: number | null;
  winAmountText?: string | null;
  /** The candidates table, by rank: a 中标候选人公示 without an amount shows its first bid. */
  candidates?: readonly { price: number | null; priceText: string | null }[];
}

/**
 * What a tender notice's detail shows as its amounts, first the headline one. A 中标候选人公示
 * shows the first candidate's bid (投标报价), a 中标结果 the award (中标金额), a 合同公告 the
 * contract sum: `winAmount` in 万元, else the publisher's words (`winAmountText`: a rate or a fee
 * formula; a 中标候选人公示 stating neither: its first candidate's bid), never the budget and never
 * "—" when the notice states one. The budget follows as
 * 预算金额 when stated. Without the award fields (a spec-only backend) `amount` is the spec's
 * 预算/中标金额 and keeps the type's label.
 */
export function noticeAmounts(item: AwardFields, noticeTypeLabel: string): NoticeAmount[] {
  const label = amountLabelOf(noticeTypeLabel);
  const budget: NoticeAmount[] = item.amount === null ? [] : [{ label: BUDGET_LABEL, value: formatWan(item.amount), asWritten: null }];
  if (label === BUDGET_LABEL) return [{ label, value: formatWan(item.amount), asWritten: null }];
  if (item.winAmount === undefined && item.winAmountText === undefined) {
    return [{ label, value: formatWan(item.amount), asWritten: null }];
  }
  const first = item.candidates?.[0];
  const stated = item.winAmount != null || !!item.winAmountText?.trim();
  const award = !stated && label === BID_LABEL && first ? bidOf(first) : sumOrWords(item.winAmount, item.winAmountText);
  return [{ label, ...award }, ...budget];
}

/** A sum in 万元 with the publisher's words beside it, or the words alone (a rate, a formula), or MISSING. */
export function sumOrWords(sum: number | null | undefined, words: string | null | undefined): Omit<NoticeAmount, 'label'> {
  const text = words?.trim() || null;
  return sum != null ? { value: formatWan(sum), asWritten: text } : { value: text ?? MISSING, asWritten: null };
}

/** A candidate's bid (投标报价): in 万元, else the publisher's words (a rate), else MISSING. */
export function bidOf(candidate: { price: number | null; priceText: string | null }): Omit<NoticeAmount, 'label'> {
  return sumOrWords(candidate.price, candidate.priceText);
}
