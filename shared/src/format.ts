/**
 * Amounts, counts and areas for list rows and detail pages (DOMAIN.md: 投资总额 and 预算/中标金额 in
 * 万元, 建筑面积 in m², 浏览量).
 *
 * The formatters are created once per module: `toLocaleString` in a render loop cost ten times the
 * render itself here (DEPENDENCIES.md). Only grouping and fraction digits come from Intl; the
 * symbols and units are appended by hand so the server's ICU and every browser produce the same
 * string (no currency-symbol or unit-style variance to break hydration).
 */

/** What a missing value renders as. Not "面议" (negotiable): null means unknown, not a promise. */
export const MISSING = '—';

const upTo2 = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const exactly2 = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

type Amount = number | null | undefined;

const isNumber = (n: Amount): n is number => typeof n === 'number' && Number.isFinite(n);

/** Intl keeps the sign of values that round to zero ("-0"); nobody wants to read that. */
const dropNegativeZero = (text: string): string => (/^-0(?:\.0+)?$/.test(text) ? text.slice(1) : text);

/** 万元 amounts: up to two decimals, trailing zeros dropped. 1234.56 → "1,234.56万元", 1280 → "1,280万元". */
export function formatWan(amount: Amount): string {
  return isNumber(amount) ? `${dropNegativeZero(upTo2.format(amount))}万元` : MISSING;
}

/**
 * 元 prices (goods, member tiers): whole yuan without decimals, otherwise always two, as prices are
 * printed. 1280 → "¥1,280", 12.5 → "¥12.50", -5 → "-¥5".
 */
export function formatYuan(amount: Amount): string {
  if (!isNumber(amount)) return MISSING;
  const cents = Math.round(Math.abs(amount) * 100);
  if (cents === 0) return '¥0';
  const text = cents % 100 === 0 ? whole.format(cents / 100) : exactly2.format(cents / 100);
  return `${amount < 0 ? '-' : ''}¥${text}`;
}

/** Counts (views, results, points): whole numbers with thousands separators. 12345 → "12,345". */
export function formatCount(count: Amount): string {
  return isNumber(count) ? dropNegativeZero(whole.format(count)) : MISSING;
}

/** 建筑面积: up to two decimals and ㎡, as Chinese listings print it. 12345.6 → "12,345.6㎡". */
export function formatArea(m2: Amount): string {
  return isNumber(m2) ? `${dropNegativeZero(upTo2.format(m2))}㎡` : MISSING;
}

/** A phone number as a link a phone can dial: digits and a leading + only. "0531-8888 6666" → "tel:053188886666". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Control characters (C0 with CR, LF and TAB, DEL, C1) and the Unicode line and paragraph
 * separators, each run read as one space; then trimmed. For one-line texts (titles, names): such a
 * character shows as nothing useful, breaks XML 1.0 (Atom) and starts a new line in iCalendar.
 */
export const singleLine = (text: string) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
