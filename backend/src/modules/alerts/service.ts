/**
 * The scheduled side of alerts (issue 12 part 3), on the backend's clock so tests can move time:
 * - the deadline sweep (every few minutes): one `deadline` alert per member, followed tender and
 *   date (报名截止, 开标) once that date is three days ahead or nearer;
 * - mail (every minute, with SMTP_URL): one digest per member, with every alert not yet mailed —
 *   at once for `immediate`, once a day from 08:00 Asia/Shanghai for `daily`. Without SMTP_URL
 *   nothing is sent and unsent alerts are just marked, so the queue never grows.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { addDays, DAY_MS, formatDateTime, MINUTE_MS, startOfDay, type Clock } from '../../clock';
import type { Logger } from '../../context';
import type { Statements } from '../../db/connection';
import { detailUrl } from './feeds';
import { ALERT_TITLE_SQL, alertWriter } from './matching';

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

/** Deadline alerts of followed tenders whose date falls in (now, now + 3 days]. Returns how many were new. */
export function sweepDeadlines(sql: Statements, now: Date): number {
  const from = formatDateTime(now);
  const to = formatDateTime(new Date(now.getTime() + DEADLINE_AHEAD_MS));
  const rows = sql
    .get<[string, string, string, string], DeadlineRow>(
      `SELECT f.member_id AS memberId, z.id, z.signup_deadline AS signupDeadline, z.open_time AS openTime
       FROM favorite f JOIN zb z ON z.id = f.data_id
       WHERE f.type = 'zb' AND f.is_cancel = 0
         AND ((z.signup_deadline > ? AND z.signup_deadline <= ?) OR (z.open_time > ? AND z.open_time <= ?))`,
    )
    .all(from, to, from, to);
  const write = alertWriter(sql.db);
  let written = 0;
  sql.db.transaction(() => {
    for (const row of rows) {
      const dates = [
        ['signup', '报名截止', row.signupDeadline],
        ['open', '开标', row.openTime],
      ] as const;
      for (const [key, label, value] of dates) {
        if (!value || value <= from || value > to) continue;
        // The date is in the key: a tender whose deadline moves gets one alert for the new date.
        const alert = {
          memberId: row.memberId,
          kind: 'deadline' as const,
          contentType: 'zb' as const,
          contentId: row.id,
          changeKey: `${key}:${value}`,
          detail: `${label}：${value.slice(0, 16)}`,
        };
        if (write(alert, from)) written++;
      }
    }
  })();
  return written;
}

interface DueRow {
  memberId: number;
  frequency: 'immediate' | 'daily';
  email: string | null;
  mailSince: string | null;
  lastDigest: string | null;
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

  /** One pass: digests that are due are sent; returns the number of mails sent. Passes never overlap. */
  deliver(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    const now = this.clock();
    // Alerts nobody will be mailed (mail off, or no SMTP at all) are marked at once.
    this.sql
      .get(
        this.transport
          ? `UPDATE alert SET mailed = 1 WHERE mailed = 0 AND member_id NOT IN
               (SELECT member_id FROM alert_setting WHERE email_frequency <> 'off')`
          : 'UPDATE alert SET mailed = 1 WHERE mailed = 0',
      )
      .run();
    if (!this.transport) return 0;
    const due = this.sql
      .get<[], DueRow>(
        `SELECT s.member_id AS memberId, s.email_frequency AS frequency,
           coalesce(nullif(s.email, ''), nullif(m.email, '')) AS email, s.mail_since AS mailSince,
           s.last_digest_time AS lastDigest
         FROM alert_setting s JOIN member m ON m.id = s.member_id
         WHERE s.email_frequency <> 'off' AND EXISTS (SELECT 1 FROM alert a WHERE a.member_id = s.member_id AND a.mailed = 0)`,
      )
      .all();
    const digestTime = new Date(startOfDay(now).getTime() + DAILY_DIGEST_HOUR * 60 * MINUTE_MS);
    const digestStart = formatDateTime(now < digestTime ? addDays(digestTime, -1) : digestTime);
    let sent = 0;
    for (const member of due) {
      if (!member.email) {
        // Nowhere to send (the profile's address was removed since): nothing waits for one.
        this.sql.get('UPDATE alert SET mailed = 1 WHERE member_id = ? AND mailed = 0').run(member.memberId);
        continue;
      }
      // Daily: once per digest time, counting from when the member turned mail on.
      if (member.frequency === 'daily' && (member.lastDigest ?? member.mailSince ?? '') >= digestStart) continue;
      const alerts = this.sql
        .get<[number, string, number], MailAlertRow>(
          `SELECT id, kind, content_type AS contentType, content_id AS contentId, ${ALERT_TITLE_SQL}, detail,
             create_time AS createTime
           FROM alert a WHERE member_id = ? AND mailed = 0 AND create_time >= ? ORDER BY id LIMIT ?`,
        )
        .all(member.memberId, member.mailSince ?? '', DIGEST_MAX);
      const lastId = alerts.at(-1)?.id;
      try {
        if (lastId !== undefined) {
          await this.transport.sendMail(this.digest(member.email, alerts));
          sent++;
        }
        this.sql
          .get('UPDATE alert SET mailed = 1 WHERE member_id = ? AND mailed = 0 AND id <= ?')
          .run(member.memberId, lastId ?? Number.MAX_SAFE_INTEGER);
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
