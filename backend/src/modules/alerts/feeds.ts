/**
 * The member's feeds: an Atom feed of their alerts (the `feed` package) and an
 * iCalendar of the 报名截止 and 开标 dates of the tenders they follow or that matched one of their
 * subscriptions in the last 30 days (the `ics` package). Both sit behind a private token, so they
 * hold titles, dates and links only: no contact block, locked or not. Both packages escape their
 * syntax; texts are made one line first (control characters are neither XML 1.0 nor safe in an
 * iCalendar line).
 *
 * A tender process has one event per date: a 变更公告 moving 开标 or 报名截止 (or a re-import
 * changing it) updates that event in place — the same UID, SEQUENCE raised by each move, DTSTAMP
 * and LAST-MODIFIED at the move — so a calendar moves the event and its alarm instead of adding one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Feed } from 'feed';
import { isFeedToken } from '@shared/alerts/feeds';
import { singleLine } from '@shared/format';
import { detailPath } from '@shared/content/paths';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { addDays, formatDateTime, parseLocalDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { recordOfVersion } from '../content/notice-record';
import * as q from './queries';

/** 24 random bytes as base64url: 32 url-safe characters. */
export const newFeedToken = () => randomBytes(24).toString('base64url');

/** The member's token, created on first use. */
export function feedToken(sql: Statements, memberId: number): string {
  return q.feedTokenOf.get(sql, { memberId })?.token || resetFeedToken(sql, memberId);
}

/** A new token; the old one stops working at once. */
export function resetFeedToken(sql: Statements, memberId: number): string {
  const token = newFeedToken();
  q.setFeedToken.run(sql, { memberId, token });
  return token;
}

/** The feed links stop working: they end with the member's sessions (auth/sign-out.ts). */
export function revokeFeedToken(sql: Statements, memberId: number): void {
  q.clearFeedToken.run(sql, { memberId });
}

export function memberOfFeedToken(sql: Statements, token: string): number | null {
  if (!isFeedToken(token)) return null;
  return q.memberOfFeedToken.get(sql, { token })?.memberId ?? null;
}

/** The detail page of a notice on the portal, absolute. */
export const detailUrl = (base: string, type: 'zb' | 'xmk', id: number) => `${base}${detailPath(type, id)}`;

/** How an alert's kind reads in a feed entry's or a mail's title. */
export const ALERT_KIND_LABELS = { new: '新公告', changed: '变更', deadline: '临近截止' } as const;

/** At most this many alerts, newest first, in the Atom feed. */
const ATOM_ENTRIES = 100;

export function atomFeed(sql: Statements, memberId: number, base: string, selfPath: string, now: Date): string {
  const alerts = q.latestAlerts.all(sql, { memberId, limit: ATOM_ENTRIES });
  const dateOf = (text: string) => parseLocalDateTime(text) ?? now;
  const feed = new Feed({
    id: `${base}${selfPath}`,
    title: '山东项目网 · 我的提醒',
    description: '订阅匹配的新公告、关注的公告和项目的变更、临近的截止时间',
    link: `${base}/`,
    language: 'zh-CN',
    updated: alerts[0] ? dateOf(alerts[0].createTime) : now,
    generator: false,
    feedLinks: { atom: `${base}${selfPath}` },
  });
  for (const alert of alerts) {
    const link = detailUrl(base, alert.contentType, alert.contentId);
    feed.addItem({
      id: `${link}#alert-${alert.id}`,
      title: `【${ALERT_KIND_LABELS[alert.kind]}】${singleLine(alert.title)}`,
      link,
      date: dateOf(alert.createTime),
      description: singleLine(alert.detail || alert.title),
    });
  }
  return feed.atom1();
}

const dateArray = (text: string): DateArray => {
  const [date, time = '00:00:00'] = text.split(' ');
  const [y, m, d] = date!.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return [y!, m!, d!, h!, min!];
};

/**
 * Fixed +08:00, no daylight saving since 1991 (clock.ts); RFC 5545 wants the VTIMEZONE a TZID
 * names in the calendar itself.
 */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Shanghai',
  'X-LIC-LOCATION:Asia/Shanghai',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** Dates from this many days back stay in the calendar; older ones are dropped. */
const CALENDAR_DAYS = 30;

const CALENDAR_DATES = [
  ['signup', '报名截止', 'signupDeadline'],
  ['open', '开标', 'openTime'],
] as const;

/** One date of a process (or of a tender alone) as it stands, and how it got there. */
interface CalendarDate {
  value: string;
  /** How many times the date moved, in publish order and by re-imports. */
  sequence: number;
  /** When it last moved (or first appeared). */
  modified: string;
  /** The first notice that gave the date: its title names the event. */
  first: q.CalendarRow;
  /** The notice whose date is in effect. */
  current: q.CalendarRow;
}

