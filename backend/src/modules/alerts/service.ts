/**
 * The scheduled side of alerts (issue 12 part 3), on the backend's clock so tests can move time:
 * - the deadline sweep (every few minutes): one `deadline` alert per member, followed tender and
 *   date (报名截止, 开标) once that date is three days ahead or nearer;
 * - mail (every minute, with SMTP_URL): one digest per member, with every alert not yet mailed —
 *   at once for `immediate`, once a day from 08:00 Asia/Shanghai for `daily`. A member's queue is
 *   their alerts above `alert_setting.mailed_through` (no flag per alert). Without SMTP_URL
 *   nothing is sent.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { addDays, DAY_MS, formatDateTime, MINUTE_MS, startOfDay, type Clock } from '../../clock';
import type { Logger } from '../../context';
import type { Statements } from '../../db/connection';
import { detailUrl } from './feeds';
import { ALERT_COLUMNS_SQL, ALERT_FROM_SQL, alertWriter, type AlertDelivery, type AlertEvent } from './matching';

export const DEADLINE_SWEEP_MS = 5 * MINUTE_MS;
export const MAIL_INTERVAL_MS = MINUTE_MS;
/** Deadline alerts start this far ahead. */
export const DEADLINE_AHEAD_MS = 3 * DAY_MS;
/** The daily digest goes out from this hour (Asia/Shanghai). */
export const DAILY_DIGEST_HOUR = 8;
/** Alerts per digest mail; the rest follow in the next one. */
const DIGEST_MAX = 200;

export const MAIL_UNAVAILABLE = '本站未配置邮件发送（SMTP_URL）';

interface DeadlineRow {
  memberId: number;
  id: number;
  signupDeadline: string | null;
  openTime: string | null;
}

/**
 * Deadline alerts of followed tenders whose date falls in (now, now + 3 days]. Returns how many were
 * new. A member gets one per tender and date: the date is in the change key, so a tender whose
 * deadline moves gets one alert for the new date; a member who follows the tender later gets theirs
 * in a later sweep (a new event: see alertWriter).
 */
export function sweepDeadlines(sql: Statements, now: Date): number {
  const from = formatDateTime(now);
  const to = formatDateTime(new Date(now.getTime() + DEADLINE_AHEAD_MS));
  const rows = sql
    .get<[string, string, string, string], DeadlineRow>(
      `SELECT f.member_id AS memberId, z.id, z.signup_deadline AS signupDeadline, z.open_time AS openTime
       FROM favorite f JOIN zb z ON z.id = f.data_id
       WHERE f.type = 'zb' AND f.is_cancel = 0
         AND ((z.signup_deadline > ? AND z.signup_deadline <= ?) OR (z.open_time > ? AND z.open_time <= ?))
       ORDER BY z.id, f.member_id`,
    )
    .all(from, to, from, to);
  const alerted = sql.get<[number, number, string], { found: 1 }>(
    `SELECT 1 AS found FROM alert_event a JOIN alert_inbox i ON i.event_id = a.id AND i.member_id = ?
     WHERE a.content_type = 'zb' AND a.content_id = ? AND a.kind = 'deadline' AND a.change_key = ? LIMIT 1`,
  );
  const write = alertWriter(sql.db);
  let written = 0;
  sql.db.transaction(() => {
    // (tender, date) → the followers who have no alert for it yet
    const due = new Map<string, { event: AlertEvent; deliveries: AlertDelivery[] }>();
    for (const row of rows) {
      const dates = [
        ['signup', '报名截止', row.signupDeadline],
        ['open', '开标', row.openTime],
      ] as const;
      for (const [key, label, value] of dates) {
        if (!value || value <= from || value > to) continue;
        const changeKey = `${key}:${value}`;
        if (alerted.get(row.memberId, row.id, changeKey)) continue;
        const id = `${row.id} ${changeKey}`;
        let entry = due.get(id);
        if (!entry) {
          entry = {
            event: { kind: 'deadline', contentType: 'zb', contentId: row.id, changeKey, detail: `${label}：${value.slice(0, 16)}` },
            deliveries: [],
          };
          due.set(id, entry);
        }
        entry.deliveries.push({ memberId: row.memberId, subscriptionId: null });
      }
    }
    for (const { event, deliveries } of due.values()) written += write(event, deliveries, from);
  })();
  return written;
}

interface DueRow {
  memberId: number;
  frequency: 'immediate' | 'daily';
  email: string | null;
  mailSince: string | null;
  lastDigest: string | null;
  /** the newest alert (event id) mailed or passed over; alerts above it are the queue */
  mailedThrough: number;
}

interface MailAlertRow {
  id: number;
  kind: 'new' | 'changed' | 'deadline';
  contentType: 'zb' | 'xmk';
  contentId: number;
  title: string;
  detail: string;
  createTime: string;
}

