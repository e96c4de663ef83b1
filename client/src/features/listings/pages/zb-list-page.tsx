/** /zb 招标信息: the list page with the tenders' filters, sorts and result row (报名截止 marked). */
import type { ZbListItem } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { lastDaysBegin, nextDaysEnd } from '@shared/date-presets';
import { deadlineState, deadlineText, parseTime } from '@shared/time';
import { zbSearchQueryOptions } from '../api';
import { DictLabel } from '../../../components/dict-label';
import { regionName } from '../../../lib/region';
import { readZbSearch } from '../search-query';
import { amountLabelOf } from '@shared/content/zb-notice';
import type { RowField } from '../listing-config';
import { listPage } from './list-page';
import { ZB_AMOUNT } from '../amount-presets';
import { CompanyLink } from '../../company/components/company-link';

/** 报名截止 with where it stands: "2026-03-12（剩 2 天）", "…（已截止）" as on the member's list. */
function deadlineField(item: ZbListItem, now: number): RowField[] {
  const state = deadlineState(item.signupDeadline, now);
  if (!state) return [];
  return [
    {
      label: '报名截止',
      value: `${parseTime(item.signupDeadline, 'YYYY-MM-DD')}（${deadlineText(state)}）`,
      className: state.closed ? 'result-deadline is-closed' : 'result-deadline',
    },
  ];
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
  dictFilters: [
    { key: 'noticeType', type: DICT_TYPES.zbNoticeType, label: '公告类型' },
    { key: 'industry', type: DICT_TYPES.industry, label: '行业' },
  ],
  amount: ZB_AMOUNT,
  presetFilters: [
    { label: '报名截止', keys: ['signup'], options: () => [{ label: '未截止', patch: { signup: 'open' as const } }] },
    {
      label: '开标时间',
      keys: ['openBegin', 'openEnd'],
      options: (today) => [
        { label: '今天', patch: { openBegin: today, openEnd: today } },
        { label: '未来7天', patch: { openBegin: today, openEnd: nextDaysEnd(today, 7) } },
        { label: '未来30天', patch: { openBegin: today, openEnd: nextDaysEnd(today, 30) } },
        { label: '近7天', patch: { openBegin: lastDaysBegin(today, 7), openEnd: today } },
      ],
    },
  ],
  sorts: [
    { value: 'time', label: '发布时间' },
    { value: 'relevance', label: '相关度' },
    { value: 'amount', label: '金额' },
    { value: 'views', label: '浏览量' },
  ],
  noun: '条招标信息',
  empty: { none: '没有符合条件的招标信息', all: '查看全部招标' },
  row: {
    tag: { type: DICT_TYPES.zbNoticeType, value: (item) => item.noticeType },
    fields: (item, regions, now) => [
      { label: '地区', value: regionName(regions, item.areaCode) },
      { label: '行业', value: <DictLabel type={DICT_TYPES.industry} value={item.industry} /> },
      { label: '招标人', value: <CompanyLink name={item.tenderer} id={item.companies?.tenderer} fallback="—" />, wide: true },
      ...deadlineField(item, now),
    ],
    amount: (item) => item.amount,
    amountLabel: (_item, noticeType) => amountLabelOf(noticeType),
  },
});
