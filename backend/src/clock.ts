/**
 * Time in the portal's zone. The machines run in UTC; the product's days are China Standard Time,
 * which has had a fixed +08:00 offset and no daylight saving since 1991, so plain arithmetic is
 * exact and no time-zone database is needed. Reading and writing Shanghai times is shared/src/time.ts.
 */
import { parseContractDateTime, parseDateString, parseTime } from '@shared/time';

/** Injected everywhere time matters (token expiry, lockout, captcha, "today"), so tests control it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (RuoYi's createTime format). */
export function formatDateTime(date: Date): string {
  return parseTime(date, 'YYYY-MM-DD HH:mm:ss');
}

/** `yyyy-MM-dd` in Asia/Shanghai. */
export function formatDate(date: Date): string {
  return parseTime(date, 'YYYY-MM-DD');
}

/** Midnight (Asia/Shanghai) that starts the day containing `date`. */
export function startOfDay(date: Date): Date {
  const local = date.getTime() + OFFSET_MS;
  return new Date(local - (local % DAY_MS) - OFFSET_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/**
 * Parse `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai). Returns null for anything else,
 * including impossible dates such as 2024-02-30.
 */
export function parseLocalDateTime(text: string): Date | null {
  const ms = parseDateString(text) ?? parseContractDateTime(text);
  return ms === null ? null : new Date(ms);
}
