/**
 * Alerts (ext; docs/api.md "Alerts"): the HTTP side of service.ts — the inbox, subscriptions, mail
 * settings and the feeds' token, all for the signed-in member — and the feed bodies, served
 * publicly by token outside the JSON envelope.
 */
import type { Express, Request } from 'express';
import { z } from 'zod';
import { DEFAULT_MATCH_MODE, MATCH_MODES, SUBSCRIPTION_TEXT_MAX } from '@shared/alerts/match';
import type { AlertFeeds, AlertItem, AlertSettings, Subscription } from '@shared/alerts/types';
import { FEED_BODY_ROUTE, feedPortalPath, feedPortalPaths, parseFeedFile } from '@shared/alerts/feeds';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import {
  body,
  booleanValue,
  codeArray,
  decimal,
  matching,
  nullable,
  oneOf,
  optional,
  optionalValue,
  pageFields,
  pathId,
  required,
  text,
} from '@shared/contract/fields';
import type { AppContext } from '../../context';
import { invalid, success, unknownPath } from '../../envelope';
import { parseInput, type Routes } from '../../routing';
import { siteBase } from '../../site-base';
import { atomFeed, feedToken, icsFeed, memberOfFeedToken, resetFeedToken } from './feeds';
import { isOneTimeToken } from '@shared/one-time-token';
import { MAIL_UNAVAILABLE, type AlertMailer } from './mail';
import * as alerts from './service';
import { MAX_CODES } from './service';

const KINDS = ['new', 'changed', 'deadline'] as const;
const FREQUENCIES = ['immediate', 'daily', 'off'] as const;
const MAX_READ_IDS = 500;
const AMOUNT_MAX = 100_000_000;
const EMAIL = /^[^\s@<>"'\\]+@[^\s@<>"'\\]+\.[^\s@<>"'\\]+$/;

const listQuery = z.object({
  ...pageFields,
  kind: optional('kind 必须是 new、changed 或 deadline', oneOf(KINDS)),
  read: optional('read 必须是 true 或 false', booleanValue()),
});

const MSG_READ = `请传 ids（最多 ${MAX_READ_IDS} 个正整数）或 all: true`;
const readBody = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_READ_IDS) }).strict(),
]);

const MSG_AMOUNT = 'amountMin 和 amountMax 必须是 0 到 100000000 的数字（万元），或 null';
const subscriptionBody = body({
  name: required(`name 必须是 1 到 ${SUBSCRIPTION_TEXT_MAX.name} 个字符`, text(1, SUBSCRIPTION_TEXT_MAX.name)),
  keywords: optionalValue(
    `keywords 不能超过 ${SUBSCRIPTION_TEXT_MAX.words} 个字符（多个关键词用空格分隔）`,
    text(0, SUBSCRIPTION_TEXT_MAX.words),
    '',
  ),
  matchMode: optional('matchMode 必须是 any 或 all', oneOf(MATCH_MODES), DEFAULT_MATCH_MODE),
  excludeWords: optionalValue(
    `excludeWords 不能超过 ${SUBSCRIPTION_TEXT_MAX.words} 个字符（多个词用空格分隔）`,
    text(0, SUBSCRIPTION_TEXT_MAX.words),
    '',
  ),
  areaCodes: optionalValue(`areaCodes 必须是地区编码的数组，最多 ${MAX_CODES} 个`, codeArray(MAX_CODES), []),
  noticeTypes: optionalValue('noticeTypes 必须是公告类型编码的数组', codeArray(MAX_CODES), []),
  amountMin: nullable(MSG_AMOUNT, decimal(0, AMOUNT_MAX, 'body')),
  amountMax: nullable(MSG_AMOUNT, decimal(0, AMOUNT_MAX, 'body')),
  enabled: optional('enabled 必须是 true 或 false', booleanValue('body'), true),
});

const settingsBody = body({
  emailFrequency: required('emailFrequency 必须是 immediate、daily 或 off', oneOf(FREQUENCIES)),
  email: nullable('email 必须是有效的邮箱地址', matching(EMAIL, 254)),
});

export interface AlertRouteDeps {
  /** Alert mail (sends nothing without SMTP_URL). */
  mailer: AlertMailer;
}

const tokenBody = z.object({ token: z.unknown() });
/** A mail link's token, from the body (the confirm page) or the query (a one-click unsubscribe, RFC 8058). */
function linkToken(req: Request): string {
  const parsed = tokenBody.safeParse(req.body);
  const token = (parsed.success ? parsed.data.token : undefined) ?? req.query['token'];
  if (!isOneTimeToken(token)) throw invalid(alerts.MSG_LINK_INVALID);
  return token;
}

const CONFIRMATION_MESSAGES: Record<alerts.ConfirmationOutcome, (email: string) => string> = {
  confirmed: () => '设置已保存',
  off: () => '设置已保存',
  sent: (email) => `设置已保存。确认邮件已发送到 ${email}，打开邮件中的链接后开始发送提醒`,
  wait: (email) => `设置已保存。确认邮件几分钟前已发送到 ${email}，请查收（含垃圾邮件箱）`,
  limited: (email) => `设置已保存，但 ${email} 今天收到的确认邮件已达上限，请明天再试`,
  unavailable: () => `设置已保存，但${MAIL_UNAVAILABLE}，暂不会发送邮件`,
};

