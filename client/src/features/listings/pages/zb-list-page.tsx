/** /zb 招标信息: the list page with the tenders' filters, sorts and result row (报名截止 marked). */
import type { ZbListItem } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { zbSearchQueryOptions } from '../api';
import { dictLabel } from '../../../lib/system';
import { regionName } from '../../../lib/region';
import { readZbSearch } from '../search-query';
import { amountLabelOf } from '@shared/content/zb-notice';
import type { RowField } from '../listing-config';
import { listPage } from './list-page';
import { ZB_AMOUNT } from '../amount-presets';
import { ZB_FILTERS } from '../list-filters';
import { signupDeadlineLabel } from '../signup-deadline';
import { CompanyLink } from '../../company/components/company-link';

/** 报名截止 with where it stands: "2026-03-12（剩 2 天）", "…（已截止）" as on the member's list. */
function deadlineField(item: ZbListItem, now: number): RowField[] {
  const deadline = signupDeadlineLabel(item.signupDeadline, now, 'YYYY-MM-DD');
  if (!deadline) return [];
  return [{ label: '报名截止', value: deadline.text, className: deadline.closed ? 'result-deadline is-closed' : 'result-deadline' }];
}

export const { load, Component } = listPage({
  type: 'zb',
  name: '招标信息',
  subtitle: '招标预告 · 招标公告 · 变更公告 · 中标公示 · 中标结果',
  placeholder: '输入公告标题、招标人或正文关键词',
  keywordTitle: (keyword) => `“${keyword}”相关招标`,
  description: (keyword, total) =>
    keyword
      ? `${keyword}相关的招标公告、变更公告与中标结果，共 ${total} 条。`
      : '全省招标预告、招标公告、变更公告、中标候选人公示与中标结果，可按地区、行业、公告类型与金额检索。',
  read: readZbSearch,
  search: zbSearchQueryOptions,
  ...ZB_FILTERS,
  amount: ZB_AMOUNT,
  noun: '条招标信息',
  empty: { none: '没有符合条件的招标信息', all: '查看全部招标' },
  row: {
    tag: { type: DICT_TYPES.zbNoticeType, value: (item) => item.noticeType },
    fields: (item, dict, now) => [
      { label: '地区', value: regionName(dict(DICT_TYPES.region), item.areaCode) },
      { label: '行业', value: dictLabel(dict(DICT_TYPES.industry), item.industry) },
      { label: '招标人', value: <CompanyLink name={item.tenderer} id={item.companies?.tenderer} fallback="—" />, wide: true },
      ...deadlineField(item, now),
    ],
    amount: (item) => item.amount,
    amountLabel: (_item, noticeType) => amountLabelOf(noticeType),
  },
});
