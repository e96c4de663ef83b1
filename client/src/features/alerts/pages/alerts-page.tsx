/**
 * /user/alerts 消息提醒 (capability `alerts`): the inbox with mark read / all read, the
 * member's subscriptions (several, each with keywords, exclude words, regions, notice types and an
 * amount range; the old keyword/region subscription became the first one), and delivery: private
 * feed links (capability `feeds`) and the e-mail digest, disabled with the reason when the backend
 * cannot send mail. Tabs are `?tab=`, so each is a link and server-rendered.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { detailPath } from '@shared/content/paths';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import {
  alertListQueryOptions,
  alertSettingsQueryOptions,
  feedLinksQueryOptions,
  subscriptionsQueryOptions,
  type AlertItem,
  type AlertKind,
} from '../api';
import { useHttp } from '../../../lib/http/context';
import { regionTreeQueryOptions, fetchFresh, loadMemberChrome } from '../../member/api';
import { EmptyState } from '../../../components/empty-state';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';
import type { PageLoadArgs } from '../../../lib/page';
import { AlertDelivery } from '../components/alert-delivery';
import { ListFooter } from '../../../components/member-area/list-footer';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { SubscriptionList } from '../components/subscription-list';
import { ALERT_KIND_LABELS, useAlertRow, useMarkAlertsRead } from '../alert-inbox';
import { queryHref, readPaging } from '../../../components/member-area/member-query';

const PATH = '/user/alerts';
type Tab = 'inbox' | 'subscriptions' | 'delivery';
const TABS: { tab: Tab; label: string }[] = [
  { tab: 'inbox', label: '消息' },
  { tab: 'subscriptions', label: '我的订阅' },
  { tab: 'delivery', label: '推送设置' },
];

function readTab(query: URLSearchParams): Tab {
  const raw = query.get('tab');
  return raw === 'subscriptions' || raw === 'delivery' ? raw : 'inbox';
}

function readListParams(query: URLSearchParams) {
  return { ...readPaging(query), ...(query.get('unread') === '1' ? { read: false } : {}) };
}

export async function load({ deps, url }: PageLoadArgs) {
  const tab = readTab(url.searchParams);
  const { http } = deps;
  const data =
    tab === 'inbox'
      ? [fetchFresh(deps, alertListQueryOptions(http, readListParams(url.searchParams)))]
      : tab === 'subscriptions'
        ? [fetchFresh(deps, subscriptionsQueryOptions(http)), deps.queryClient.ensureQueryData(regionTreeQueryOptions(http))]
        : [
            fetchFresh(deps, alertSettingsQueryOptions(http)),
            hasCapability(deps, 'feeds') ? fetchFresh(deps, feedLinksQueryOptions(http)) : null,
          ];
  await Promise.all([...data, loadMemberChrome(deps, [DICT_TYPES.zbNoticeType, DICT_TYPES.region])]);
}

const KIND_TONE: Record<AlertKind, string> = { new: 'primary', changed: 'warning', deadline: 'danger' };

function AlertRow({ alert }: { alert: AlertItem }) {
  const href = detailPath(alert.contentType, alert.contentId);
  const { mark, open } = useAlertRow(alert, href);
  return (
    <li className={alert.read ? 'alert-item' : 'alert-item is-unread'}>
      <p className="alert-head">
        <span className={`tag tag-${KIND_TONE[alert.kind]}`}>{ALERT_KIND_LABELS[alert.kind]}</span>
        {alert.read ? null : <span className="alert-dot" aria-label="未读" />}
        <RouteLink to={href} className="alert-title" onClick={open}>
          {alert.title}
        </RouteLink>
      </p>
      {alert.detail ? <p className="alert-detail">{alert.detail}</p> : null}
      <p className="alert-meta">
        <time dateTime={alert.createTime}>{parseTime(alert.createTime, 'YYYY-MM-DD HH:mm')}</time>
        {alert.read ? null : (
          <button type="button" className="link-button" onClick={() => mark.mutate({ ids: [alert.id] })} disabled={mark.isPending}>
            标为已读
          </button>
        )}
      </p>
    </li>
  );
}

function Inbox() {
  const [search] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  const { data } = useSuspenseQuery(alertListQueryOptions(useHttp(), params));
  const mark = useMarkAlertsRead();
  const unreadOnly = params.read === false;
  return (
    <MemberSection
      title={unreadOnly ? `未读消息（${data.total}）` : `全部消息（${data.total}）`}
      extra={
        <>
          <RouteLink to={unreadOnly ? `${PATH}` : `${PATH}?unread=1`}>{unreadOnly ? '查看全部' : '只看未读'}</RouteLink>
          <button type="button" className="button button-small" onClick={() => mark.mutate({ all: true })} disabled={mark.isPending}>
            全部标为已读
          </button>
        </>
      }
    >
      {data.rows.length > 0 ? (
        <ul className="alert-list">
          {data.rows.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      ) : (
        <EmptyState compact>
          <p>{unreadOnly ? '没有未读消息' : '还没有消息。订阅匹配的新公告、变更和报名截止提醒会显示在这里。'}</p>
          <RouteLink to={`${PATH}?tab=subscriptions`}>管理订阅 ›</RouteLink>
        </EmptyState>
      )}
      <ListFooter
        total={data.total}
        shown={data.rows.length}
        paging={params}
        hrefFor={(pageNum, pageSize) => queryHref(PATH, { ...(unreadOnly ? { unread: 1 } : {}), pageNum, pageSize })}
      />
    </MemberSection>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const tab = readTab(search);
  const feeds = useHasCapability('feeds');
  return (
    <MemberPage title="消息提醒" intro="订阅匹配的新公告、公告变更和报名截止提醒；可按订阅推送到邮箱、RSS 阅读器或日历。">
      <nav className="member-tabs alerts-tabs" aria-label="消息提醒">
        {TABS.map((t) => (
          <RouteLink
            key={t.tab}
            to={t.tab === 'inbox' ? PATH : `${PATH}?tab=${t.tab}`}
            className={t.tab === tab ? 'member-tab is-active' : 'member-tab'}
            aria-current={t.tab === tab ? 'page' : undefined}
          >
            {t.label}
          </RouteLink>
        ))}
      </nav>
      {tab === 'inbox' ? <Inbox /> : tab === 'subscriptions' ? <SubscriptionList /> : <AlertDelivery feeds={feeds} />}
    </MemberPage>
  );
}
