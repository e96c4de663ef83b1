/**
 * 消息提醒 on the phone: the inbox's first 20 alerts (`?unread=1`: the unread ones); opening an
 * alert marks it read. Subscriptions are on 我的订阅 (m-subscriptions-page); delivery on the desktop page.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { mobileDetailPath } from '@shared/content/paths';
import { MOBILE_PATHS } from '@shared/routes';
import { parseTime } from '@shared/time';
import { FIRST_PAGE, MobileMemberPage } from '../../../components/mobile/m-member-page';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { ALERT_KIND_LABELS, useAlertRow, useMarkAlertsRead } from '../alert-inbox';
import { alertListQueryOptions, type AlertItem } from '../api';

const alertParams = (search: URLSearchParams) => ({ ...FIRST_PAGE, ...(search.get('unread') === '1' ? { read: false } : {}) });

export function load({ deps, url }: PageLoadArgs) {
  return deps.queryClient.fetchQuery({ ...alertListQueryOptions(deps.http, alertParams(url.searchParams)), staleTime: 0 });
}

function AlertRow({ alert }: { alert: AlertItem }) {
  const href = mobileDetailPath(alert.contentType, alert.contentId);
  const { open } = useAlertRow(alert, href);
  return (
    <li className={alert.read ? 'm-row' : 'm-row is-unread'}>
      <RouteLink to={href} className="m-row-link" onClick={open}>
        <span className="m-row-title">
          {alert.read ? null : <span className="m-dot" aria-label="未读" />}
          {alert.title}
        </span>
        {alert.detail ? <span className="m-row-detail">{alert.detail}</span> : null}
        <span className="m-row-meta">
          <span className={`m-tag m-tag-${alert.kind}`}>{ALERT_KIND_LABELS[alert.kind]}</span>
          <time dateTime={alert.createTime}>{parseTime(alert.createTime, 'YYYY-MM-DD HH:mm')}</time>
        </span>
      </RouteLink>
    </li>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const params = alertParams(search);
  const { rows, total } = useSuspenseQuery(alertListQueryOptions(useHttp(), params)).data;
  const unreadOnly = params.read === false;
  const mark = useMarkAlertsRead();
  return (
    <MobileMemberPage title="消息提醒" desktop="/user/alerts">
      <div className="m-toolbar">
        <p className="m-count">{unreadOnly ? `未读 ${total} 条` : `共 ${total} 条`}</p>
        <RouteLink className="m-toolbar-link" to={MOBILE_PATHS.subscriptions}>
          我的订阅
        </RouteLink>
        <RouteLink className="m-toolbar-link" to={unreadOnly ? MOBILE_PATHS.alerts : `${MOBILE_PATHS.alerts}?unread=1`}>
          {unreadOnly ? '查看全部' : '只看未读'}
        </RouteLink>
      </div>
      {rows.length === 0 ? (
        <p className="m-empty">{unreadOnly ? '没有未读消息' : '还没有消息。订阅匹配的新公告、变更和截止提醒会显示在这里'}</p>
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
    </MobileMemberPage>
  );
}
