/**
 * Alerts' SQL (db/migrations.ts V5, V6): subscriptions, events and the members' inbox rows, mail
 * settings and the feeds' token; what the deadline sweep, the mail pass and the feeds read.
 */
import type { MatchMode } from '@shared/alerts/match';
import type { AlertKind, EmailFrequency } from '@shared/alerts/types';
import { Query, type Params, type Statements } from '../../db/connection';
import type { PagedQuery } from '../../db/paging';

type ByMember = { memberId: number };

/**
 * The member's first subscription is the profile's subscribeKeywords/subscribeRegions (spec §7):
 * matching reads them from the member row under this id, which no stored subscription has.
 */
export const PROFILE_SUBSCRIPTION_ID = 0;
export const PROFILE_SUBSCRIPTION_NAME = '会员资料订阅';

/** An alert's title is its notice's current one (`a` is the event's alias). */
const ALERT_TITLE_SQL = `coalesce(CASE a.content_type WHEN 'zb' THEN (SELECT title FROM zb WHERE id = a.content_id)
  ELSE (SELECT title FROM xmk WHERE id = a.content_id) END, '（已删除）') AS title`;

/** A `new` alert's detail names the subscription it matched, as it is named now. */
const ALERT_DETAIL_SQL = `CASE WHEN i.subscription_id IS NULL THEN a.detail
  WHEN i.subscription_id = ${PROFILE_SUBSCRIPTION_ID} THEN '匹配订阅「${PROFILE_SUBSCRIPTION_NAME}」'
  ELSE '匹配订阅「' || coalesce((SELECT name FROM alert_subscription WHERE id = i.subscription_id), '已删除的订阅') || '」' END AS detail`;

/**
 * A member's alerts: `FROM ${ALERT_FROM_SQL} WHERE i.member_id = @memberId … ORDER BY i.event_id DESC`.
 * The alert's id is its event's (unique per member: one inbox row per member and event).
 */
const ALERT_FROM_SQL = 'alert_inbox i JOIN alert_event a ON a.id = i.event_id';

/** The columns every reader of alerts shows: id, kind, contentType, contentId, title, read, createTime, detail. */
const ALERT_COLUMNS_SQL = `a.id, a.kind, a.content_type AS contentType, a.content_id AS contentId, ${ALERT_TITLE_SQL},
  i.is_read AS read, a.create_time AS createTime, ${ALERT_DETAIL_SQL}`;

export interface AlertRow {
  id: number;
  kind: AlertKind;
  contentType: 'zb' | 'xmk';
  contentId: number;
  title: string;
  read: 0 | 1;
  createTime: string;
  detail: string;
}

// ---- the inbox ----------------------------------------------------------------------------------

/** The member's alerts, of a kind and read state when given, newest first. */
export function alertList(memberId: number, q: { kind?: AlertKind | undefined; read?: boolean | undefined }): PagedQuery {
  const conditions = ['i.member_id = @memberId'];
  const params: Params = { memberId };
  if (q.kind) {
    conditions.push('a.kind = @kind');
    params['kind'] = q.kind;
  }
  if (q.read !== undefined) {
    conditions.push('i.is_read = @read');
    params['read'] = q.read ? 1 : 0;
  }
  const where = conditions.join(' AND ');
  return {
    count: `SELECT count(*) AS n FROM ${ALERT_FROM_SQL} WHERE ${where}`,
    rows: `SELECT ${ALERT_COLUMNS_SQL} FROM ${ALERT_FROM_SQL} WHERE ${where} ORDER BY i.event_id DESC LIMIT @pageSize OFFSET @offset`,
    params,
  };
}

/** The member's newest alerts. */
export const latestAlerts = new Query<ByMember & { limit: number }, AlertRow>(
  `SELECT ${ALERT_COLUMNS_SQL} FROM ${ALERT_FROM_SQL} WHERE i.member_id = @memberId ORDER BY i.event_id DESC LIMIT @limit`,
);

/** The member's alerts after event `after` created since `since`, oldest first: a mail digest's. */
export const alertsToMail = new Query<ByMember & { after: number; since: string; limit: number }, AlertRow>(
  `SELECT ${ALERT_COLUMNS_SQL} FROM ${ALERT_FROM_SQL}
   WHERE i.member_id = @memberId AND i.event_id > @after AND a.create_time >= @since ORDER BY i.event_id LIMIT @limit`,
);

