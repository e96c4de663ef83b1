/** 订阅招标 on the phone: the subscription (editable in a bottom sheet) and the first 20 tenders it matches. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { DICT_TYPES } from '@shared/system/types';
import { ZbRow } from '../../listings/components/m-rows';
import { biddingListQueryOptions } from '../../listings/api';
import { FIRST_PAGE, MobileMemberPage } from '../../../components/mobile/m-member-page';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { prefetchDicts } from '../../../lib/system';
import { MobileSubscription } from './m-subscription';
import { useDicts } from '../../../components/dict-label';

const ROW_DICTS = [DICT_TYPES.region, DICT_TYPES.zbNoticeType];

export function load({ deps: { queryClient, http } }: PageLoadArgs) {
  return Promise.all([queryClient.ensureQueryData(biddingListQueryOptions(http, FIRST_PAGE)), prefetchDicts(queryClient, http, ROW_DICTS)]);
}

export function Component() {
  const { rows, total } = useSuspenseQuery(biddingListQueryOptions(useHttp(), FIRST_PAGE)).data;
  const dict = useDicts(ROW_DICTS);
  return (
    <MobileMemberPage title="订阅招标" desktop="/user/bidding">
      <MobileSubscription />
      <p className="m-count">{`共 ${total} 条`}</p>
      {rows.length === 0 ? <p className="m-empty">暂无符合订阅的招标</p> : null}
      <ul className="m-list">
        {rows.map((item) => (
          <ZbRow key={item.id} item={item} dict={dict} />
        ))}
      </ul>
    </MobileMemberPage>
  );
}