/**
 * A date over a process's notices (publish order), each notice's kept versions before its current
 * state: the one in effect is the latest notice's that states it. A late or backfilled notice
 * inserted into this order never lowers the count of moves.
 */
function calendarDate(
  notices: readonly q.CalendarRow[],
  versions: ReadonlyMap<number, { record: string; changeTime: string }[]>,
  field: 'signupDeadline' | 'openTime',
): CalendarDate | null {
  let first: q.CalendarRow | null = null;
  let current: q.CalendarRow | null = null;
  let previous: string | null = null;
  let sequence = 0;
  let modified = '';
  for (const notice of notices) {
    // Each kept version held the notice from its publish time (or the previous change) to its change_time.
    const kept = versions.get(notice.id) ?? [];
    const states = [
      ...kept.map((v, i) => ({ value: recordOfVersion(v.record)[field], at: i === 0 ? notice.publishTime : kept[i - 1]!.changeTime })),
      { value: notice[field], at: kept.at(-1)?.changeTime ?? notice.publishTime },
    ];
    for (const { value, at } of states) {
      if (!value || value === previous) continue;
      if (previous !== null) sequence++;
      first ??= notice;
      modified = at;
      previous = value;
    }
    if (notice[field]) current = notice;
  }
  return first && current ? { value: current[field]!, sequence, modified, first, current } : null;
}

const uidOf = (group: string, key: string) => `zb-${group}-${key}@shandong-xmw`;

export function icsFeed(sql: Statements, memberId: number, base: string, now: Date): string {
  const since = formatDateTime(addDays(now, -CALENDAR_DAYS));
  const tenders = q.calendarTenders.all(sql, { memberId, since });
  // A process is one group (all its notices); a tender without a process code is a group of its own.
  const codes = [...new Set(tenders.flatMap((t) => (t.processCode ? [t.processCode] : [])))];
  const groups = new Map<string, q.CalendarRow[]>();
  for (const tender of tenders) if (!tender.processCode) groups.set(String(tender.id), [tender]);
  for (const row of codes.length ? q.processCalendarRows.all(sql, { codes: JSON.stringify(codes) }) : []) {
    const group = `p${createHash('sha256').update(row.processCode!).digest('hex').slice(0, 16)}`;
    const list = groups.get(group);
    if (list) list.push(row);
    else groups.set(group, [row]);
  }
  const ids = [...groups.values()].flat().map((n) => n.id);
  const versions = new Map<number, { record: string; changeTime: string }[]>();
  for (const v of ids.length ? q.calendarVersions.all(sql, { ids: JSON.stringify(ids) }) : []) {
    const list = versions.get(v.id);
    if (list) list.push(v);
    else versions.set(v.id, [v]);
  }

  const events: (EventAttributes & { timestamp: number })[] = [];
  for (const [group, notices] of groups) {
    for (const [key, label, field] of CALENDAR_DATES) {
      const date = calendarDate(notices, versions, field);
      if (!date || date.value < since) continue;
      const url = detailUrl(base, 'zb', date.current.id);
      const title = singleLine(date.first.title);
      const modified = (parseLocalDateTime(date.modified) ?? now).getTime();
      const moved = date.sequence > 0 ? `（已变更 ${date.sequence} 次，以${singleLine(date.current.title)}为准）` : '';
      events.push({
        uid: uidOf(group, key),
        sequence: date.sequence,
        timestamp: modified,
        lastModified: modified,
        title: `${label}：${title}`,
        start: dateArray(date.value),
        startInputType: 'local',
        startOutputType: 'local',
        duration: { minutes: 30 },
        url,
        description: `${label}时间：${date.value.slice(0, 16)}${moved}\n${url}`,
        alarms: [{ action: 'display', description: `明天${label}：${title}`, trigger: { hours: 24, before: true } }],
      });
    }
  }
  const { error, value } = createEvents(events, { productId: 'shandong-xmw/alerts', calName: '山东项目网 · 招标日程' });
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  // ics writes wall-clock times without a zone; they are Shanghai times, so they say so.
  return value
    .replace(/^DTSTART:(\d{8}T\d{6})(\r?)$/gm, 'DTSTART;TZID=Asia/Shanghai:$1$2')
    .replace(/^(X-WR-CALNAME:[^\r\n]*)/m, `$1\r\nX-WR-TIMEZONE:Asia/Shanghai\r\n${VTIMEZONE}`);
}
