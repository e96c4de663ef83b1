/**
 * 会员中心 on the phone: the member, their tier and points, and the member pages the phone has —
 * favourites, the subscription's tenders, points, membership and the alert inbox (capability
 * `alerts`). The same API and query options as the desktop member area; anything more (visits,
 * messages, profile) links to the desktop page, which phones can still open through 电脑版.
 */
import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import { desktopViewHref } from '@shared/device';
import { MOBILE_PATHS } from '@shared/routes';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { unreadQueryOptions } from '../../alerts/api';
import { useDict } from '../../../components/dict-label';
import { MobileFigures } from '../../../components/mobile/m-detail-parts';
import { MobileHead } from '../../../components/mobile/m-parts';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { useLogout } from '../../../lib/session-actions';
import { dictLabel, prefetchDicts } from '../../../lib/system';

export function load({ deps }: PageLoadArgs) {
  const { queryClient, http } = deps;
  return Promise.all([
    prefetchDicts(queryClient, http, [DICT_TYPES.memberLevel]),
    // The badge is rendered with the page; a count that cannot be read leaves it out.
    hasCapability(deps, 'alerts') ? queryClient.prefetchQuery({ ...unreadQueryOptions(http), staleTime: 0 }) : null,
  ]);
}

/** 消息提醒 in the member menu, with the unread count; only where the backend has alerts. */
function AlertsLink() {
  const offered = useHasCapability('alerts');
  const unread = useQuery({ ...unreadQueryOptions(useHttp()), enabled: offered }).data ?? 0;
  if (!offered) return null;
  return (
    <RouteLink to={MOBILE_PATHS.alerts} aria-label={unread > 0 ? `消息提醒，${unread} 条未读` : '消息提醒'}>
      消息提醒
      {unread > 0 ? (
        <span className="m-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </RouteLink>
  );
}

export function Component() {
  const session = useSession();
  const logout = useLogout();
  const user = session.member_info;
  const level = dictLabel(useDict(DICT_TYPES.memberLevel), user?.level);
  const alerts = useHasCapability('alerts');
  return (
    <div className="m-member">
      <MobileHead title="会员中心" noindex />
      <section className="m-card m-profile">
        <h1 className="m-title">{session.name}</h1>
        <p className="m-muted">
          {level || '普通会员'}
          {user?.levelExpireTime ? ` · ${parseTime(user.levelExpireTime, 'YYYY-MM-DD')} 到期` : ''}
        </p>
        <MobileFigures figures={[{ label: '积分', value: user?.score ?? 0 }]} />
      </section>
      <nav className="m-menu" aria-label="会员功能">
        <AlertsLink />
        <RouteLink to={MOBILE_PATHS.favorite}>我的收藏</RouteLink>
        <RouteLink to={MOBILE_PATHS.bidding}>订阅招标</RouteLink>
        {alerts ? <RouteLink to={MOBILE_PATHS.subscriptions}>我的订阅</RouteLink> : null}
        <RouteLink to={MOBILE_PATHS.points}>我的积分</RouteLink>
        <RouteLink to={MOBILE_PATHS.vip}>会员服务</RouteLink>
        <RouteLink to={MOBILE_PATHS.clients}>拜访客户</RouteLink>
        <a href={desktopViewHref('/user')} rel="nofollow">
          更多功能（电脑版）
        </a>
      </nav>
      <button type="button" className="m-button m-button-block" onClick={() => void logout()}>
        退出登录
      </button>
    </div>
  );
}
