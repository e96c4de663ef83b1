/**
 * /user 会员中心: the member's tier and expiry, points, counts of favourites, clients and follow-ups
 * due (`getGJNum`), the clients to visit now and the newest tenders of the subscription (DOMAIN.md).
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import type { BaifangClientListParams } from '@shared/visit/types';
import type { BiddingListParams, FavoriteListParams } from '@shared/content/types';
import type { MemberUser } from '@shared/member/types';
import { CONFIG_KEYS, DICT_TYPES } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { parseTime } from '@shared/time';
import { biddingListQueryOptions, favoriteListQueryOptions } from '../../listings/api';
import { useHttp } from '../../../lib/http/context';
import { configQueryOptions } from '../../../lib/system';
import { baifangClientListQueryOptions, gjNumQueryOptions } from '../../visit/api';
import { DictLabel, DictTag, useDict } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { BiddingList, SubscriptionSummary } from '../components/bidding-list';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { fetchFresh, loadMemberChrome } from '../api';
import { daysLeft } from '../tier-expiry';
import { usePathAvailable } from '../../../lib/capabilities';

const DICTS = [DICT_TYPES.region, DICT_TYPES.zbNoticeType, DICT_TYPES.memberLevel, DICT_TYPES.visitStatus] as const;
const FAVORITES: FavoriteListParams = { isCancel: 0, pageSize: 1 };
const TENDERS: BiddingListParams = { pageSize: 6 };
const DUE_CLIENTS: BaifangClientListParams = { due: true, pageSize: 5 };

export async function load({ deps }: PageLoadArgs) {
  const { http, queryClient } = deps;
  await Promise.all([
    fetchFresh(deps, gjNumQueryOptions(http)),
    fetchFresh(deps, favoriteListQueryOptions(http, FAVORITES)),
    fetchFresh(deps, biddingListQueryOptions(http, TENDERS)),
    fetchFresh(deps, baifangClientListQueryOptions(http, DUE_CLIENTS)),
    queryClient.prefetchQuery(configQueryOptions(http, CONFIG_KEYS.unlockCost)),
    loadMemberChrome(deps, DICTS),
  ]);
}

/** Tier, expiry and what to do next: free members are offered VIP, paid ones see the days left. */
function TierPanel({ user, now }: { user: MemberUser; now: number }) {
  // A page detail: without it the sentence just leaves the number out.
  const unlockCost = useQuery(configQueryOptions(useHttp(), CONFIG_KEYS.unlockCost)).data;
  const remaining = daysLeft(user.levelExpireTime, now);
  const paid = user.level !== '0';
  return (
    <div className={paid ? 'tier-panel is-paid' : 'tier-panel'}>
      <div className="tier-panel-main">
        <p className="tier-panel-label">当前等级</p>
        <p className="tier-panel-name">
          <DictLabel type={DICT_TYPES.memberLevel} value={user.level} />
        </p>
        <p className="tier-panel-note">
          {paid && remaining !== null
            ? `有效期至 ${parseTime(user.levelExpireTime, 'YYYY-MM-DD')}，还剩 ${remaining} 天，期间免积分查看全部联系方式`
            : `查看联系方式每条消耗${unlockCost ? ` ${unlockCost} ` : ''}积分，开通会员后免积分查看全部`}
        </p>
      </div>
      <RouteLink className={paid ? 'button' : 'button button-primary'} to={user.level === '1' ? '/user/duanMember' : '/user/vipuser'}>
        {paid ? '续费会员' : '开通 VIP 会员'}
      </RouteLink>
    </div>
  );
}