/** Unread alerts (an inbox row whose event is gone, a withdrawn notice's, is none). */
export const unreadCount = new Query<ByMember, { n: number }>(
  `SELECT count(*) AS n FROM ${ALERT_FROM_SQL} WHERE i.member_id = @memberId AND i.is_read = 0`,
);

/** Mark the member's alerts read, all of them or those of `ids`; returns how many changed. */
export function markRead(sql: Statements, memberId: number, ids: readonly number[] | 'all'): number {
  if (ids === 'all') {
    return sql.get<ByMember>('UPDATE alert_inbox SET is_read = 1 WHERE member_id = @memberId AND is_read = 0').run({ memberId }).changes;
  }
  return sql
    .get<ByMember & { ids: string }>(
      'UPDATE alert_inbox SET is_read = 1 WHERE member_id = @memberId AND is_read = 0 AND event_id IN (SELECT value FROM json_each(@ids))',
    )
    .run({ memberId, ids: JSON.stringify(ids) }).changes;
}

/** The newest event in the member's inbox (null for none). */
export const newestEvent = new Query<ByMember, { id: number | null }>(
  'SELECT max(event_id) AS id FROM alert_inbox WHERE member_id = @memberId',
);

// ---- subscriptions ------------------------------------------------------------------------------

/** A subscription as stored: lists comma-joined, `enabled` 0 or 1. */
export interface SubscriptionFields {
  name: string;
  keywords: string;
  matchMode: MatchMode;
  excludeWords: string;
  areaCodes: string;
  noticeTypes: string;
  amountMin: number | null;
  amountMax: number | null;
  enabled: 0 | 1;
}

export interface SubscriptionRow extends SubscriptionFields {
  id: number;
  createTime: string;
}

const SUBSCRIPTION_COLUMNS = `id, name, keywords, match_mode AS matchMode, exclude_words AS excludeWords, area_codes AS areaCodes,
  notice_types AS noticeTypes, amount_min AS amountMin, amount_max AS amountMax, enabled, create_time AS createTime`;

export const findSubscription = new Query<ByMember & { id: number }, SubscriptionRow>(
  `SELECT ${SUBSCRIPTION_COLUMNS} FROM alert_subscription WHERE id = @id AND member_id = @memberId`,
);

export const subscriptionsOf = new Query<ByMember, SubscriptionRow>(
  `SELECT ${SUBSCRIPTION_COLUMNS} FROM alert_subscription WHERE member_id = @memberId ORDER BY id`,
);

export const insertSubscription = new Query<SubscriptionFields & ByMember & { now: string }>(
  `INSERT INTO alert_subscription (member_id, name, keywords, match_mode, exclude_words, area_codes, notice_types, amount_min,
     amount_max, enabled, create_time)
   VALUES (@memberId, @name, @keywords, @matchMode, @excludeWords, @areaCodes, @noticeTypes, @amountMin, @amountMax, @enabled, @now)`,
);

export const updateSubscription = new Query<SubscriptionFields & ByMember & { id: number }>(
  `UPDATE alert_subscription SET name = @name, keywords = @keywords, match_mode = @matchMode, exclude_words = @excludeWords,
     area_codes = @areaCodes, notice_types = @noticeTypes, amount_min = @amountMin, amount_max = @amountMax,
     enabled = @enabled
   WHERE id = @id AND member_id = @memberId`,
);

export const deleteSubscription = new Query<ByMember & { id: number }>(
  'DELETE FROM alert_subscription WHERE id = @id AND member_id = @memberId',
);

/** What matching reads of a subscription. */
export interface MatchingSubscriptionRow extends Omit<SubscriptionFields, 'enabled'> {
  id: number;
  memberId: number;
}

/**
 * Enabled subscriptions of every member that set a keyword or a region (matching.ts drops those
 * whose only region is the province), and every member's profile subscription (its keywords a
 * comma list, any one matching: the spec's 订阅 form), first of each member's.
 */
export const enabledSubscriptions = new Query<object, MatchingSubscriptionRow>(
  `SELECT id, member_id AS memberId, name, keywords, match_mode AS matchMode, exclude_words AS excludeWords,
     area_codes AS areaCodes, notice_types AS noticeTypes, amount_min AS amountMin, amount_max AS amountMax
   FROM alert_subscription WHERE enabled = 1 AND (keywords <> '' OR area_codes <> '')
   UNION ALL
   SELECT ${PROFILE_SUBSCRIPTION_ID}, id, '${PROFILE_SUBSCRIPTION_NAME}', subscribe_keywords, 'any', '',
     subscribe_regions, '', NULL, NULL
   FROM member WHERE (subscribe_keywords <> '' OR subscribe_regions <> '')
   ORDER BY 1, 2`,
);

