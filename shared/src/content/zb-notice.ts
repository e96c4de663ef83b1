/**
 * Rules of a tender notice that its pages and the backend apply alike. The notice types are dict
 * `cms_zb_notice_type`; the codes 1–5 are the original five and never change, the others were
 * added for what real publishers send. 中标候选人公示 names the first-ranked candidate where a
 * 中标结果 names the winner.
 */

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
  if (noticeTypeLabel.includes('候选人')) return '投标报价';
  if (noticeTypeLabel.includes('中标')) return '中标金额';
  if (noticeTypeLabel.includes('合同')) return '合同金额';
  return '预算金额';
}
