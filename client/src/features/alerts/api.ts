/**
 * Member alerts (every call ext, capability `alerts`/`feeds`): the inbox, the unread
 * count, subscriptions, delivery settings and the private feed links (shared/src/contract/alerts.ts,
 * docs/api.md "Alerts").
 */
import { queryOptions } from '@tanstack/react-query';
import type { AlertFeeds, SubscriptionInput } from '@shared/alerts/types';
import { ALERT_ENDPOINTS } from '@shared/alerts/endpoints';
import { toPaged, type Paged } from '../../lib/http/paged';
import type { Http } from '../../lib/http/http';

export type { AlertItem, AlertKind, AlertSettings, EmailFrequency, Subscription } from '@shared/alerts/types';
import type { AlertItem, AlertKind, AlertSettings, EmailFrequency, Subscription } from '@shared/alerts/types';

export type SubscriptionBody = SubscriptionInput;
/** Root-relative portal paths (`/feeds/<token>.atom`); the page makes them absolute. */
export type FeedLinks = AlertFeeds;

export interface AlertListParams {
  pageNum?: number;
  pageSize?: number;
  kind?: AlertKind;
  read?: boolean;
}

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
    queryFn: async (): Promise<Paged<AlertItem>> => toPaged(await http.call(ALERT_ENDPOINTS.alertList, { params })),
  });

export const unreadQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.unread(),
    // Quiet: a badge that cannot be refreshed is not worth an error toast.
    queryFn: async () => (await http.call(ALERT_ENDPOINTS.alertUnread, { notify: false })).data,
  });

/** PUT /cms/alerts/read — some alerts, or all of them; answers how many were marked. */
export async function markAlertsRead(http: Http, body: { ids: number[] } | { all: true }): Promise<number> {
  return (await http.call(ALERT_ENDPOINTS.alertRead, { data: body, notify: false })).data;
}

export const subscriptionsQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.subscriptions(),
    queryFn: async () => (await http.call(ALERT_ENDPOINTS.alertSubscriptions)).data,
  });

export async function saveSubscription(http: Http, id: number | null, body: SubscriptionBody): Promise<Subscription> {
  const options = { notify: false };
  const result =
    id === null
      ? await http.call(ALERT_ENDPOINTS.alertSubscriptionAdd, { data: body, ...options })
      : await http.call(ALERT_ENDPOINTS.alertSubscriptionUpdate, { path: { id }, data: body, ...options });
  return result.data;
}

export async function deleteSubscription(http: Http, id: number): Promise<void> {
  await http.call(ALERT_ENDPOINTS.alertSubscriptionDelete, { path: { id } });
}

export const alertSettingsQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.settings(),
    queryFn: async () => (await http.call(ALERT_ENDPOINTS.alertSettings)).data,
  });

/** PUT /cms/alerts/settings — the saved settings, and the backend's words on confirming the address. */
export async function saveAlertSettings(
  http: Http,
  body: { emailFrequency: EmailFrequency; email: string | null },
): Promise<{ settings: AlertSettings; msg: string }> {
  const answer = await http.call(ALERT_ENDPOINTS.alertSettingsUpdate, { data: body, notify: false });
  return { settings: answer.data, msg: answer.msg };
}

/** POST /api/ext/mail/confirm — a confirmation link's token; answers the confirmed address's message. */
export async function confirmMailAddress(http: Http, token: string): Promise<string> {
  return (await http.call(ALERT_ENDPOINTS.mailConfirm, { data: { token }, notify: false })).msg;
}

/** POST /api/ext/mail/unsubscribe — an unsubscribe link's token. */
export async function unsubscribeMail(http: Http, token: string): Promise<string> {
  return (await http.call(ALERT_ENDPOINTS.mailUnsubscribe, { data: { token }, notify: false })).msg;
}

export const feedLinksQueryOptions = (http: Http) =>
  queryOptions({
    queryKey: alertKeys.feeds(),
    queryFn: async () => (await http.call(ALERT_ENDPOINTS.alertFeeds)).data,
  });

export async function resetFeedLinks(http: Http): Promise<FeedLinks> {
  return (await http.call(ALERT_ENDPOINTS.alertFeedsReset, { data: {} })).data;
}
