/**
 * Alert mail (with SMTP_URL), on the backend's clock so tests can move time: one digest per member,
 * with every alert not yet mailed — at once for `immediate`, once a day from 08:00 Asia/Shanghai for
 * `daily`. A member's queue is their alerts above `alert_setting.mailed_through` (no flag per alert).
 * Only an address the member confirmed gets alerts (confirmation links are sent from here too);
 * every digest carries a one-click unsubscribe (RFC 8058), and an address's mails per day are
 * capped (mail.ts). Without SMTP_URL nothing is sent. The scheduler runs a pass every minute; an
 * import in this process runs one at once.
 */
import { randomBytes } from 'node:crypto';
import {
  CONFIRMATION_RESEND_MINUTES,
  CONFIRMATION_VALID_HOURS,
  CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  MAIL_CONFIRM_PATH,
  MAIL_UNSUBSCRIBE_PATH,
  MAILS_PER_ADDRESS_PER_DAY,
  mailLink,
} from '@shared/alerts/mail';
import { addDays, formatDateTime, MINUTE_MS, startOfDay, type Clock } from '../../clock';
import type { Statements } from '../../db/connection';
import type { Logger } from '../../log';
import { mailAddressKey, type Mailer, type OutgoingMail } from '../../mail';
import { newOneTimeToken } from '../../one-time-token';
import { escapeHtml } from '../../search/highlight';
import { ALERT_KIND_LABELS, detailUrl } from './feeds';
import * as q from './queries';
import { metrics } from '../../metrics';

/** The mail pass's schedule (scheduler.ts): every minute. */
export const MAIL_SCHEDULE = '0 * * * * *';
/** The daily digest goes out from this hour (Asia/Shanghai). */
export const DAILY_DIGEST_HOUR = 8;
/** Alerts per digest mail; the rest follow in the next one. */
const DIGEST_MAX = 200;

/** Said to members: no variable names, only what they can expect (the site has not set up mail). */
export const MAIL_UNAVAILABLE = '本站暂未开通邮件提醒';

/** Whether an address is the confirmed one (case aside). */
export const isConfirmed = (address: string | null, verified: string | null) =>
  address !== null && verified !== null && mailAddressKey(address) === mailAddressKey(verified);