// ---- mail settings and the feeds' token ----------------------------------------------------------

export interface SettingRow {
  frequency: EmailFrequency;
  /** the address set for alerts, or null */
  email: string | null;
  /** the profile's address */
  profileEmail: string;
  /** the address the member confirmed, or null */
  verified: string | null;
  /** the address a confirmation link was last sent to, and when */
  verifyAddress: string | null;
  verifySentAt: string | null;
}

/** The member's mail settings (frequency 'off' before any were saved); none for no such member. */
export const mailSettings = new Query<ByMember, SettingRow>(
  `SELECT coalesce(s.email_frequency, 'off') AS frequency, s.email, m.email AS profileEmail, s.email_verified AS verified,
     s.verify_address AS verifyAddress, s.verify_sent_at AS verifySentAt
   FROM member m LEFT JOIN alert_setting s ON s.member_id = m.id WHERE m.id = @memberId`,
);

/** A confirmation link was sent: its token's digest, the address and when. */
export const setVerification = new Query<ByMember & { hash: string; address: string; now: string }>(
  `INSERT INTO alert_setting (member_id, verify_token_hash, verify_address, verify_sent_at) VALUES (@memberId, @hash, @address, @now)
   ON CONFLICT (member_id) DO UPDATE SET verify_token_hash = excluded.verify_token_hash,
     verify_address = excluded.verify_address, verify_sent_at = excluded.verify_sent_at`,
);

export const verificationOf = new Query<{ hash: string }, ByMember & { address: string; sentAt: string }>(
  `SELECT member_id AS memberId, verify_address AS address, verify_sent_at AS sentAt FROM alert_setting
   WHERE verify_token_hash = @hash`,
);

/** The link was used: the address is confirmed, the token gone. */
export const confirmAddress = new Query<ByMember & { address: string }>(
  `UPDATE alert_setting SET email_verified = @address, verify_token_hash = NULL, verify_address = NULL
   WHERE member_id = @memberId`,
);

export const unsubscribeTokenOf = new Query<ByMember, { token: string | null }>(
  'SELECT unsubscribe_token AS token FROM alert_setting WHERE member_id = @memberId',
);

export const setUnsubscribeToken = new Query<ByMember & { token: string }>(
  'UPDATE alert_setting SET unsubscribe_token = @token WHERE member_id = @memberId',
);

/** One-click unsubscribe: mail off for the token's member; `changes` 0 for an unknown token. */
export const unsubscribe = new Query<{ token: string }>(
  "UPDATE alert_setting SET email_frequency = 'off' WHERE unsubscribe_token = @token",
);

/** Save the frequency and address; `since`, when set, is when mail starts (kept otherwise). */
export const saveMailSettings = new Query<
  ByMember & { frequency: EmailFrequency; email: string | null; since: string | null; origin: string }
>(
  `INSERT INTO alert_setting (member_id, email_frequency, email, mail_since, mail_origin) VALUES (@memberId, @frequency, @email, @since, @origin)
   ON CONFLICT (member_id) DO UPDATE SET email_frequency = excluded.email_frequency, email = excluded.email,
     mail_since = coalesce(excluded.mail_since, alert_setting.mail_since), mail_origin = excluded.mail_origin`,
);

/** The portal origin the member last saved their mail settings at (null before any save). */
export const mailOriginOf = new Query<ByMember, { origin: string | null }>(
  'SELECT mail_origin AS origin FROM alert_setting WHERE member_id = @memberId',
);

export const feedTokenOf = new Query<ByMember, { token: string | null }>(
  'SELECT feed_token AS token FROM alert_setting WHERE member_id = @memberId',
);

/** The member's feed links stop working; a new token is made when the member next asks for them. */
export const clearFeedToken = new Query<ByMember>('UPDATE alert_setting SET feed_token = NULL WHERE member_id = @memberId');

