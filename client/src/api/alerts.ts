/**
 * Member alerts (issue 12 §3; every call ext, capability `alerts`/`feeds`): the inbox, the unread
 * count, subscriptions, delivery settings and the private feed links. The types and paths are the
 * contract agreed with the alerts backend (docs/api.md "Alerts"); when that contract lands in
 * `shared/src/contract` and ENDPOINTS, these should read from there.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AckResult, AjaxResult, DateTimeString, TableDataInfo } from '@shared/contract/common';
import { toPaged, type Paged } from './content';
import type { Http } from './http';

export type AlertKind = 'new' | 'changed' | 'deadline';

export interface AlertItem {
  id: number;
  kind: AlertKind;
  contentType: 'zb' | 'xmk';
  contentId: number;
  title: string;
  read: boolean;
  createTime: DateTimeString;
  /** Which subscription matched, which fields changed, or 报名截止：… */
  detail?: string | null;
}

export interface Subscription {
  id: number;
  name: string;
  /** space separated */
  keywords: string;
  excludeWords: string;
  areaCodes: string[];
  /** dict cms_zb_notice_type values */
  noticeTypes: string[];
  /** 万元 */
  amountMin: number | null;
  amountMax: number | null;
  enabled: boolean;
  createTime: DateTimeString;
}

export type SubscriptionBody = Omit<Subscription, 'id' | 'createTime'>;

export type EmailFrequency = 'immediate' | 'daily' | 'off';

export interface AlertSettings {
  emailFrequency: EmailFrequency;
  email: string | null;
  mailAvailable: boolean;
  mailUnavailableReason: string | null;
}

/** Root-relative portal paths (`/feeds/<token>.atom`); the page makes them absolute. */
export interface FeedLinks {
  atom: string;
  ics: string;
}

export interface AlertListParams {
  pageNum?: number;
  pageSize?: number;
  kind?: AlertKind;
  read?: boolean;
}

export const ALERT_PATHS = {
  list: '/cms/alerts/list',
  unread: '/cms/alerts/unread',
  read: '/cms/alerts/read',
  subscriptions: '/cms/alerts/subscriptions',
  settings: '/cms/alerts/settings',
  feeds: '/cms/alerts/feeds',
  feedsReset: '/cms/alerts/feeds/reset',
} as const;

export const alertKeys = {
  all: ['alerts'] as const,
  list: (params: AlertListParams) => [...alertKeys.all, 'list', params] as const,
  unread: () => [...alertKeys.all, 'unread'] as const,
  subscriptions: () => [...alertKeys.all, 'subscriptions'] as const,
  settings: () => [...alertKeys.all, 'settings'] as const,
  feeds: () => [...alertKeys.all, 'feeds'] as const,
};

export const alertListQueryOptions = (http: Http, params: AlertListParams) =>
  queryOptions({
    queryKey: alertKeys.list(params),
    queryFn: async (): Promise<Paged<AlertItem>> => toPaged(await http.get<TableDataInfo<AlertItem>>(ALERT_PATHS.list, { params })),
  });

export const unreadQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.unread(),
    // Quiet: a badge that cannot be refreshed is not worth an error toast.
    queryFn: async () => (await http.get<AjaxResult<number>>(ALERT_PATHS.unread, { notify: false })).data,
  });

/** PUT /cms/alerts/read — some alerts, or all of them; answers how many were marked. */
export async function markAlertsRead(http: Http, body: { ids: number[] } | { all: true }): Promise<number> {
  return (await http.put<AjaxResult<number>>(ALERT_PATHS.read, body, { notify: false })).data;
}

export const subscriptionsQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.subscriptions(),
    queryFn: async () => (await http.get<AjaxResult<Subscription[]>>(ALERT_PATHS.subscriptions)).data,
  });

export async function saveSubscription(http: Http, id: number | null, body: SubscriptionBody): Promise<Subscription> {
  const options = { notify: false };
  const result =
    id === null
      ? await http.post<AjaxResult<Subscription>>(ALERT_PATHS.subscriptions, body, options)
      : await http.put<AjaxResult<Subscription>>(`${ALERT_PATHS.subscriptions}/${id}`, body, options);
  return result.data;
}

export async function deleteSubscription(http: Http, id: number): Promise<void> {
  await http.delete<AckResult>(`${ALERT_PATHS.subscriptions}/${id}`);
}

export const alertSettingsQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.settings(),
    queryFn: async () => (await http.get<AjaxResult<AlertSettings>>(ALERT_PATHS.settings)).data,
  });

export async function saveAlertSettings(http: Http, body: { emailFrequency: EmailFrequency; email: string | null }): Promise<AlertSettings> {
  return (await http.put<AjaxResult<AlertSettings>>(ALERT_PATHS.settings, body, { notify: false })).data;
}

export const feedLinksQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.feeds(),
    queryFn: async () => (await http.get<AjaxResult<FeedLinks>>(ALERT_PATHS.feeds)).data,
  });

export async function resetFeedLinks(http: Http): Promise<FeedLinks> {
  return (await http.put<AjaxResult<FeedLinks>>(ALERT_PATHS.feedsReset, {})).data;
}
