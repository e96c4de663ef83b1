/**
 * Rules of a tender notice that its pages apply on both sites. 中标候选人公示 (dict
 * `cms_zb_notice_type` code 4) names the first-ranked candidate where a 中标结果 names the winner.
 */

/** dict `cms_zb_notice_type`: 中标候选人公示. */
export const CANDIDATES_NOTICE_TYPE = '4';

/** What a notice's `winner` is called: 第一中标候选人 in a 中标候选人公示, 中标人 otherwise. */
export const winnerLabel = (noticeType: string) => (noticeType === CANDIDATES_NOTICE_TYPE ? '第一中标候选人' : '中标人');

/** 预算 before an award, 中标 after it (中标候选人公示, 中标结果): by the notice type's label. */
export const amountLabelOf = (noticeTypeLabel: string) => (noticeTypeLabel.includes('中标') ? '中标金额' : '预算金额');
