/** Member alerts (ext, docs/api.md "Alerts"): the inbox, subscriptions, e-mail settings and private feeds. */
import { endpoints } from '../contract/endpoint';

export const ALERT_ENDPOINTS = endpoints({
  alertList: { method: 'GET', path: '/cms/alerts/list', auth: 'member', ext: true, feature: 'alerts' },
  alertUnread: { method: 'GET', path: '/cms/alerts/unread', auth: 'member', ext: true, feature: 'alerts' },
  alertRead: { method: 'PUT', path: '/cms/alerts/read', auth: 'member', ext: true, feature: 'alerts' },
  alertSubscriptions: { method: 'GET', path: '/cms/alerts/subscriptions', auth: 'member', ext: true, feature: 'alerts' },
  alertSubscriptionAdd: { method: 'POST', path: '/cms/alerts/subscriptions', auth: 'member', ext: true, feature: 'alerts' },
  alertSubscriptionUpdate: { method: 'PUT', path: '/cms/alerts/subscriptions/:id', auth: 'member', ext: true, feature: 'alerts' },
  alertSubscriptionDelete: { method: 'DELETE', path: '/cms/alerts/subscriptions/:id', auth: 'member', ext: true, feature: 'alerts' },
  alertSettings: { method: 'GET', path: '/cms/alerts/settings', auth: 'member', ext: true, feature: 'alerts' },
  alertSettingsUpdate: { method: 'PUT', path: '/cms/alerts/settings', auth: 'member', ext: true, feature: 'alerts' },
  mailConfirm: { method: 'POST', path: '/api/ext/mail/confirm', auth: 'public', ext: true, feature: 'alerts' },
  mailUnsubscribe: { method: 'POST', path: '/api/ext/mail/unsubscribe', auth: 'public', ext: true, feature: 'alerts' },
  alertFeeds: { method: 'GET', path: '/cms/alerts/feeds', auth: 'member', ext: true, feature: 'feeds' },
  alertFeedsReset: { method: 'PUT', path: '/cms/alerts/feeds/reset', auth: 'member', ext: true, feature: 'feeds' },
});