function Stat({ label, value, to, alert, hint }: { label: string; value: number; to: string; alert?: boolean; hint: string }) {
  const available = usePathAvailable();
  const className = alert && value > 0 ? 'stat-card is-alert' : 'stat-card';
  const body = (
    <>
      <span className="stat-card-value">{formatCount(value)}</span>
      <span className="stat-card-label">{label}</span>
      <span className="stat-card-hint">{hint}</span>
    </>
  );
  // The count stays; the page behind it may be an extension the backend lacks.
  return available(to) ? (
    <RouteLink className={className} to={to}>
      {body}
    </RouteLink>
  ) : (
    <div className={className}>{body}</div>
  );
}

export function Component() {
  const available = usePathAvailable();
  const http = useHttp();
  const session = useSession();
  const user = session.member_info;
  const gj = useSuspenseQuery(gjNumQueryOptions(http));
  const favorites = useSuspenseQuery(favoriteListQueryOptions(http, FAVORITES)).data;
  const tenders = useSuspenseQuery(biddingListQueryOptions(http, TENDERS));
  const dueClients = useSuspenseQuery(baifangClientListQueryOptions(http, DUE_CLIENTS)).data;
  const regions = useDict(DICT_TYPES.region);
  const now = gj.dataUpdatedAt;
  const name = session.name || session.member_name;

  return (
    <MemberPage title="会员中心" intro={`您好，${name}。这里是您的项目、客户和积分概况。`}>
      <div className="dashboard-top">
        {user ? <TierPanel user={user} now={now} /> : null}
        <RouteLink className="points-panel" to="/user/logscore">
          <span className="points-panel-label">积分余额</span>
          <span className="points-panel-value">{formatCount(user?.score ?? 0)}</span>
          <span className="points-panel-links">积分日志 ›</span>
        </RouteLink>
      </div>

      <div className="stat-grid">
        <Stat label="我的收藏" value={favorites.total} to="/user/favorite" hint="项目与招标" />
        <Stat
          label="拜访客户"
          value={gj.data.total}
          to="/user/baifangClient"
          hint={`跟进中 ${gj.data.byStatus['1']} · 已签约 ${gj.data.byStatus['2']}`}
        />
        <Stat label="待拜访" value={gj.data.due} to="/user/baifangClient?due=1" alert hint="今天及之前应拜访" />
        <Stat label="拜访记录" value={gj.data.records} to="/user/baifangRecords" hint="全部拜访" />
      </div>

      <div className="dashboard-grid">
        <MemberSection title="最新订阅招标" className="dashboard-tenders" extra={<RouteLink to="/user/bidding">查看全部 ›</RouteLink>}>
          <SubscriptionSummary user={user} regions={regions} />
          {tenders.data.rows.length > 0 ? (
            <BiddingList rows={tenders.data.rows} regions={regions} now={tenders.dataUpdatedAt} />
          ) : (
            <EmptyState compact>
              <p>暂时没有符合订阅条件的招标</p>
            </EmptyState>
          )}
        </MemberSection>

        <MemberSection title="待拜访客户" className="dashboard-due" extra={<RouteLink to="/user/baifangClient?due=1">全部 ›</RouteLink>}>
          {dueClients.rows.length > 0 ? (
            <ul className="due-list">
              {dueClients.rows.map((client) => (
                <li key={client.id}>
                  <RouteLink to={`/user/baifangClient?cid=${client.id}`} className="due-list-name" title={client.companyName}>
                    {client.companyName}
                  </RouteLink>
                  <span className="due-list-meta">
                    <DictTag type={DICT_TYPES.visitStatus} value={client.status} />
                    <span className="due-date">计划 {parseTime(client.nextVisitDate, 'MM-DD')}</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState compact>
              <p>今天没有需要拜访的客户</p>
            </EmptyState>
          )}
          <div className="dashboard-shortcuts">
            <RouteLink className="button button-small" to="/user/baifangClient">
              管理客户
            </RouteLink>
            {available('/user/baifangRecords') ? (
              <RouteLink className="button button-small" to="/user/baifangRecords">
                拜访记录
              </RouteLink>
            ) : null}
          </div>
        </MemberSection>
      </div>
    </MemberPage>
  );
}
