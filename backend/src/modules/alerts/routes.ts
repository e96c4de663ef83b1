/**
 * Alerts (issue 12 part 3, ext; docs/api.md "Alerts"): the inbox, subscriptions, mail settings and
 * the feeds' token, all for the signed-in member; the capabilities call; and the feed bodies, served
 * publicly by token outside the JSON envelope.
 */
import type { Express, Request } from 'express';
import { z } from 'zod';
import type { AlertFeeds, AlertItem, AlertSettings, EmailFrequency, Subscription } from '@shared/alerts/types';
import { FEED_BODY_ROUTE, feedPortalPath, feedPortalPaths, parseFeedFile } from '@shared/alerts/feeds';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { DICT_TYPES } from '@shared/system/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import type { Statements } from '../../db/connection';
import { pagedTable } from '../../db/paging';
import { invalid, notFound, success, unknownPath } from '../../envelope';
import type { Routes } from '../../routing';
import { runsOf } from '../../search/tokens';
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
import { parseInput } from '../../routing';
import { ALERT_COLUMNS_SQL, ALERT_FROM_SQL } from './matching';
import { atomFeed, feedToken, icsFeed, memberOfFeedToken, resetFeedToken } from './feeds';
import { MAIL_UNAVAILABLE, type AlertMailer } from './service';

const KINDS = ['new', 'changed', 'deadline'] as const;
const FREQUENCIES = ['immediate', 'daily', 'off'] as const;
const MAX_CODES = 20;
const MAX_READ_IDS = 500;
const AMOUNT_MAX = 100_000_000;
const EMAIL = /^[^\s@<>"'\\]+@[^\s@<>"'\\]+\.[^\s@<>"'\\]+$/;
const MSG_SUBSCRIPTION_NOT_FOUND = '订阅不存在';

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
  name: required('name 必须是 1 到 20 个字符', text(1, 20)),
  keywords: optionalValue('keywords 不能超过 50 个字符（多个关键词用空格分隔）', text(0, 50), ''),
  excludeWords: optionalValue('excludeWords 不能超过 50 个字符（多个词用空格分隔）', text(0, 50), ''),
  areaCodes: optionalValue(`areaCodes 必须是地区编码的数组，最多 ${MAX_CODES} 个`, codeArray(MAX_CODES), []),
  noticeTypes: optionalValue('noticeTypes 必须是公告类型编码的数组', codeArray(MAX_CODES), []),
  amountMin: nullable(MSG_AMOUNT, decimal(0, AMOUNT_MAX, 'body')),
  amountMax: nullable(MSG_AMOUNT, decimal(0, AMOUNT_MAX, 'body')),
  enabled: optional('enabled 必须是 true 或 false', booleanValue('body'), true),
});
type SubscriptionBody = z.output<typeof subscriptionBody>;

const settingsBody = body({
  emailFrequency: required('emailFrequency 必须是 immediate、daily 或 off', oneOf(FREQUENCIES)),
  email: nullable('email 必须是有效的邮箱地址', matching(EMAIL, 254)),
});

interface SubscriptionRow {
  id: number;
  name: string;
  keywords: string;
  excludeWords: string;
  areaCodes: string;
  noticeTypes: string;
  amountMin: number | null;
  amountMax: number | null;
  enabled: 0 | 1;
  createTime: string;
}

const SUBSCRIPTION_COLUMNS = `id, name, keywords, exclude_words AS excludeWords, area_codes AS areaCodes,
  notice_types AS noticeTypes, amount_min AS amountMin, amount_max AS amountMax, enabled, create_time AS createTime`;

const split = (value: string) => (value === '' ? [] : value.split(','));

function subscriptionOf(row: SubscriptionRow): Subscription {
  return {
    ...row,
    areaCodes: split(row.areaCodes),
    noticeTypes: split(row.noticeTypes),
    enabled: row.enabled === 1,
  };
}

