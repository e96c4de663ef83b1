/**
 * "The last N days" (近3天, 近7天, 近1个月…) as both sites' lists and the member's records offer
 * them: today and the N−1 calendar days before it, in Shanghai. 近3天 on the 26th is the 24th to the
 * 26th, 近7天 is the week that ends today — how the tender portals users know (千里马, 剑鱼) count,
 * and how a "today" that is itself one of the days reads.
 */
import { parseDateString, parseTime } from './time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `day` (`yyyy-MM-dd`) moved by `days` calendar days, back when negative; an unreadable day stays as it is. */
export function shiftDay(day: string, days: number): string {
  const ms = parseDateString(day);
  return ms === null ? day : parseTime(ms + days * DAY_MS, 'YYYY-MM-DD');
}

/** The first day of the last `days` days that end on `today` (both `yyyy-MM-dd`). */
export const lastDaysBegin = (today: string, days: number) => shiftDay(today, -(days - 1));

/** The last day of the next `days` days that start on `today` (未来7天: today and the six after it). */
export const nextDaysEnd = (today: string, days: number) => shiftDay(today, days - 1);

/** 发布时间's presets of the project and tender lists, on both sites. */
export const DATE_PRESETS = [
  { label: '近3天', days: 3 },
  { label: '近7天', days: 7 },
  { label: '近1个月', days: 30 },
  { label: '近3个月', days: 90 },
  { label: '近1年', days: 365 },
] as const;
