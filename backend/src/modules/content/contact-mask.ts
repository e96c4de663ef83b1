/**
 * Masking of the 联系人 block for callers who may not see it (DOMAIN.md: "张**", "138****5678").
 * Enough stays visible to tell contacts apart and to show the data exists; the parts that let
 * someone call or visit are hidden. `shownContact` is the one rule deciding who gets which: every
 * answer that carries an item's contact data (details, getUserCompany, addGJ) goes through it.
 * The same rules mask the contacts a publisher wrote into a notice's body (`maskBodyContacts`):
 * phone numbers, the name after 联系人：, e-mail addresses. Full-width digits (１３８…) are
 * digits: a number is normalised before it is masked.
 */
import { sanitizeBodyHtml } from '@shared/content/body-html';
import type { ContactAccess, ContactBlock } from '@shared/content/types';

const chars = (text: string) => Array.from(text);

/** 张三丰 → 张** */
export function maskName(name: string): string {
  const c = chars(name);
  if (c.length === 0) return '';
  return c[0] + '*'.repeat(Math.max(1, c.length - 1));
}

/** Full-width digits and the signs of a phone number (１３８, －, （）, ＋, the ideographic space) as ASCII. */
export const halfWidthDigits = (text: string) =>
  text.replace(/[０-９－（）＋\u3000]/g, (c) => (c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - 0xfee0)));

/**
 * 13812345678 → 138****5678; 0531-88886666 → 0531-****6666 (an extension, 转8012, masked too);
 * anything else keeps its last 4 digits. Full-width digits are read as digits.
 */
export function maskPhone(phone: string): string {
  const p = halfWidthDigits(phone);
  if (/^1\d{10}$/.test(p)) return `${p.slice(0, 3)}****${p.slice(7)}`;
  const landline = /^\(?(0\d{2,3})\)?[-\s]?(\d{7,8})(?:(转|-)(\d{1,6}))?$/.exec(p);
  if (landline) {
    const [, area, number, sep, extension] = landline;
    return `${area}-****${number!.slice(-4)}${extension ? sep + '*'.repeat(extension.length) : ''}`;
  }
  let digitsLeft = p.replace(/\D/g, '').length;
  return p.replace(/\d/g, (d) => (digitsLeft-- > 4 ? '*' : d));
}

/**
 * 山东鲁信建设集团有限公司 → 山东****有限公司. At most half of a name shows (the first one or two
 * characters and up to four of its end), so a short name is never shown whole: 博山建筑队 → 博****队.
 */
export function maskCompany(company: string): string {
  const c = chars(company);
  if (c.length <= 4) return c.slice(0, 1).join('') + '***';
  const head = c.length >= 8 ? 2 : 1;
  const tail = Math.min(4, Math.floor(c.length / 2) - head);
  return c.slice(0, head).join('') + '****' + c.slice(c.length - tail).join('');
}

/** zb-office@example.com → z***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${chars(email.slice(0, at))[0] ?? ''}***${email.slice(at)}`;
}

// ---- contacts in a body ---------------------------------------------------------------------------

const D = '[0-9０-９]';
/**
 * A phone number as publishers write it, in either width: a mobile (optionally +86), or a landline
 * with its area code (0531-82316658, (0531)82316658, 0531 82316658), an extension (转8012) included.
 * Not inside a longer run of digits (project codes, amounts).
 */
const PHONE_RUN = new RegExp(
  `(?<!${D})(?:(?:[+＋]86[-－\\s]?)?[1１][3-9３-９]${D}{9}|[(（]?[0０]${D}{2,3}[)）]?[-－—\\s\u3000]?${D}{7,8}(?:(?:转|[-－])${D}{1,6})?)(?!${D})`,
  'gu',
);
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** 联系人： (also 联 系 人：, 项目联系人：); the name follows, possibly in the next table cell. */
const SPACE = '(?:\\s|&nbsp;|\u3000)*';
const NAME_LABEL = `联${SPACE}系${SPACE}人${SPACE}[:：]${SPACE}`;
/** A name: up to four Han characters, ending where a label or anything not Han begins (else its first four). */
const NAME = '(\\p{Script=Han}{1,4}?(?=电话|手机|联系|座机|传真|地址|邮箱|[^\\p{Script=Han}]|$)|\\p{Script=Han}{1,4})';
const LABELLED_NAME = new RegExp(`(${NAME_LABEL})${NAME}`, 'gu');
const LABEL_AT_END = new RegExp(`${NAME_LABEL}$`, 'u');
const LEADING_NAME = new RegExp(`^(${SPACE})${NAME}`, 'u');
const BLANK = new RegExp(`^${SPACE}$`, 'u');
const CONTACT_HREF = /\shref="(?:mailto|tel):[^"]*"/gi;

const maskPhones = (text: string) => text.replace(PHONE_RUN, (run) => maskPhone(run));

/** Phone numbers, e-mail addresses and the name after 联系人： of a plain text (a body's text, a search excerpt) masked. */
export function maskTextContacts(text: string): string {
  return maskPhones(text)
    .replace(EMAIL, maskEmail)
    .replace(LABELLED_NAME, (_, label: string, name: string) => label + maskName(name));
}

/**
 * A (sanitised) HTML body with the contacts in its text masked: phone numbers, e-mail addresses and
 * the name after 联系人：, also when the name stands in the next table cell. `mailto:`/`tel:`
 * links lose their target. Text is masked piece by piece between the tags, which stay as they are.
 */
export function maskBodyContacts(html: string): string {
  let nameNext = false;
  return html
    .split(/(<[^>]*>)/)
    .map((part, i) => {
      if (i % 2 === 1) return part.replace(CONTACT_HREF, '');
      let text = maskTextContacts(part);
      if (nameNext && !BLANK.test(text)) {
        text = text.replace(LEADING_NAME, (_, lead: string, name: string) => lead + maskName(name));
        nameNext = false;
      }
      if (LABEL_AT_END.test(text)) nameNext = true;
      return text;
    })
    .join('');
}

/** Keeps the city and county part: 济南市历城区王庄镇经十路12号 → 济南市历城区**** */
export function maskAddress(address: string): string {
  const c = chars(address);
  return c.slice(0, Math.min(6, Math.max(0, c.length - 2))).join('') + '****';
}

export function maskContact(contact: ContactBlock): ContactBlock {
  return {
    company: maskCompany(contact.company),
    contact: maskName(contact.contact),
    phone: maskPhone(contact.phone),
    address: maskAddress(contact.address),
  };
}

/** Why a caller sees an item's contact block the way they do (visitor, locked, vip, unlocked). */
export type ContactAccessKind = ContactAccess['contactAccess'];

/** Whether this caller sees an item's contacts masked: a visitor, or a member who has not unlocked it. */
export const contactsMasked = (access: ContactAccessKind) => access !== 'vip' && access !== 'unlocked';

/**
 * A body as this caller may see it: sanitised, and with its contacts masked when the contact block
 * would be (whether or not the notice has a contact block: a phone number in the text is a contact).
 */
export function shownBody(access: ContactAccessKind, html: string | null | undefined): string {
  const clean = sanitizeBodyHtml(html);
  return contactsMasked(access) ? maskBodyContacts(clean) : clean;
}

/**
 * The contact block as this caller may see it: as stored for a VIP or after an unlock, masked for a
 * visitor and for a member who has not unlocked the item. `masked` tells callers not to copy it.
 */
export function shownContact(access: ContactAccessKind, contact: ContactBlock): { masked: boolean; contact: ContactBlock } {
  const masked = contactsMasked(access);
  return { masked, contact: masked ? maskContact(contact) : contact };
}
