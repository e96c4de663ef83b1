/**
 * The mobile member basics (issue 14): 会员中心, favourites, the subscription's tenders, points,
 * membership and the alert inbox (capability `alerts`). The same API and query options as the desktop member area; anything more (visits,
 * messages, profile) links to the desktop page, which phones can still open through 电脑版.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { DICT_TYPES } from '@shared/system/types';
import { desktopViewHref } from '@shared/device';
import { MOBILE_PATHS, MOBILE_RECHARGE_URL } from '@shared/routes';
import { parseTime } from '@shared/time';
import { alertListQueryOptions, unreadQueryOptions, type AlertItem } from '../../api/alerts';
import { biddingListQueryOptions, favoriteListQueryOptions } from '../../api/content';
import { useHttp } from '../../api/http-context';
import { scoreLogQueryOptions } from '../../api/member-area';
import { dictLabel, prefetchDicts } from '../../api/system';
import { useDict } from '../../components/dict-label';
import { hasCapability, useHasCapability } from '../../lib/capabilities';
import type { PageLoadArgs, PageModule } from '../../lib/page';
import { useSession } from '../../lib/session';
import { useLogout } from '../../lib/session-actions';
import { ALERT_KIND_LABELS, useAlertRow, useMarkAlertsRead } from './alert-inbox';
import { CONTENT_TYPE_LABEL } from './content-labels';
import { MobileExport } from '../../components/mobile/m-export';
import { MobileFigures } from '../../components/mobile/m-detail-parts';
import { MobileHead } from '../../components/mobile/m-parts';
import { mobileDetailPath } from '@shared/content/paths';
import { ZbRow } from '../../components/mobile/rows';
import { MobileSubscription } from './m-subscription';

/** The first page of each list; the rest is on the desktop page (its 电脑版 link). */
const FIRST = { pageNum: 1, pageSize: 20 } as const;
const FAVORITES = { ...FIRST, isCancel: 0 } as const;

/** A mobile member page: back to 会员中心, its title, and its desktop page for the rest. */
export function MemberPage({ title, desktop, children }: { title: string; desktop: string; children: React.ReactNode }) {
  return (
    <div className="m-member">
      <MobileHead title={title} noindex />
      <p className="m-back">
        <Link to={MOBILE_PATHS.member}>‹ 会员中心</Link>
      </p>
      <h1 className="m-title">{title}</h1>
      {children}
      <a className="m-button m-button-block m-button-plain" href={desktopViewHref(desktop)} rel="nofollow">
        在电脑版查看全部
      </a>
    </div>
  );
}

/** 消息提醒 in the member menu, with the unread count; only where the backend has alerts. */
function AlertsLink() {
  const offered = useHasCapability('alerts');
  const unread = useQuery({ ...unreadQueryOptions(useHttp()), enabled: offered }).data ?? 0;
  if (!offered) return null;
  return (
    <Link to={MOBILE_PATHS.alerts} aria-label={unread > 0 ? `消息提醒，${unread} 条未读` : '消息提醒'}>
      消息提醒
      {unread > 0 ? (
        <span className="m-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

export const memberHome: PageModule = {
  load: ({ deps }: PageLoadArgs) => {
    const { queryClient, http } = deps;
    return Promise.all([
      prefetchDicts(queryClient, http, [DICT_TYPES.memberLevel]),
      // The badge is rendered with the page; a count that cannot be read leaves it out.
      hasCapability(deps, 'alerts') ? queryClient.prefetchQuery({ ...unreadQueryOptions(http), staleTime: 0 }) : null,
    ]);
  },
  Component() {
    const session = useSession();
    const logout = useLogout();
    const user = session.member_info;
    const level = dictLabel(useDict(DICT_TYPES.memberLevel), user?.level);
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
          <Link to={MOBILE_PATHS.favorite}>我的收藏</Link>
          <Link to={MOBILE_PATHS.bidding}>订阅招标</Link>
          <Link to={MOBILE_PATHS.points}>我的积分</Link>
          <Link to={MOBILE_PATHS.vip}>会员服务</Link>
          <a href={desktopViewHref('/user')} rel="nofollow">
            更多功能（电脑版）
          </a>
        </nav>
        <button type="button" className="m-button m-button-block" onClick={() => void logout()}>
          退出登录
        </button>
      </div>
    );
  },
};

export const favoritePage: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) => queryClient.ensureQueryData(favoriteListQueryOptions(http, FAVORITES)),
  Component() {
    const { rows, total } = useSuspenseQuery(favoriteListQueryOptions(useHttp(), FAVORITES)).data;
    return (
      <MemberPage title="我的收藏" desktop="/user/favorite">
        <div className="m-toolbar">
          <p className="m-count">{`共 ${total} 条`}</p>
          {total > 0 ? <MobileExport kind="favorites" params={{}} /> : null}
        </div>
        {rows.length === 0 ? <p className="m-empty">还没有收藏，打开项目或招标详情点“收藏”即可</p> : null}
        <ul className="m-list">
          {rows.map((row) => (
            <li key={row.id} className="m-row">
              <Link to={mobileDetailPath(row.type, row.dataId)} className="m-row-link">
                <span className="m-row-title">{row.title}</span>
                <span className="m-row-meta">
                  <span className="m-tag">{CONTENT_TYPE_LABEL[row.type]}</span>
                  <time dateTime={row.publishTime}>{parseTime(row.publishTime, 'YYYY-MM-DD')}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </MemberPage>
    );
  },
};

export const biddingPage: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) =>
    Promise.all([
      queryClient.ensureQueryData(biddingListQueryOptions(http, FIRST)),
      prefetchDicts(queryClient, http, [DICT_TYPES.region, DICT_TYPES.zbNoticeType]),
    ]),
  Component() {
    const { rows, total } = useSuspenseQuery(biddingListQueryOptions(useHttp(), FIRST)).data;
    return (
      <MemberPage title="订阅招标" desktop="/user/bidding">
        <MobileSubscription />
        <p className="m-count">{`共 ${total} 条`}</p>
        {rows.length === 0 ? <p className="m-empty">暂无符合订阅的招标</p> : null}
        <ul className="m-list">
          {rows.map((item) => (
            <ZbRow key={item.id} item={item} />
          ))}
        </ul>
      </MemberPage>
    );
  },
};

export const pointsPage: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) =>
    Promise.all([queryClient.ensureQueryData(scoreLogQueryOptions(http, FIRST)), prefetchDicts(queryClient, http, [DICT_TYPES.scoreType])]),
  Component() {
    const log = useSuspenseQuery(scoreLogQueryOptions(useHttp(), FIRST)).data;
    const types = useDict(DICT_TYPES.scoreType);
    const score = useSession().member_info?.score ?? 0;
    return (
      <MemberPage title="我的积分" desktop="/user/logscore">
        <div className="m-toolbar">
          <p className="m-figure-big">
            <strong>{score}</strong> 积分
          </p>
          <Link className="m-toolbar-link" to={MOBILE_RECHARGE_URL}>
            购买积分
          </Link>
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
      </MemberPage>
    );
  },
};

