/**
 * The member's feeds: an Atom feed of their alerts (the `feed` package) and an
 * iCalendar of the 报名截止 and 开标 dates of the tenders they follow or that matched one of their
 * subscriptions in the last 30 days (the `ics` package). Both sit behind a private token, so they
 * hold titles, dates and links only: no contact block, locked or not.
 */
import { randomBytes } from 'node:crypto';
import { Feed } from 'feed';
import { isFeedToken } from '@shared/alerts/feeds';
import { detailPath } from '@shared/content/paths';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { addDays, formatDateTime, parseLocalDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
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
      title: `【${ALERT_KIND_LABELS[alert.kind]}】${alert.title}`,
      link,
      date: dateOf(alert.createTime),
      description: alert.detail || alert.title,
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

export function icsFeed(sql: Statements, memberId: number, base: string, now: Date): string {
  const since = formatDateTime(addDays(now, -CALENDAR_DAYS));
  const tenders = q.calendarTenders.all(sql, { memberId, since });
  const events: EventAttributes[] = [];
  for (const tender of tenders) {
    const url = detailUrl(base, 'zb', tender.id);
    const dates = [
      ['signup', '报名截止', tender.signupDeadline],
      ['open', '开标', tender.openTime],
    ] as const;
    for (const [key, label, value] of dates) {
      if (!value || value < since) continue;
      events.push({
        uid: `zb-${tender.id}-${key}@shandong-xmw`,
        title: `${label}：${tender.title}`,
        start: dateArray(value),
        startInputType: 'local',
        startOutputType: 'local',
        duration: { minutes: 30 },
        url,
        description: `${label}时间：${value.slice(0, 16)}\n${url}`,
        alarms: [{ action: 'display', description: `明天${label}：${tender.title}`, trigger: { hours: 24, before: true } }],
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
