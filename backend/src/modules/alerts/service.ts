/**
 * Alerts for the signed-in member (ext; docs/api.md "Alerts"): the inbox, subscriptions (checked
 * against the dictionaries and the search's keyword rule), mail settings and the feeds' token.
 */
import type { MatchMode } from '@shared/alerts/match';
import type { AlertItem, AlertSettings, EmailFrequency, Subscription } from '@shared/alerts/types';
import type { TableDataInfo } from '@shared/contract/common';
import type { Page } from '@shared/contract/fields';
import { DICT_TYPES } from '@shared/system/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { invalid, notFound } from '../../envelope';
import { PROVINCE } from '../../reference/regions';
import { runsOf } from '../../search/tokens';
import { dictEntries } from '../system/queries';
import { tokenDigest } from '../../one-time-token';
import { isConfirmed, MAIL_UNAVAILABLE, type AlertMailer } from './mail';
import * as q from './queries';

export const MAX_CODES = 20;
const MSG_SUBSCRIPTION_NOT_FOUND = '订阅不存在';
export const MSG_NEEDS_CONDITION = '请至少填写一个关键词或选择一个地区：只按公告类型或金额订阅会匹配全省几乎所有公告';

/** A subscription as the member writes it. */
export interface SubscriptionInput {
  name: string;
  keywords: string;
  matchMode: MatchMode;
  excludeWords: string;
  areaCodes: string[];
  noticeTypes: string[];
  amountMin?: number | null | undefined;
  amountMax?: number | null | undefined;
  enabled: boolean;
}

export function alertList(
  ctx: AppContext,
  memberId: number,
  query: Page & { kind?: AlertItem['kind'] | undefined; read?: boolean | undefined },
): TableDataInfo<AlertItem> {
  const result = pagedTable<q.AlertRow>(ctx.sql, q.alertList(memberId, query), query);
  return { ...result, rows: result.rows.map((row) => ({ ...row, read: row.read === 1 })) };
}

const split = (value: string) => (value === '' ? [] : value.split(','));

function subscriptionOf(row: q.SubscriptionRow): Subscription {
  return {
    ...row,
    areaCodes: split(row.areaCodes),
    noticeTypes: split(row.noticeTypes),
    enabled: row.enabled === 1,
  };
}

/** The member's subscription; another member's answers exactly as a missing one. */
function findSubscription(ctx: AppContext, memberId: number, id: number): Subscription {
  const row = q.findSubscription.get(ctx.sql, { memberId, id });
  if (!row) throw notFound(MSG_SUBSCRIPTION_NOT_FOUND);
  return subscriptionOf(row);
}

export const subscriptionsOf = (ctx: AppContext, memberId: number): Subscription[] =>
  q.subscriptionsOf.all(ctx.sql, { memberId }).map(subscriptionOf);

export const unreadCount = (ctx: AppContext, memberId: number): number => q.unreadCount.get(ctx.sql, { memberId })!.n;

/** Mark the member's alerts read, all of them or those of `ids`; returns how many changed. */
export const markRead = (ctx: AppContext, memberId: number, ids: readonly number[] | 'all'): number => q.markRead(ctx.sql, memberId, ids);

const dictValues = (ctx: AppContext, type: string) => new Set(dictEntries.all(ctx.sql, { type }).map((e) => e.value));

/** Checks what the schema cannot: codes exist, words have text, bounds are ordered, it selects something. */
function checkSubscription(ctx: AppContext, input: SubscriptionInput): void {
  const regions = dictValues(ctx, DICT_TYPES.region);
  if (!input.areaCodes.every((c) => regions.has(c))) throw invalid(`areaCodes 必须是地区编码的数组，最多 ${MAX_CODES} 个`);
  const types = dictValues(ctx, DICT_TYPES.zbNoticeType);
  if (!input.noticeTypes.every((c) => types.has(c))) throw invalid('noticeTypes 必须是公告类型编码的数组');
  if (input.keywords !== '' && runsOf(input.keywords).length === 0) throw invalid('keywords 必须包含文字或数字');
  if (input.excludeWords !== '' && runsOf(input.excludeWords).length === 0) throw invalid('excludeWords 必须包含文字或数字');
  const min = input.amountMin ?? null;
  const max = input.amountMax ?? null;
  if (min !== null && max !== null && min > max) throw invalid('amountMin 不能大于 amountMax');
  // Without a keyword or a region a subscription would alert every tender of the province (types
  // and amounts alone leave thousands a day).
  if (input.keywords === '' && input.areaCodes.every((code) => code === PROVINCE.code)) {
    throw invalid(MSG_NEEDS_CONDITION);
  }
}

