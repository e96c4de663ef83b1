/** 预算 before an award, 中标 after it (中标候选人公示, 中标结果): by the notice type's label. */
export function amountLabelOf(noticeTypeLabel: string): string {
  return noticeTypeLabel.includes('中标') ? '中标金额' : '预算金额';
}
