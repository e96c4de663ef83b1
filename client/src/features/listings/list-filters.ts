/**
 * The filters and sorts of the project (xmk) and tender (zb) searches beyond region, amount and
 * publication date, shared by the desktop lists (filter rows, sort bar) and the phone's filter
 * sheet: one list of rows and presets, so both sites offer the same choices with the same query
 * keys (shared/src/content/search-keys.ts).
 */
import type { XmkSearchParams, ZbSearchParams } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { lastDaysBegin, nextDaysEnd } from '@shared/date-presets';
import type { DictFilter, PresetFilter } from './listing-config';
import type { SortOption } from './components/search-bar';

export interface ListFilters<P extends XmkSearchParams | ZbSearchParams> {
  /** Dictionary rows in panel order (the region row comes first, dates and amounts after). */
  dictFilters: readonly DictFilter<P>[];
  /** Rows of presets after the dates (zb: 报名截止, 开标时间). */
  presetFilters?: readonly PresetFilter<P>[];
  sorts: readonly SortOption<NonNullable<P['orderBy']> & string>[];
}

export const XMK_FILTERS: ListFilters<XmkSearchParams> = {
  dictFilters: [
    { key: 'industry', type: DICT_TYPES.industry, label: '行业' },
    { key: 'stage', type: DICT_TYPES.xmkStage, label: '项目阶段', chip: '阶段' },
    { key: 'nature', type: DICT_TYPES.xmkNature, label: '项目性质', chip: '性质' },
  ],
  sorts: [
    { value: 'time', label: '发布时间' },
    { value: 'relevance', label: '相关度' },
    { value: 'investment', label: '投资额' },
    { value: 'views', label: '浏览量' },
  ],
};

export const ZB_FILTERS: ListFilters<ZbSearchParams> = {
  dictFilters: [
    { key: 'noticeType', type: DICT_TYPES.zbNoticeType, label: '公告类型' },
    { key: 'industry', type: DICT_TYPES.industry, label: '行业' },
  ],
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
};
