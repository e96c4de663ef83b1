/**
 * Response schemas of the alert calls, keyed like ALERT_ENDPOINTS. The member handlers read their
 * bodies with the schemas in the backend's alerts module.
 */
import { ack, ajax, tableOf, type SchemasOf } from '../contract/envelopes';
import { idParams } from '../contract/fields';
import type { ALERT_ENDPOINTS } from './endpoints';
import type { AlertFeeds, AlertItem, AlertSettings, Subscription } from './types';

export const ALERT_SCHEMAS = {
  alertList: { response: tableOf<AlertItem>() },
  alertUnread: { response: ajax<number>() },
  alertRead: { response: ajax<number>() },
  alertSubscriptions: { response: ajax<Subscription[]>() },
  alertSubscriptionAdd: { response: ajax<Subscription>() },
  alertSubscriptionUpdate: { params: idParams, response: ajax<Subscription>() },
  alertSubscriptionDelete: { params: idParams, response: ack },
  alertSettings: { response: ajax<AlertSettings>() },
  alertSettingsUpdate: { response: ajax<AlertSettings>() },
  mailConfirm: { response: ajax<string>() },
  mailUnsubscribe: { response: ack },
  alertFeeds: { response: ajax<AlertFeeds>() },
  alertFeedsReset: { response: ajax<AlertFeeds>() },
} as const satisfies SchemasOf<typeof ALERT_ENDPOINTS>;
