/**
 * Alert mail's links and limits (docs/decisions/mail.md): alerts go only to an address the member
 * confirmed by a link, every mail carries a one-click unsubscribe, and an address gets a bounded
 * number of mails a day whoever asked for them.
 */

/** The portal pages mail links open: `?token=` a one-time token. */
export const MAIL_CONFIRM_PATH = '/mail/confirm';
export const MAIL_UNSUBSCRIBE_PATH = '/mail/unsubscribe';

/** Mails of any kind one address gets per day (Asia/Shanghai); digests beyond wait for the next day. */
export const MAILS_PER_ADDRESS_PER_DAY = 24;
/** Confirmation mails one address gets per day, however many members name it. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;
/** A confirmation link is good for this long. */
export const CONFIRMATION_VALID_HOURS = 24;
/** A member asks for another confirmation mail at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 5;

export const mailLink = (base: string, path: string, token: string) => `${base}${path}?token=${encodeURIComponent(token)}`;