const storedFields = (input: SubscriptionInput): q.SubscriptionFields => ({
  name: input.name,
  keywords: input.keywords.replace(/\s+/g, ' '),
  matchMode: input.matchMode,
  excludeWords: input.excludeWords.replace(/\s+/g, ' '),
  areaCodes: input.areaCodes.join(','),
  noticeTypes: input.noticeTypes.join(','),
  amountMin: input.amountMin ?? null,
  amountMax: input.amountMax ?? null,
  enabled: input.enabled ? 1 : 0,
});

export function addSubscription(ctx: AppContext, memberId: number, input: SubscriptionInput): Subscription {
  checkSubscription(ctx, input);
  return ctx.db.transaction(() => {
    ctx.quotas.ensureRoom(memberId, 'subscriptions');
    const id = Number(
      q.insertSubscription.run(ctx.sql, { ...storedFields(input), memberId, now: formatDateTime(ctx.clock()) }).lastInsertRowid,
    );
    return findSubscription(ctx, memberId, id);
  })();
}

export function updateSubscription(ctx: AppContext, memberId: number, id: number, input: SubscriptionInput): Subscription {
  findSubscription(ctx, memberId, id);
  checkSubscription(ctx, input);
  q.updateSubscription.run(ctx.sql, { ...storedFields(input), memberId, id });
  return findSubscription(ctx, memberId, id);
}

export function deleteSubscription(ctx: AppContext, memberId: number, id: number): void {
  if (q.deleteSubscription.run(ctx.sql, { memberId, id }).changes === 0) throw notFound(MSG_SUBSCRIPTION_NOT_FOUND);
}

export function mailSettings(ctx: AppContext, memberId: number, mailAvailable: boolean): AlertSettings {
  const row = q.mailSettings.get(ctx.sql, { memberId });
  const email = row?.email || row?.profileEmail || null;
  return {
    emailFrequency: row?.frequency ?? 'off',
    email,
    emailConfirmed: isConfirmed(email, row?.verified ?? null),
    mailAvailable,
    mailUnavailableReason: mailAvailable ? null : MAIL_UNAVAILABLE,
  };
}

/** What saving the settings did about confirming the address (routes.ts words it). */
export type ConfirmationOutcome = 'confirmed' | 'sent' | 'wait' | 'limited' | 'unavailable' | 'off';

/**
 * Save the frequency and, when given, the address (no `email` keeps the one set before; null falls
 * back to the profile's). Mail starts with the alerts from now on: turning it on does not send the
 * whole history. Mail on and the address not confirmed: a confirmation link is mailed to it.
 */
export async function saveMailSettings(
  ctx: AppContext,
  mailer: AlertMailer,
  memberId: number,
  input: { emailFrequency: EmailFrequency; email?: string | null | undefined },
  /** The portal origin the member is at (site-base.ts): their mail's links when SITE_URL is unset. */
  origin: string,
): Promise<{ settings: AlertSettings; confirmation: ConfirmationOutcome }> {
  const current = mailSettings(ctx, memberId, mailer.available);
  const stored = q.mailSettings.get(ctx.sql, { memberId });
  const email = input.email === undefined ? (stored?.email ?? null) : input.email;
  if (input.emailFrequency !== 'off' && !(email || stored?.profileEmail)) throw invalid('请填写接收提醒的邮箱地址');
  const now = formatDateTime(ctx.clock());
  const since = current.emailFrequency === 'off' && input.emailFrequency !== 'off' ? now : null;
  q.saveMailSettings.run(ctx.sql, { memberId, frequency: input.emailFrequency, email, since, origin });
  const settings = mailSettings(ctx, memberId, mailer.available);
  let confirmation: ConfirmationOutcome = settings.emailConfirmed ? 'confirmed' : 'off';
  if (settings.emailFrequency !== 'off' && !settings.emailConfirmed && settings.email) {
    confirmation = await mailer.sendConfirmation(memberId, settings.email);
  }
  return { settings, confirmation };
}

/** A confirmation link was opened: its address becomes the member's confirmed one. */
export function confirmAddress(ctx: AppContext, mailer: AlertMailer, token: string): string {
  const row = q.verificationOf.get(ctx.sql, { hash: tokenDigest(token) });
  if (!row || !mailer.confirmationValid(row.sentAt)) throw invalid(MSG_LINK_INVALID);
  q.confirmAddress.run(ctx.sql, { memberId: row.memberId, address: row.address });
  return row.address;
}

/** One-click unsubscribe: mail off for the token's member. */
export function unsubscribe(ctx: AppContext, token: string): void {
  if (q.unsubscribe.run(ctx.sql, { token }).changes === 0) throw invalid(MSG_LINK_INVALID);
}

export const MSG_LINK_INVALID = '链接无效或已过期，请在会员中心重新操作';
