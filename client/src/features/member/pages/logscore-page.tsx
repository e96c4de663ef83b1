/**
 * /user/logscore 积分日志: every change of the points balance — type, change, balance after, what
 * for, when — newest first, paged in the URL (`memberLogScoreList`).
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { ScoreLogItem } from '@shared/member/types';
import { CONFIG_KEYS, DICT_TYPES } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { parseTime } from '@shared/time';
import { useHttp } from '../../../lib/http/context';
import { scoreLogQueryOptions, fetchFresh, loadMemberChrome } from '../api';
import { configQueryOptions } from '../../../lib/system';
import { DictLabel } from '../../../components/dict-label';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { MemberTable } from '../../../components/member-area/member-table';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { readPaging } from '../../../components/member-area/member-query';

const PATH = '/user/logscore';

export async function load({ deps, url }: PageLoadArgs) {
  await Promise.all([
    fetchFresh(deps, scoreLogQueryOptions(deps.http, readPaging(url.searchParams))),
    deps.queryClient.prefetchQuery(configQueryOptions(deps.http, CONFIG_KEYS.unlockCost)),
    loadMemberChrome(deps, [DICT_TYPES.scoreType]),
  ]);
}

const COLUMNS: TableColumnsType<ScoreLogItem> = [
  {
    title: '时间',
    key: 'time',
    width: 170,
    render: (_, row) => <time dateTime={row.createTime}>{parseTime(row.createTime, 'YYYY-MM-DD HH:mm')}</time>,
  },
  { title: '类型', key: 'type', width: 120, render: (_, row) => <DictLabel type={DICT_TYPES.scoreType} value={row.type} /> },
  {
    title: '变动',
    key: 'change',
    width: 100,
    align: 'right',
    render: (_, row) => (
      <span className={row.change >= 0 ? 'score-plus' : 'score-minus'}>{`${row.change > 0 ? '+' : ''}${formatCount(row.change)}`}</span>
    ),
  },
  { title: '余额', key: 'balance', width: 100, align: 'right', render: (_, row) => formatCount(row.balance) },
  { title: '说明', dataIndex: 'remark', key: 'remark', render: (remark: string) => <span className="cell-text">{remark || '—'}</span> },
];

export function Component() {
  const [search] = useSearchParams();
  const paging = useMemo(() => readPaging(search), [search]);
  const http = useHttp();
  const { data } = useSuspenseQuery(scoreLogQueryOptions(http, paging));
  // A page detail: without it the sentence just leaves the number out.
  const unlockCost = useQuery(configQueryOptions(http, CONFIG_KEYS.unlockCost)).data;
  const score = useSession().member_info?.score ?? 0;

  return (
    <MemberPage
      title="积分日志"
      intro="积分的每一笔获得与使用。积分用于“积分查看”项目和招标的联系方式。"
      actions={
        <RouteLink className="button button-primary" to="/user/chargeMember">
          充值积分
        </RouteLink>
      }
    >
      <div className="score-summary">
        <div>
          <span className="score-summary-label">当前积分</span>
          <strong className="score-summary-value">{formatCount(score)}</strong>
        </div>
        <p>
          {unlockCost ? `每次查看联系方式消耗 ${unlockCost} 积分，同一条信息再次查看不重复扣分；` : ''}
          VIP 与短期会员有效期内查看不消耗积分。
        </p>
      </div>
      <MemberSection>
        <MemberTable<ScoreLogItem> columns={COLUMNS} page={data} path={PATH} query={paging} empty={<p>还没有积分变动</p>} />
      </MemberSection>
    </MemberPage>
  );
}
