/** /m/pages/zb/index 招标信息 on the mobile site. */
import { DICT_TYPES } from '@shared/system/types';
import { searchZb } from '../api';
import { ZB_AMOUNT } from '../amount-presets';
import { mobileListPage } from './m-list-page';
import { ZbRow } from '../components/m-rows';
import { MOBILE_PATHS } from '@shared/routes';

export const { load, Component } = mobileListPage({
  path: MOBILE_PATHS.zbList,
  type: 'zb',
  name: '招标信息',
  read: async (query) => (await import('../search-query')).readZbSearch(query),
  fetch: searchZb,
  typeFilter: { key: 'noticeType', dict: DICT_TYPES.zbNoticeType, label: '公告类型' },
  amount: ZB_AMOUNT,
  row: (item) => <ZbRow key={item.id} item={item} star />,
  placeholder: '公告标题、招标人',
});