/** The inbox's first page (the rest is on the desktop page); `?unread=1` shows the unread ones only. */
const alertParams = (search: URLSearchParams) => ({ ...FIRST, ...(search.get('unread') === '1' ? { read: false } : {}) });

function AlertRow({ alert }: { alert: AlertItem }) {
  const href = mobileDetailPath(alert.contentType, alert.contentId);
  const { open } = useAlertRow(alert, href);
  return (
    <li className={alert.read ? 'm-row' : 'm-row is-unread'}>
      <Link to={href} className="m-row-link" onClick={open}>
        <span className="m-row-title">
          {alert.read ? null : <span className="m-dot" aria-label="未读" />}
          {alert.title}
        </span>
        {alert.detail ? <span className="m-row-detail">{alert.detail}</span> : null}
        <span className="m-row-meta">
          <span className={`m-tag m-tag-${alert.kind}`}>{ALERT_KIND_LABELS[alert.kind]}</span>
          <time dateTime={alert.createTime}>{parseTime(alert.createTime, 'YYYY-MM-DD HH:mm')}</time>
        </span>
      </Link>
    </li>
  );
}

/** 消息提醒 (issue 12 §3 on the phone): the inbox; opening an alert marks it read. Subscriptions and delivery are on the desktop page. */
export const alertsPage: PageModule = {
  load: ({ deps, url }: PageLoadArgs) =>
    deps.queryClient.fetchQuery({ ...alertListQueryOptions(deps.http, alertParams(url.searchParams)), staleTime: 0 }),
  Component() {
    const [search] = useSearchParams();
    const params = alertParams(search);
    const { rows, total } = useSuspenseQuery(alertListQueryOptions(useHttp(), params)).data;
    const unreadOnly = params.read === false;
    const mark = useMarkAlertsRead();
    return (
      <MemberPage title="消息提醒" desktop="/user/alerts">
        <div className="m-toolbar">
          <p className="m-count">{unreadOnly ? `未读 ${total} 条` : `共 ${total} 条`}</p>
          <Link className="m-toolbar-link" to={unreadOnly ? MOBILE_PATHS.alerts : `${MOBILE_PATHS.alerts}?unread=1`}>
            {unreadOnly ? '查看全部' : '只看未读'}
          </Link>
        </div>
        {rows.length === 0 ? (
          <p className="m-empty">
            {unreadOnly ? '没有未读消息' : '还没有消息。订阅匹配的新公告、变更和截止提醒会显示在这里（在电脑版管理订阅）'}
          </p>
        ) : (
          <ul className="m-list">
            {rows.map((alert) => (
              <AlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
        {rows.some((alert) => !alert.read) ? (
          <button type="button" className="m-button m-button-block" onClick={() => mark.mutate({ all: true })} disabled={mark.isPending}>
            全部标为已读
          </button>
        ) : null}
      </MemberPage>
    );
  },
};