export const setFeedToken = new Query<ByMember & { token: string }>(
  `INSERT INTO alert_setting (member_id, feed_token) VALUES (@memberId, @token)
   ON CONFLICT (member_id) DO UPDATE SET feed_token = excluded.feed_token`,
);

export const memberOfFeedToken = new Query<{ token: string }, ByMember>(
  'SELECT member_id AS memberId FROM alert_setting WHERE feed_token = @token',
);

// ---- the mail pass ------------------------------------------------------------------------------

export interface DueRow {
  memberId: number;
  frequency: 'immediate' | 'daily';
  email: string | null;
  /** the address the member confirmed: mail goes only there */
  verified: string | null;
  mailSince: string | null;
  lastDigest: string | null;
  /** the newest alert (event id) mailed or passed over; alerts above it are the queue */
  mailedThrough: number;
}

/** Members with mail on and alerts not yet mailed. */
export const dueMail = new Query<object, DueRow>(
  `SELECT s.member_id AS memberId, s.email_frequency AS frequency,
     coalesce(nullif(s.email, ''), nullif(m.email, '')) AS email, s.email_verified AS verified, s.mail_since AS mailSince,
     s.last_digest_time AS lastDigest, s.mailed_through AS mailedThrough
   FROM alert_setting s JOIN member m ON m.id = s.member_id
   WHERE s.email_frequency <> 'off'
     AND EXISTS (SELECT 1 FROM ${ALERT_FROM_SQL} WHERE i.member_id = s.member_id AND i.event_id > s.mailed_through)`,
);

export const markMailedThrough = new Query<ByMember & { eventId: number }>(
  'UPDATE alert_setting SET mailed_through = max(mailed_through, @eventId) WHERE member_id = @memberId',
);

export const setLastDigest = new Query<ByMember & { time: string }>(
  'UPDATE alert_setting SET last_digest_time = @time WHERE member_id = @memberId',
);

// ---- deadlines and the calendar -----------------------------------------------------------------

export interface DeadlineRow {
  memberId: number;
  id: number;
  signupDeadline: string | null;
  openTime: string | null;
}

/** Followed tenders with a 报名截止 or 开标 in (from, to], per follower. */
export const followedDeadlines = new Query<{ from: string; to: string }, DeadlineRow>(
  `SELECT f.member_id AS memberId, z.id, z.signup_deadline AS signupDeadline, z.open_time AS openTime
   FROM favorite f JOIN zb z ON z.id = f.data_id
   WHERE f.type = 'zb' AND f.is_cancel = 0
     AND ((z.signup_deadline > @from AND z.signup_deadline <= @to) OR (z.open_time > @from AND z.open_time <= @to))
   ORDER BY z.id, f.member_id`,
);

/** The member's deadline alert of this tender and change, if any. */
export const deadlineAlert = new Query<ByMember & { zbId: number; changeKey: string }, { found: 1 }>(
  `SELECT 1 AS found FROM alert_event a JOIN alert_inbox i ON i.event_id = a.id AND i.member_id = @memberId
   WHERE a.content_type = 'zb' AND a.content_id = @zbId AND a.kind = 'deadline' AND a.change_key = @changeKey LIMIT 1`,
);

export interface CalendarRow {
  id: number;
  title: string;
  processCode: string | null;
  publishTime: string;
  signupDeadline: string | null;
  openTime: string | null;
}

const CALENDAR_COLUMNS = `z.id, z.title, z.process_code AS processCode, z.publish_time AS publishTime,
  z.signup_deadline AS signupDeadline, z.open_time AS openTime`;

/**
 * Tenders the member follows or that matched a subscription since `since`: those with a date from
 * then on, and any of a process (a later notice of it may have moved its dates).
 */
export const calendarTenders = new Query<ByMember & { since: string }, CalendarRow>(
  `SELECT ${CALENDAR_COLUMNS} FROM zb z
   WHERE z.id IN (
       SELECT data_id FROM favorite WHERE member_id = @memberId AND type = 'zb' AND is_cancel = 0
       UNION
       SELECT a.content_id FROM ${ALERT_FROM_SQL}
       WHERE i.member_id = @memberId AND a.kind = 'new' AND a.content_type = 'zb' AND a.create_time >= @since)
     AND (z.process_code IS NOT NULL OR z.signup_deadline >= @since OR z.open_time >= @since)
   ORDER BY z.id`,
);

