/** 我的积分 on the phone: the balance, 购买积分, and the first 20 lines of the points log. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import { MOBILE_RECHARGE_URL } from '@shared/routes';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { FIRST_PAGE, MobileMemberPage } from '../../../components/mobile/m-member-page';
import { useDict } from '../../../components/dict-label';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { dictLabel, prefetchDicts } from '../../../lib/system';
import { scoreLogQueryOptions } from '../api';

export function load({ deps: { queryClient, http } }: PageLoadArgs) {
  return Promise.all([
    queryClient.ensureQueryData(scoreLogQueryOptions(http, FIRST_PAGE)),
    prefetchDicts(queryClient, http, [DICT_TYPES.scoreType]),
  ]);
}

export function Component() {
  const log = useSuspenseQuery(scoreLogQueryOptions(useHttp(), FIRST_PAGE)).data;
  const types = useDict(DICT_TYPES.scoreType);
  const score = useSession().member_info?.score ?? 0;
  return (
    <MobileMemberPage title="我的积分" desktop="/user/logscore">
      <div className="m-toolbar">
        <p className="m-figure-big">
          <strong>{score}</strong> 积分
        </p>
        <RouteLink className="m-toolbar-link" to={MOBILE_RECHARGE_URL}>
          购买积分
        </RouteLink>
      </div>
      <ul className="m-list">
        {(log.rows ?? []).map((row) => (
          <li key={row.id} className="m-row m-row-static">
            <span className="m-row-title">{row.remark || dictLabel(types, row.type)}</span>
            <span className="m-row-meta">
              <span className={row.change >= 0 ? 'm-plus' : 'm-minus'}>{row.change >= 0 ? `+${row.change}` : row.change}</span>
              <span>余额 {row.balance}</span>
              <time dateTime={row.createTime}>{parseTime(row.createTime, 'YYYY-MM-DD HH:mm')}</time>
            </span>
          </li>
        ))}
      </ul>
    </MobileMemberPage>
  );
}
