/**
 * Outgoing mail (SMTP_URL; none without it): alert digests, address confirmations and password
 * recovery all go through here, so every address has one daily budget (`mail_sent`, counted per
 * address and Asia/Shanghai day) whoever caused the mail — five accounts naming one victim's
 * address share that victim's budget.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { formatDate, type Clock } from './clock';
import { Query, type Statements } from './db/connection';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const sentToday = new Query<{ address: string; day: string }, { sent: number }>(
  'SELECT sent FROM mail_sent WHERE address = @address AND day = @day',
);
const countSent = new Query<{ address: string; day: string }>(
  `INSERT INTO mail_sent (address, day, sent) VALUES (@address, @day, 1)
   ON CONFLICT (address, day) DO UPDATE SET sent = sent + 1`,
);
const forgetOldDays = new Query<{ day: string }>('DELETE FROM mail_sent WHERE day < @day');

/** The address as counted: mailboxes differ by case nowhere that matters here. */
export const mailAddressKey = (address: string) => address.trim().toLowerCase();

export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly sql: Statements,
    private readonly clock: Clock,
    private readonly options: { smtpUrl: string | undefined; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get available(): boolean {
    return this.transport !== null;
  }

  /** Mails sent to the address today (Asia/Shanghai). */
  sentToday(address: string): number {
    return sentToday.get(this.sql, { address: mailAddressKey(address), day: formatDate(this.clock()) })?.sent ?? 0;
  }

  /**
   * Sends unless the address has had `dailyLimit` mails today; 'limited' then (nothing sent),
   * 'unavailable' without SMTP_URL. A failed send throws and is not counted.
   */
  async send(mail: OutgoingMail, dailyLimit: number): Promise<'sent' | 'limited' | 'unavailable'> {
    if (!this.transport) return 'unavailable';
    if (this.sentToday(mail.to) >= dailyLimit) return 'limited';
    await this.transport.sendMail({ from: this.options.from, ...mail });
    const day = formatDate(this.clock());
    countSent.run(this.sql, { address: mailAddressKey(mail.to), day });
    forgetOldDays.run(this.sql, { day });
    return 'sent';
  }

  close(): void {
    this.transport?.close();
  }
}