/** Every notice of these processes (a JSON list of codes), in publish order. */
export const processCalendarRows = new Query<{ codes: string }, CalendarRow>(
  `SELECT ${CALENDAR_COLUMNS} FROM zb z
   WHERE z.process_code IN (SELECT value FROM json_each(@codes))
   ORDER BY z.publish_time, z.id`,
);

/** The kept versions of these notices (a JSON list of ids), oldest first: their records as JSON. */
export const calendarVersions = new Query<{ ids: string }, { id: number; record: string; changeTime: string }>(
  `SELECT data_id AS id, record, change_time AS changeTime FROM notice_version
   WHERE type = 'zb' AND data_id IN (SELECT value FROM json_each(@ids))
   ORDER BY data_id, version`,
);

// ---- writing alerts (matching.ts) ----------------------------------------------------------------

export interface EventFields {
  kind: AlertKind;
  contentType: 'zb' | 'xmk';
  contentId: number;
  changeKey: string;
  detail: string;
}

export const insertEvent = new Query<EventFields & { now: string }>(
  `INSERT INTO alert_event (kind, content_type, content_id, change_key, detail, create_time)
   VALUES (@kind, @contentType, @contentId, @changeKey, @detail, @now)`,
);

/** One member's inbox row of an event; `changes` 1 when written, 0 when it was there. */
export const insertInbox = new Query<ByMember & { eventId: number; subscriptionId: number | null }>(
  'INSERT OR IGNORE INTO alert_inbox (member_id, event_id, subscription_id) VALUES (@memberId, @eventId, @subscriptionId)',
);

/** Stands for "no subscription" in insertInboxRows' values (0 is the profile's subscription). */
export const NO_SUBSCRIPTION = -1;

/**
 * Inbox rows by the hundred: `values` holds (member, event, subscription or NO_SUBSCRIPTION) triples. Many rows
 * per statement: the call into SQLite, not the B-tree, is most of a small row's cost. Positional
 * parameters, three per row: what one statement of a hundred rows binds.
 */
export function insertInboxRows(sql: Statements, values: readonly number[]): number {
  const rows = values.length / 3;
  return sql
    .get<number[]>(
      `INSERT OR IGNORE INTO alert_inbox (member_id, event_id, subscription_id) VALUES ${Array(rows).fill(`(?, ?, nullif(?, ${NO_SUBSCRIPTION}))`).join(', ')}`,
    )
    .run(...values).changes;
}

/** Drops the member's inbox rows below the newest `keep`. */
export const trimInbox = new Query<ByMember & { keep: number }>(
  `DELETE FROM alert_inbox WHERE member_id = @memberId AND event_id <= (
     SELECT event_id FROM alert_inbox WHERE member_id = @memberId ORDER BY event_id DESC LIMIT 1 OFFSET @keep)`,
);

/** The members following an item. */
export const followersOf = new Query<{ type: 'zb' | 'xmk'; id: number }, ByMember>(
  'SELECT member_id AS memberId FROM favorite WHERE type = @type AND data_id = @id AND is_cancel = 0',
);

/** The followers of the other tenders of a process, with the tender each follows. */
export const processFollowers = new Query<{ processCode: string; exceptId: number }, ByMember & { id: number }>(
  // CROSS JOIN keeps the process's few tenders as the outer loop: left to itself the planner walked
  // every followed tender per imported notice (4,000 favourites: 50 ms a notice in bench:import).
  `SELECT f.member_id AS memberId, z.id FROM zb z
   CROSS JOIN favorite f ON f.type = 'zb' AND f.data_id = z.id AND f.is_cancel = 0
   WHERE z.process_code = @processCode AND z.id <> @exceptId`,
);

export const projectOfTender = new Query<{ id: number }, { xmkId: number | null }>('SELECT xmk_id AS xmkId FROM zb WHERE id = @id');

/** The latest kept version of a notice (null for none). */
export const latestVersionNumber = new Query<{ type: 'zb' | 'xmk'; id: number }, { v: number | null }>(
  'SELECT max(version) AS v FROM notice_version WHERE type = @type AND data_id = @id',
);

/**
 * The events of one notice (it was withdrawn). Inbox rows are keyed by member, so the members'
 * rows of these events are left behind and every reader joins the events: they count nowhere.
 */
export const deleteEventsOf = new Query<{ type: 'zb' | 'xmk'; id: number }>(
  'DELETE FROM alert_event WHERE content_type = @type AND content_id = @id',
);