export class AlertMailer {
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly sql: Statements,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly mailer: Mailer,
    private readonly options: { siteUrl: string | undefined },
  ) {}

  get available(): boolean {
    return this.mailer.available;
  }

  /**
   * The origin of a member's mail links: SITE_URL, else the portal origin they last saved their
   * mail settings at (a scheduled digest has no request to ask); null when neither is known.
   */
  private baseOf(memberId: number): string | null {
    return this.options.siteUrl ?? q.mailOriginOf.get(this.sql, { memberId })?.origin ?? null;
  }

  /**
   * Mails a confirmation link for `address` (good for CONFIRMATION_VALID_HOURS; a new one replaces
   * it). 'wait' when one went out in the last few minutes, 'limited' when the address had its
   * confirmations for today.
   */
  async sendConfirmation(memberId: number, address: string): Promise<'sent' | 'wait' | 'limited' | 'unavailable'> {
    if (!this.mailer.available) return 'unavailable';
    const now = this.clock();
    const row = q.mailSettings.get(this.sql, { memberId });
    const recent = formatDateTime(new Date(now.getTime() - CONFIRMATION_RESEND_MINUTES * MINUTE_MS));
    if (row?.verifyAddress && mailAddressKey(row.verifyAddress) === mailAddressKey(address) && (row.verifySentAt ?? '') > recent) {
      return 'wait';
    }
    // Confirmations share the address's day with its other mail, and have a smaller budget of their own.
    if (this.mailer.sentToday(address) >= CONFIRMATIONS_PER_ADDRESS_PER_DAY) return 'limited';
    const base = this.baseOf(memberId);
    // Settings are saved with the origin they came from, so only a save without one gets here.
    if (base === null) return 'unavailable';
    const { token, digest } = newOneTimeToken();
    const link = mailLink(base, MAIL_CONFIRM_PATH, token);
    const result = await this.mailer.send(
      {
        to: address,
        subject: '山东项目网：请确认接收提醒的邮箱',
        text:
          `有会员在山东项目网填写了本邮箱，用来接收招标提醒。\n确认是您本人，请在 ${CONFIRMATION_VALID_HOURS} 小时内打开：\n${link}\n\n` +
          '不是您本人操作，请忽略本邮件：不确认就不会收到任何提醒。\n',
        html:
          '<p>有会员在山东项目网填写了本邮箱，用来接收招标提醒。</p>' +
          `<p>确认是您本人，请在 ${CONFIRMATION_VALID_HOURS} 小时内打开：<a href="${escapeHtml(link)}">确认接收提醒</a></p>` +
          '<p>不是您本人操作，请忽略本邮件：不确认就不会收到任何提醒。</p>',
      },
      MAILS_PER_ADDRESS_PER_DAY,
    );
    if (result === 'sent') q.setVerification.run(this.sql, { memberId, hash: digest, address, now: formatDateTime(now) });
    return result;
  }

  /** Whether a confirmation sent at `sentAt` is still good. */
  confirmationValid(sentAt: string): boolean {
    return sentAt > formatDateTime(new Date(this.clock().getTime() - CONFIRMATION_VALID_HOURS * 60 * MINUTE_MS));
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
    if (!this.mailer.available) return 0;
    const due = q.dueMail.all(this.sql, {});
    const digestTime = new Date(startOfDay(now).getTime() + DAILY_DIGEST_HOUR * 60 * MINUTE_MS);
    const digestStart = formatDateTime(now < digestTime ? addDays(digestTime, -1) : digestTime);
    let sent = 0;
    for (const member of due) {
      const markThrough = (eventId: number) => q.markMailedThrough.run(this.sql, { memberId: member.memberId, eventId });
      const newest = () => q.newestEvent.get(this.sql, { memberId: member.memberId })?.id ?? 0;
      if (!member.email || !isConfirmed(member.email, member.verified)) {
        // Nowhere to send (the profile's address was removed since, or the address is not
        // confirmed yet): nothing waits for one.
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
      const base = this.baseOf(member.memberId);
      if (lastId !== undefined && base === null) {
        // No SITE_URL and no origin saved with the settings: left queued, never a link to nowhere.
        this.log.error(`backend: alert mail to member ${member.memberId} waits: SITE_URL is unset and no portal origin is known`);
        continue;
      }
      // Read before sending: alerts written while the mail is on its way stay queued.
      const through = lastId ?? newest();
      try {
        if (lastId !== undefined) {
          const result = await this.mailer.send(this.digest(base!, member.memberId, member.email, alerts), MAILS_PER_ADDRESS_PER_DAY);
          // Over the address's budget for today: left queued for tomorrow's first pass.
          if (result !== 'sent') continue;
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

  /** The member's unsubscribe token, made with their first digest. */
  private unsubscribeToken(memberId: number): string {
    const stored = q.unsubscribeTokenOf.get(this.sql, { memberId })?.token;
    if (stored) return stored;
    const token = randomBytes(32).toString('base64url');
    q.setUnsubscribeToken.run(this.sql, { memberId, token });
    return token;
  }

  private digest(base: string, memberId: number, to: string, alerts: readonly q.AlertRow[]): OutgoingMail {
    const unsubscribe = mailLink(base, MAIL_UNSUBSCRIBE_PATH, this.unsubscribeToken(memberId));
    // The detail names the member's own subscription (their words, to their confirmed address):
    // plain text in the text part, escaped in the HTML part.
    const lines = alerts.map((a) => {
      const link = detailUrl(base, a.contentType, a.contentId);
      return { text: `【${ALERT_KIND_LABELS[a.kind]}】${a.title}\n${a.detail ? `${a.detail}\n` : ''}${link}`, a, link };
    });
    const footer = '在会员中心可以修改提醒邮件的频率或关闭邮件。';
    return {
      to,
      subject: `山东项目网提醒：${alerts.length} 条新提醒`,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      text: `${lines.map((l) => l.text).join('\n\n')}\n\n${footer}\n退订提醒邮件：${unsubscribe}\n`,
      html: `<ul>${lines
        .map(
          (l) =>
            `<li><a href="${escapeHtml(l.link)}">【${ALERT_KIND_LABELS[l.a.kind]}】${escapeHtml(l.a.title)}</a>` +
            `${l.a.detail ? `<br>${escapeHtml(l.a.detail)}` : ''}</li>`,
        )
        .join('')}</ul><p>${footer}<a href="${escapeHtml(unsubscribe)}">退订提醒邮件</a></p>`,
    };
  }

  close(): void {
    this.mailer.close();
  }
}