export function registerAlertRoutes(routes: Routes, ctx: AppContext, deps: AlertRouteDeps): void {
  routes.member(ENDPOINTS.alertList, (req, session): TableDataInfo<AlertItem> =>
    alerts.alertList(ctx, session.memberId, parseInput(listQuery, req.query)),
  );

  routes.member(ENDPOINTS.alertUnread, (_req, session): AjaxResult<number> => success(alerts.unreadCount(ctx, session.memberId)));

  routes.member(ENDPOINTS.alertRead, (req, session): AjaxResult<number> => {
    ctx.quotas.takeWrite(session.memberId);
    const parsed = readBody.safeParse(req.body);
    if (!parsed.success) throw invalid(MSG_READ);
    return success(alerts.markRead(ctx, session.memberId, 'all' in parsed.data ? 'all' : parsed.data.ids), '已标记为已读');
  });

  routes.member(ENDPOINTS.alertSubscriptions, (_req, session): AjaxResult<Subscription[]> =>
    success(alerts.subscriptionsOf(ctx, session.memberId)),
  );

  routes.member(ENDPOINTS.alertSubscriptionAdd, (req, session): AjaxResult<Subscription> => {
    ctx.quotas.takeWrite(session.memberId);
    return success(alerts.addSubscription(ctx, session.memberId, parseInput(subscriptionBody, req.body)), '订阅已添加');
  });

  routes.member(ENDPOINTS.alertSubscriptionUpdate, (req, session): AjaxResult<Subscription> => {
    ctx.quotas.takeWrite(session.memberId);
    const { id } = parseInput(z.object({ id: pathId('id') }), req.params);
    return success(alerts.updateSubscription(ctx, session.memberId, id, parseInput(subscriptionBody, req.body)), '订阅已保存');
  });

  routes.member(ENDPOINTS.alertSubscriptionDelete, (req, session) => {
    ctx.quotas.takeWrite(session.memberId);
    const { id } = parseInput(z.object({ id: pathId('id') }), req.params);
    alerts.deleteSubscription(ctx, session.memberId, id);
    return success(null, '订阅已删除');
  });

  routes.member(ENDPOINTS.alertSettings, (_req, session): AjaxResult<AlertSettings> =>
    success(alerts.mailSettings(ctx, session.memberId, deps.mailer.available)),
  );

  routes.member(ENDPOINTS.alertSettingsUpdate, async (req, session): Promise<AjaxResult<AlertSettings>> => {
    ctx.quotas.takeWrite(session.memberId);
    const input = parseInput(settingsBody, req.body);
    const origin = siteBase(ctx.config, req);
    const { settings, confirmation } = await alerts.saveMailSettings(ctx, deps.mailer, session.memberId, input, origin);
    return success(settings, CONFIRMATION_MESSAGES[confirmation](settings.email ?? ''));
  });

  routes.open(ENDPOINTS.mailConfirm, (req): AjaxResult<string> => {
    const address = alerts.confirmAddress(ctx, deps.mailer, linkToken(req));
    return success(address, `邮箱 ${address} 已确认，提醒邮件将发送到这里`);
  });

  routes.open(ENDPOINTS.mailUnsubscribe, (req) => {
    alerts.unsubscribe(ctx, linkToken(req));
    return success(null, '已退订提醒邮件，可随时在会员中心重新开启');
  });

  routes.member(ENDPOINTS.alertFeeds, (_req, session): AjaxResult<AlertFeeds> =>
    success(feedPortalPaths(feedToken(ctx.sql, session.memberId))),
  );

  routes.member(ENDPOINTS.alertFeedsReset, (_req, session): AjaxResult<AlertFeeds> => {
    ctx.quotas.takeWrite(session.memberId);
    return success(feedPortalPaths(resetFeedToken(ctx.sql, session.memberId)), '订阅地址已重置，旧地址已失效');
  });
}

/**
 * `GET /api/ext/feeds/{token}.atom|.ics`: public, the token is the credential. Not in ENDPOINTS
 * (its bodies are Atom and iCalendar, not the envelope); an unknown token answers the ordinary 404.
 */
export function registerFeedBodies(app: Express, ctx: AppContext): void {
  app.get(FEED_BODY_ROUTE, (req, res, next) => {
    const feed = parseFeedFile(String(req.params.file));
    const memberId = feed ? memberOfFeedToken(ctx.sql, feed.token) : null;
    if (!feed || memberId === null) {
      unknownPath(req, res, next);
      return;
    }
    const base = siteBase(ctx.config, req);
    const now = ctx.clock();
    res.set('Cache-Control', 'private, max-age=300');
    res.set('X-Robots-Tag', 'noindex');
    if (feed.format === 'atom') {
      res.type('application/atom+xml; charset=utf-8').send(atomFeed(ctx.sql, memberId, base, feedPortalPath(feed.token, 'atom'), now));
    } else {
      res.type('text/calendar; charset=utf-8').send(icsFeed(ctx.sql, memberId, base, now));
    }
  });
}