const KIND_LABELS = { new: '新公告', changed: '变更', deadline: '临近截止' } as const;

export class AlertMailer {
  private readonly transport: Transporter | null;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly sql: Statements,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: { smtpUrl: string | undefined; from: string; siteUrl: string | undefined },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get available(): boolean {
    return this.transport !== null;
  }

  /**
   * One pass: digests that are due are sent; returns the number of mails sent. Passes never
   * overlap: asked during one, another follows it (alerts written meanwhile are not left waiting
   * for the next minute).
   */
  deliver(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.deliver().catch((err: unknown) => this.log.error('backend: alert mail failed', err));
      }
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    const now = this.clock();
    if (!this.transport) return 0;
    const due = this.sql
      .get<[], DueRow>(
        `SELECT s.member_id AS memberId, s.email_frequency AS frequency,
           coalesce(nullif(s.email, ''), nullif(m.email, '')) AS email, s.mail_since AS mailSince,
           s.last_digest_time AS lastDigest, s.mailed_through AS mailedThrough
         FROM alert_setting s JOIN member m ON m.id = s.member_id
         WHERE s.email_frequency <> 'off'
           AND EXISTS (SELECT 1 FROM alert_inbox i WHERE i.member_id = s.member_id AND i.event_id > s.mailed_through)`,
      )
      .all();
    const digestTime = new Date(startOfDay(now).getTime() + DAILY_DIGEST_HOUR * 60 * MINUTE_MS);
    const digestStart = formatDateTime(now < digestTime ? addDays(digestTime, -1) : digestTime);
    let sent = 0;
    for (const member of due) {
      const markThrough = (eventId: number) =>
        this.sql.get('UPDATE alert_setting SET mailed_through = max(mailed_through, ?) WHERE member_id = ?').run(eventId, member.memberId);
      const newest = () =>
        this.sql
          .get<[number], { id: number | null }>('SELECT max(event_id) AS id FROM alert_inbox WHERE member_id = ?')
          .get(member.memberId)?.id ?? 0;
      if (!member.email) {
        // Nowhere to send (the profile's address was removed since): nothing waits for one.
        markThrough(newest());
        continue;
      }
      // Daily: once per digest time, counting from when the member turned mail on.
      if (member.frequency === 'daily' && (member.lastDigest ?? member.mailSince ?? '') >= digestStart) continue;
      const alerts = this.sql
        .get<[number, number, string, number], MailAlertRow>(
          `SELECT ${ALERT_COLUMNS_SQL} FROM ${ALERT_FROM_SQL}
           WHERE i.member_id = ? AND i.event_id > ? AND a.create_time >= ? ORDER BY i.event_id LIMIT ?`,
        )
        .all(member.memberId, member.mailedThrough, member.mailSince ?? '', DIGEST_MAX);
      const lastId = alerts.at(-1)?.id;
      // Read before sending: alerts written while the mail is on its way stay queued.
      const through = lastId ?? newest();
      try {
        if (lastId !== undefined) {
          await this.transport.sendMail(this.digest(member.email, alerts));
          sent++;
        }
        markThrough(through);
        if (member.frequency === 'daily') {
          this.sql.get('UPDATE alert_setting SET last_digest_time = ? WHERE member_id = ?').run(formatDateTime(now), member.memberId);
        }
      } catch (err) {
        // Left unmarked: the next pass tries again.
        this.log.error(`backend: alert mail to member ${member.memberId} failed`, err);
      }
    }
    return sent;
  }

  private digest(to: string, alerts: readonly MailAlertRow[]) {
    const base = this.options.siteUrl ?? 'http://localhost:3000';
    const lines = alerts.map((a) => {
      const link = detailUrl(base, a.contentType, a.contentId);
      return { text: `【${KIND_LABELS[a.kind]}】${a.title}\n${a.detail ? `${a.detail}\n` : ''}${link}`, a, link };
    });
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return {
      from: this.options.from,
      to,
      subject: `山东项目网提醒：${alerts.length} 条新提醒`,
      text: `${lines.map((l) => l.text).join('\n\n')}\n\n在会员中心可以修改提醒邮件的频率或关闭邮件。\n`,
      html: `<ul>${lines
        .map(
          (l) =>
            `<li><a href="${escape(l.link)}">【${KIND_LABELS[l.a.kind]}】${escape(l.a.title)}</a>` +
            `${l.a.detail ? `<br>${escape(l.a.detail)}` : ''}</li>`,
        )
        .join('')}</ul><p>在会员中心可以修改提醒邮件的频率或关闭邮件。</p>`,
    };
  }

  close(): void {
    this.transport?.close();
  }
}
