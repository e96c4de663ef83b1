/**
 * Masking of the 联系人 block for callers who may not see it (DOMAIN.md: "张**", "138****5678").
 * Enough stays visible to tell contacts apart and to show the data exists; the parts that let
 * someone call or visit are hidden. `shownContact` is the one rule deciding who gets which: every
 * answer that carries an item's contact data (details, getUserCompany, addGJ) goes through it.
 */
import type { ContactAccess, ContactBlock } from '@shared/content/types';

const chars = (text: string) => Array.from(text);

/** 张三丰 → 张** */
export function maskName(name: string): string {
  const c = chars(name);
  if (c.length === 0) return '';
  return c[0] + '*'.repeat(Math.max(1, c.length - 1));
}

/** 13812345678 → 138****5678; 0531-88886666 → 0531-****6666; anything else keeps its last 4 digits. */
export function maskPhone(phone: string): string {
  if (/^1\d{10}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  const landline = /^(0\d{2,3})-(\d{7,8})$/.exec(phone);
  if (landline) return `${landline[1]}-****${landline[2]!.slice(-4)}`;
  let digitsLeft = phone.replace(/\D/g, '').length;
  return phone.replace(/\d/g, (d) => (digitsLeft-- > 4 ? '*' : d));
}

/** 山东鲁信建设集团有限公司 → 山东****有限公司 */
export function maskCompany(company: string): string {
  const c = chars(company);
  if (c.length <= 4) return c.slice(0, 1).join('') + '***';
  return c.slice(0, 2).join('') + '****' + c.slice(-4).join('');
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

/**
 * The contact block as this caller may see it: as stored for a VIP or after an unlock, masked for a
 * visitor and for a member who has not unlocked the item. `masked` tells callers not to copy it.
 */
export function shownContact(access: ContactAccessKind, contact: ContactBlock): { masked: boolean; contact: ContactBlock } {
  const masked = access !== 'vip' && access !== 'unlocked';
  return { masked, contact: masked ? maskContact(contact) : contact };
}
