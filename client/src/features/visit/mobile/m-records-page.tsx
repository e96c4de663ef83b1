/**
 * 拜访记录 on the phone (/m/pages/user/records): the member's latest visits across clients, newest
 * first (`getBaifangRecordsList`, or gathered from the clients without it), each linking to its client.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { DICT_TYPES } from '@shared/system/types';
import { FIRST_PAGE, MobileMemberPage } from '../../../components/mobile/m-member-page';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';
import { prefetchDicts } from '../../../lib/system';
import { baifangRecordListQueryOptions } from '../api';
import { RecordCard } from './m-visit-parts';

export async function load({ deps }: PageLoadArgs) {
  const { queryClient, http } = deps;
  await Promise.all([
    queryClient.ensureQueryData(baifangRecordListQueryOptions(http, FIRST_PAGE, hasCapability(deps, 'visitRecords'))),
    prefetchDicts(queryClient, http, [DICT_TYPES.visitWay]),
  ]);
}

export function Component() {
  const { rows, total } = useSuspenseQuery(baifangRecordListQueryOptions(useHttp(), FIRST_PAGE, useHasCapability('visitRecords'))).data;
  return (
    <MobileMemberPage title="拜访记录" desktop="/user/baifangRecords">
      <p className="m-count">{`共 ${total} 条`}</p>
      {rows.length === 0 ? (
        <p className="m-empty">还没有拜访记录，打开一个客户写下第一次拜访</p>
      ) : (
        <ul className="m-visits">
          {rows.map((record) => (
            <RecordCard key={record.id} record={record} showClient />
          ))}
        </ul>
      )}
    </MobileMemberPage>
  );
}
