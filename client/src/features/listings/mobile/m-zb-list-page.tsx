/** /m/pages/zb/index 招标信息 on the mobile site. */
import { searchZb } from '../api';
import { ZB_AMOUNT } from '../amount-presets';
import { ZB_FILTERS } from '../list-filters';
import { mobileListPage } from './m-list-page';
import { ZbRow } from '../components/m-rows';
import { MOBILE_PATHS } from '@shared/routes';

export const { load, Component } = mobileListPage({
  path: MOBILE_PATHS.zbList,
  type: 'zb',
  name: '招标信息',
  read: async (query) => (await import('../search-query')).readZbSearch(query),
  fetch: searchZb,
  filters: ZB_FILTERS,
  amount: ZB_AMOUNT,
  row: (item, now, dict) => <ZbRow key={item.id} item={item} dict={dict} now={now} star />,
  placeholder: '公告标题、招标人',
});
