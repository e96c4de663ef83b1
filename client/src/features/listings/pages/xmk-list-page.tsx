/** /xmk 项目库: the list page with the project library's filters, sorts and result row. */
import { DICT_TYPES } from '@shared/system/types';
import { xmkSearchQueryOptions } from '../api';
import { dictLabel } from '../../../lib/system';
import { regionName } from '../../../lib/region';
import { readXmkSearch } from '../search-query';
import { listPage } from './list-page';
import { XMK_AMOUNT } from '../amount-presets';
import { XMK_FILTERS } from '../list-filters';
import { CompanyLink } from '../../company/components/company-link';

export const { load, Component } = listPage({
  type: 'xmk',
  name: '项目库',
  subtitle: '全省拟在建项目 · 按地区、行业、阶段与投资额检索',
  placeholder: '输入项目名称、建设单位或建设内容',
  keywordTitle: (keyword) => `“${keyword}”相关项目`,
  description: (keyword, total) =>
    keyword
      ? `${keyword}相关的拟在建项目，共 ${total} 条，按地区、行业、阶段与投资额筛选。`
      : '全省拟在建项目库：立项、审批、设计、招标、施工各阶段项目信息，可按地区、行业、阶段与投资额检索。',
  read: readXmkSearch,
  search: xmkSearchQueryOptions,
  ...XMK_FILTERS,
  amount: XMK_AMOUNT,
  noun: '个项目',
  empty: { none: '没有符合条件的项目', all: '查看全部项目' },
  row: {
    tag: { type: DICT_TYPES.xmkStage, value: (item) => item.stage },
    fields: (item, dict) => [
      { label: '地区', value: regionName(dict(DICT_TYPES.region), item.areaCode) },
      { label: '行业', value: dictLabel(dict(DICT_TYPES.industry), item.industry) },
      { label: '性质', value: dictLabel(dict(DICT_TYPES.xmkNature), item.nature) },
      { label: '建设单位', value: <CompanyLink name={item.owner} id={item.companies?.owner} fallback="—" />, wide: true },
    ],
    amount: (item) => item.investment,
    amountLabel: () => '投资总额',
  },
});
