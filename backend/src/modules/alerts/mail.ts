/**
 * Alert mail (with SMTP_URL), on the backend's clock so tests can move time: one digest per member,
 * with every alert not yet mailed — at once for `immediate`, once a day from 08:00 Asia/Shanghai for
 * `daily`. A member's queue is their alerts above `alert_setting.mailed_through` (no flag per alert).
 * Without SMTP_URL nothing is sent. The scheduler runs a pass every minute; an import in this
 * process runs one at once.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { addDays, formatDateTime, MINUTE_MS, startOfDay, type Clock } from '../../clock';
import type { Statements } from '../../db/connection';
import type { Logger } from '../../log';
import { ALERT_KIND_LABELS, detailUrl } from './feeds';
import * as q from './queries';
import { metrics } from '../../metrics';

/** The mail pass's schedule (scheduler.ts): every minute. */
export const MAIL_SCHEDULE = '0 * * * * *';
/** The daily digest goes out from this hour (Asia/Shanghai). */
export const DAILY_DIGEST_HOUR = 8;
/** Alerts per digest mail; the rest follow in the next one. */
const DIGEST_MAX = 200;

export const MAIL_UNAVAILABLE = '本站未配置邮件发送（SMTP_URL）';

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
    const due = q.dueMail.all(this.sql, {});
    const digestTime = new Date(startOfDay(now).getTime() + DAILY_DIGEST_HOUR * 60 * MINUTE_MS);
    const digestStart = formatDateTime(now < digestTime ? addDays(digestTime, -1) : digestTime);
    let sent = 0;
    for (const member of due) {
      const markThrough = (eventId: number) => q.markMailedThrough.run(this.sql, { memberId: member.memberId, eventId });
      const newest = () => q.newestEvent.get(this.sql, { memberId: member.memberId })?.id ?? 0;
      if (!member.email) {
        // Nowhere to send (the profile's address was removed since): nothing waits for one.
        markThrough(newest());
        continue;
      }
      // Daily: once per digest time, counting from when the member turned mail on.
      if (member.frequency === 'daily' && (member.lastDigest ?? member.mailSince ?? '') >= digestStart) continue;
      const alerts = q.alertsToMail.all(this.sql, {
        memberId: member.memberId,
        after: member.mailedThrough,
        since: member.mailSince ?? '',
        limit: DIGEST_MAX,
      });
      const lastId = alerts.at(-1)?.id;
      // Read before sending: alerts written while the mail is on its way stay queued.
      const through = lastId ?? newest();
      try {
        if (lastId !== undefined) {
          await this.transport.sendMail(this.digest(member.email, alerts));
          metrics.mails.inc({ result: 'sent' });
          sent++;
        }
        markThrough(through);
        if (member.frequency === 'daily') {
          q.setLastDigest.run(this.sql, { memberId: member.memberId, time: formatDateTime(now) });
        }
      } catch (err) {
        // Left unmarked: the next pass tries again.
        metrics.mails.inc({ result: 'failed' });
        this.log.error(`backend: alert mail to member ${member.memberId} failed`, err);
      }
    }
    return sent;
  }

  private digest(to: string, alerts: readonly q.AlertRow[]) {
    const base = this.options.siteUrl ?? 'http://localhost:3000';
    const lines = alerts.map((a) => {
      const link = detailUrl(base, a.contentType, a.contentId);
      return { text: `【${ALERT_KIND_LABELS[a.kind]}】${a.title}\n${a.detail ? `${a.detail}\n` : ''}${link}`, a, link };
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
            `<li><a href="${escape(l.link)}">【${ALERT_KIND_LABELS[l.a.kind]}】${escape(l.a.title)}</a>` +
            `${l.a.detail ? `<br>${escape(l.a.detail)}` : ''}</li>`,
        )
        .join('')}</ul><p>在会员中心可以修改提醒邮件的频率或关闭邮件。</p>`,
    };
  }

  close(): void {
    this.transport?.close();
  }
}