function findSubscription(sql: Statements, memberId: number, id: number): Subscription {
  const row = sql
    .get<[number, number], SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM alert_subscription WHERE id = ? AND member_id = ?`)
    .get(id, memberId);
  // Another member's subscription answers exactly as a missing one.
  if (!row) throw notFound(MSG_SUBSCRIPTION_NOT_FOUND);
  return subscriptionOf(row);
}

function dictValues(sql: Statements, type: string): Set<string> {
  return new Set(
    sql
      .get<[string], { v: string }>('SELECT dict_value AS v FROM sys_dict_data WHERE dict_type = ?')
      .all(type)
      .map((r) => r.v),
  );
}

/** Checks what the schema cannot: codes exist, words have text, bounds are ordered, it selects something. */
function checkSubscription(sql: Statements, input: SubscriptionBody): void {
  const regions = dictValues(sql, DICT_TYPES.region);
  if (!input.areaCodes.every((c) => regions.has(c))) throw invalid(`areaCodes 必须是地区编码的数组，最多 ${MAX_CODES} 个`);
  const types = dictValues(sql, DICT_TYPES.zbNoticeType);
  if (!input.noticeTypes.every((c) => types.has(c))) throw invalid('noticeTypes 必须是公告类型编码的数组');
  if (input.keywords !== '' && runsOf(input.keywords).length === 0) throw invalid('keywords 必须包含文字或数字');
  if (input.excludeWords !== '' && runsOf(input.excludeWords).length === 0) throw invalid('excludeWords 必须包含文字或数字');
  const min = input.amountMin ?? null;
  const max = input.amountMax ?? null;
  if (min !== null && max !== null && min > max) throw invalid('amountMin 不能大于 amountMax');
  // A subscription without any condition would alert every tender of the province.
  if (input.keywords === '' && input.areaCodes.length === 0 && input.noticeTypes.length === 0 && min === null && max === null) {
    throw invalid('请至少设置关键词、地区、公告类型或金额中的一项');
  }
}

const subscriptionParams = (input: SubscriptionBody) => ({
  name: input.name,
  keywords: input.keywords.replace(/\s+/g, ' '),
  excludeWords: input.excludeWords.replace(/\s+/g, ' '),
  areaCodes: input.areaCodes.join(','),
  noticeTypes: input.noticeTypes.join(','),
  amountMin: input.amountMin ?? null,
  amountMax: input.amountMax ?? null,
  enabled: input.enabled ? 1 : 0,
});

interface SettingRow {
  frequency: EmailFrequency;
  email: string | null;
  profileEmail: string;
}

export interface AlertRouteDeps {
  mailer: AlertMailer;
}

export function registerAlertRoutes(routes: Routes, ctx: AppContext, deps: AlertRouteDeps): void {
  const { sql, db } = ctx;

  routes.member(ENDPOINTS.alertList, (req, session): TableDataInfo<AlertItem> => {
    const q = parseInput(listQuery, req.query);
    const conditions = ['i.member_id = ?'];
    const params: (string | number)[] = [session.memberId];
    if (q.kind) {
      conditions.push('a.kind = ?');
      params.push(q.kind);
    }
    if (q.read !== undefined) {
      conditions.push('i.is_read = ?');
      params.push(q.read ? 1 : 0);
    }
    const where = conditions.join(' AND ');
    const result = pagedTable<Omit<AlertItem, 'read'> & { read: 0 | 1 }>(
      sql,
      {
        count: `SELECT count(*) AS n FROM ${ALERT_FROM_SQL} WHERE ${where}`,
        rows: `SELECT ${ALERT_COLUMNS_SQL} FROM ${ALERT_FROM_SQL} WHERE ${where} ORDER BY i.event_id DESC LIMIT ? OFFSET ?`,
        params,
      },
      q,
    );
    return { ...result, rows: result.rows.map((row) => ({ ...row, read: row.read === 1 })) };
  });

  routes.member(ENDPOINTS.alertUnread, (_req, session): AjaxResult<number> =>
    success(
      sql.get<[number], { n: number }>('SELECT count(*) AS n FROM alert_inbox WHERE member_id = ? AND is_read = 0').get(session.memberId)!
        .n,
    ),
  );

  routes.member(ENDPOINTS.alertRead, (req, session): AjaxResult<number> => {
    ctx.quotas.takeWrite(session.memberId);
    const parsed = readBody.safeParse(req.body);
    if (!parsed.success) throw invalid(MSG_READ);
    const marked =
      'all' in parsed.data
        ? sql.get('UPDATE alert_inbox SET is_read = 1 WHERE member_id = ? AND is_read = 0').run(session.memberId).changes
        : sql
            .get('UPDATE alert_inbox SET is_read = 1 WHERE member_id = ? AND is_read = 0 AND event_id IN (SELECT value FROM json_each(?))')
            .run(session.memberId, JSON.stringify(parsed.data.ids)).changes;
    return success(marked, '已标记为已读');
  });

  routes.member(ENDPOINTS.alertSubscriptions, (_req, session): AjaxResult<Subscription[]> =>
    success(
      sql
        .get<[number], SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM alert_subscription WHERE member_id = ? ORDER BY id`)
        .all(session.memberId)
        .map(subscriptionOf),
    ),
  );

  routes.member(ENDPOINTS.alertSubscriptionAdd, (req, session): AjaxResult<Subscription> => {
    ctx.quotas.takeWrite(session.memberId);
    const input = parseInput(subscriptionBody, req.body);
    checkSubscription(sql, input);
    return db.transaction(() => {
      ctx.quotas.ensureRoom(session.memberId, 'subscriptions');
      const id = Number(
        sql
          .get(
            `INSERT INTO alert_subscription (member_id, name, keywords, exclude_words, area_codes, notice_types, amount_min,
               amount_max, enabled, create_time)
             VALUES (@memberId, @name, @keywords, @excludeWords, @areaCodes, @noticeTypes, @amountMin, @amountMax, @enabled, @now)`,
          )
          .run({ ...subscriptionParams(input), memberId: session.memberId, now: formatDateTime(ctx.clock()) }).lastInsertRowid,
      );
      return success(findSubscription(sql, session.memberId, id), '订阅已添加');
    })();
  });

  routes.member(ENDPOINTS.alertSubscriptionUpdate, (req, session): AjaxResult<Subscription> => {
    ctx.quotas.takeWrite(session.memberId);
    const { id } = parseInput(z.object({ id: pathId('id') }), req.params);
    const input = parseInput(subscriptionBody, req.body);
    findSubscription(sql, session.memberId, id);
    checkSubscription(sql, input);
    sql
      .get(
        `UPDATE alert_subscription SET name = @name, keywords = @keywords, exclude_words = @excludeWords,
           area_codes = @areaCodes, notice_types = @noticeTypes, amount_min = @amountMin, amount_max = @amountMax,
           enabled = @enabled
         WHERE id = @id AND member_id = @memberId`,
      )
      .run({ ...subscriptionParams(input), id, memberId: session.memberId });
    return success(findSubscription(sql, session.memberId, id), '订阅已保存');
  });

  routes.member(ENDPOINTS.alertSubscriptionDelete, (req, session) => {
    ctx.quotas.takeWrite(session.memberId);
    const { id } = parseInput(z.object({ id: pathId('id') }), req.params);
    const removed = sql.get('DELETE FROM alert_subscription WHERE id = ? AND member_id = ?').run(id, session.memberId).changes;
    if (removed === 0) throw notFound(MSG_SUBSCRIPTION_NOT_FOUND);
    return success(null, '订阅已删除');
  });

  const settingsOf = (memberId: number): AlertSettings => {
    const row = sql
      .get<[number], SettingRow>(
        `SELECT coalesce(s.email_frequency, 'off') AS frequency, s.email, m.email AS profileEmail
         FROM member m LEFT JOIN alert_setting s ON s.member_id = m.id WHERE m.id = ?`,
      )
      .get(memberId);
    return {
      emailFrequency: row?.frequency ?? 'off',
      email: row?.email || row?.profileEmail || null,
      mailAvailable: deps.mailer.available,
      mailUnavailableReason: deps.mailer.available ? null : MAIL_UNAVAILABLE,
    };
  };

  routes.member(ENDPOINTS.alertSettings, (_req, session): AjaxResult<AlertSettings> => success(settingsOf(session.memberId)));

  routes.member(ENDPOINTS.alertSettingsUpdate, (req, session): AjaxResult<AlertSettings> => {
    ctx.quotas.takeWrite(session.memberId);
    const input = parseInput(settingsBody, req.body);
    const current = settingsOf(session.memberId);
    // No `email` in the body keeps the address set before; null falls back to the profile's.
    const addresses = sql
      .get<[number], { stored: string | null; profile: string }>(
        'SELECT s.email AS stored, m.email AS profile FROM member m LEFT JOIN alert_setting s ON s.member_id = m.id WHERE m.id = ?',
      )
      .get(session.memberId);
    const email = input.email === undefined ? (addresses?.stored ?? null) : input.email;
    if (input.emailFrequency !== 'off' && !(email || addresses?.profile)) throw invalid('请填写接收提醒的邮箱地址');
    const now = formatDateTime(ctx.clock());
    // Mail starts with the alerts from now on: turning it on does not send the whole history.
    const since = current.emailFrequency === 'off' && input.emailFrequency !== 'off' ? now : null;
    sql
      .get(
        `INSERT INTO alert_setting (member_id, email_frequency, email, mail_since) VALUES (@memberId, @frequency, @email, @since)
         ON CONFLICT (member_id) DO UPDATE SET email_frequency = excluded.email_frequency, email = excluded.email,
           mail_since = coalesce(excluded.mail_since, alert_setting.mail_since)`,
      )
      .run({ memberId: session.memberId, frequency: input.emailFrequency, email, since });
    const answer = settingsOf(session.memberId);
    return success(
      answer,
      answer.mailAvailable || input.emailFrequency === 'off' ? '设置已保存' : `设置已保存，但${MAIL_UNAVAILABLE}，暂不会发送邮件`,
    );
  });

  routes.member(ENDPOINTS.alertFeeds, (_req, session): AjaxResult<AlertFeeds> =>
    success(feedPortalPaths(feedToken(sql, session.memberId))),
  );

  routes.member(ENDPOINTS.alertFeedsReset, (_req, session): AjaxResult<AlertFeeds> => {
    ctx.quotas.takeWrite(session.memberId);
    return success(feedPortalPaths(resetFeedToken(sql, session.memberId)), '订阅地址已重置，旧地址已失效');
  });
}

/** The portal origin for absolute links: SITE_URL, else the host the request came to. */
export function siteBase(ctx: AppContext, req: Request): string {
  if (ctx.config.siteUrl) return ctx.config.siteUrl;
  const proto = req.get('x-forwarded-proto')?.split(',')[0]?.trim() || req.protocol;
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host') || 'localhost';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
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
    const base = siteBase(ctx, req);
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
