/** /m/pages/xmk/index 项目库 on the mobile site. */
import { searchXmk } from '../api';
import { XMK_AMOUNT } from '../amount-presets';
import { XMK_FILTERS } from '../list-filters';
import { mobileListPage } from './m-list-page';
import { XmkRow } from '../components/m-rows';
import { MOBILE_PATHS } from '@shared/routes';

export const { load, Component } = mobileListPage({
  path: MOBILE_PATHS.xmkList,
  type: 'xmk',
  name: '项目库',
  read: async (query) => (await import('../search-query')).readXmkSearch(query),
  fetch: searchXmk,
  filters: XMK_FILTERS,
  amount: XMK_AMOUNT,
  row: (item, _now, dict) => <XmkRow key={item.id} item={item} dict={dict} star />,
  placeholder: '项目名称、建设单位',
});
