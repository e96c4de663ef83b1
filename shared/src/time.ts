/**
 * Time formatting of spec §9, always in Asia/Shanghai (UTC+8, no DST since 1991).
 *
 * The server renders in UTC and browsers run in any zone; if either used the host zone, the SSR
 * HTML and the hydrated client would print different strings. So every instant is shifted by a
 * fixed +8 h and read with the UTC getters, never with local ones. dayjs is not used here: its core
 * formats in the host zone, and the utc/timezone plugins would add global plugin state and Intl
 * zone data for what is one fixed offset.
 */
import { DEFAULT_TIME_PATTERN } from './constants';

/** What the API and the UI hand us: Date, epoch seconds or ms, or a date-time string. */
export type TimeInput = Date | number | string | null | undefined;

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * `YYYY-MM-DD`, `YYYY/MM/DD`, optionally ` HH:mm[:ss[.SSS]]` (space or T), optionally a zone
 * (`Z`, `+08:00`, `+0800`, `+08`). Without a zone the string is Shanghai wall time: the backend
 * writes `yyyy-MM-dd HH:mm:ss` in server local time (contract DateTimeString) and `yyyy-MM-dd` dates
 * are Shanghai calendar dates — unlike `Date.parse`, which reads a bare ISO date as UTC midnight.
 */
const DATE_TIME_RE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined) return SHANGHAI_OFFSET_MS;
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * HOUR_MS + Number(digits.slice(2) || '0') * MINUTE_MS);
}

/**
 * Epoch ms of a date or date-time string (format above), or null when it does not match or names
 * a day or time that does not exist (2026-02-30, 24:00).
 */
export function parseDateTimeString(text: string): number | null {
  const m = DATE_TIME_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Number(frac.padEnd(3, '0')));
  // Date.UTC rolls 02-30 over into March: reject anything that did not round-trip.
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return wall - zoneOffsetMs(zone);
}

const DATE_STRING_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_STRING_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Epoch ms of the contract's `yyyy-MM-dd` (DateString), a Shanghai calendar date; null for any other text. */
export function parseDateString(text: string): number | null {
  return DATE_STRING_RE.test(text) ? parseDateTimeString(text) : null;
}

/** Epoch ms of the contract's `yyyy-MM-dd HH:mm:ss` (DateTimeString), Shanghai wall time; null for any other text. */
export function parseContractDateTime(text: string): number | null {
  return DATE_TIME_STRING_RE.test(text) ? parseDateTimeString(text) : null;
}

/** spec §9: a 10-digit number is epoch seconds; any other number is epoch ms (13 digits today). */
function fromNumber(n: number): number | null {
  if (!Number.isFinite(n)) return null;
  return Math.abs(n) >= 1e9 && Math.abs(n) < 1e10 ? n * 1000 : n;
}

/** Epoch ms of any accepted input, or null for null, undefined, '' and anything unparseable. */
export function toTimestamp(time: TimeInput): number | null {
  let ms: number | null;
  if (time === null || time === undefined) return null;
  if (time instanceof Date) ms = time.getTime();
  else if (typeof time === 'number') ms = fromNumber(time);
  else {
    const text = time.trim();
    // A numeric string follows the number rule (RuoYi's parseTime does the same).
    ms = /^\d+$/.test(text) ? fromNumber(Number(text)) : parseDateTimeString(text);
  }
  // Outside ±8.64e15 ms a Date is invalid.
  return ms !== null && Number.isFinite(new Date(ms).getTime()) ? ms : null;
}

/** Weekday names as dayjs' zh-cn locale has them, so a pattern means the same in antd pickers. */
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;
const WEEKDAYS_SHORT = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;
const WEEKDAYS_MIN = ['日', '一', '二', '三', '四', '五', '六'] as const;

/** `[literal]` first, then the longest tokens, so `dddd` is not read as `dd` + `dd`. */
const TOKEN_RE = /\[([^\]]*)]|YYYY|MM|DD|HH|mm|ss|SSS|dddd|ddd|dd/g;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * A Date whose UTC fields read the Shanghai wall time of `ms`: for writers that take a zone-less
 * date-time (a spreadsheet cell), and for the formatter below.
 */
export function shanghaiWallClock(ms: number): Date {
  return new Date(ms + SHANGHAI_OFFSET_MS);
}

function format(ms: number, pattern: string): string {
  const t = shanghaiWallClock(ms);
  const weekday = t.getUTCDay();
  return pattern.replace(TOKEN_RE, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return pad(t.getUTCFullYear(), 4);
      case 'MM':
        return pad(t.getUTCMonth() + 1);
      case 'DD':
        return pad(t.getUTCDate());
      case 'HH':
        return pad(t.getUTCHours());
      case 'mm':
        return pad(t.getUTCMinutes());
      case 'ss':
        return pad(t.getUTCSeconds());
      case 'SSS':
        return pad(t.getUTCMilliseconds(), 3);
      case 'dddd':
        return WEEKDAYS[weekday] ?? '';
      case 'ddd':
        return WEEKDAYS_SHORT[weekday] ?? '';
      default: // 'dd'
        return WEEKDAYS_MIN[weekday] ?? '';
    }
  });
}

/**
 * spec §9 time formatter (RuoYi's parseTime with dayjs-style tokens), in Asia/Shanghai.
 *
 * Tokens: YYYY MM DD HH mm ss SSS (zero-padded); weekday `dddd` → 星期一, `ddd` → 周一,
 * `dd` → 一 (RuoYi's `{a}`); `[text]` is printed verbatim. Other characters, 年/月/日 included,
 * pass through. Returns '' for null, undefined, '' and anything invalid, so a missing time renders
 * as nothing rather than "Invalid Date" or 1970. `dateOnly` leaves the time of day out.
 */
export function parseTime(time: TimeInput, pattern: string = DEFAULT_TIME_PATTERN, options: TimeOptions = {}): string {
  const ms = toTimestamp(time);
  return ms === null ? '' : format(ms, options.dateOnly ? datePart(pattern) : pattern);
}

export interface TimeOptions {
  /** The time names a day only (a publisher's `yyyy-MM-dd`, stored at 00:00): print no time of day. */
  dateOnly?: boolean;
}

/** A pattern's date: what comes before its hours, trailing spaces and `T` dropped ('MM-DD HH:mm' → 'MM-DD'). */
function datePart(pattern: string): string {
  const hours = pattern.indexOf('HH');
  return hours < 0 ? pattern : pattern.slice(0, hours).replace(/[\sT]+$/, '');
}

/** Shanghai calendar-day number (days since 1970-01-01 in +8), for "yesterday" tests. */
const shanghaiDay = (ms: number): number => Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS);

/**
 * Relative time for list rows, deterministic given `now` (pass a render-stable value, e.g. the
 * time the server rendered, or SSR and hydration will disagree):
 * - under a minute ago (or up to a minute ahead: clock skew) → 刚刚
 * - under an hour → N分钟前; under 24 hours → N小时前
 * - the previous Shanghai calendar day (and 24 h or more ago) → 昨天
 * - anything older, or further in the future → YYYY-MM-DD
 * Invalid `time` → ''.
 */
export function formatRelative(time: TimeInput, now: Date | number): string {
  const ms = toTimestamp(time);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (ms === null || !Number.isFinite(nowMs)) return '';
  const diff = nowMs - ms;
  if (diff < -MINUTE_MS) return format(ms, 'YYYY-MM-DD');
  if (diff < MINUTE_MS) return '刚刚';
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)}分钟前`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)}小时前`;
  if (shanghaiDay(nowMs) - shanghaiDay(ms) === 1) return '昨天';
  return format(ms, 'YYYY-MM-DD');
}

/** Where a deadline (报名截止) stands at `now`: passed, or how many Shanghai calendar days are left. */
export interface DeadlineState {
  closed: boolean;
  /** 0 on the deadline's own day (今日截止); meaningless once closed. */
  daysLeft: number;
}

/**
 * The one rule for 报名截止 on tender lists and details (the member's 招标订阅 list, /zb, /zb/{id}):
 * closed once the instant has passed; otherwise the days left count Shanghai calendar days, so a
 * deadline tomorrow at 09:00 is "剩 1 天" all of today. `now` must be render-stable (the time the
 * page's data was fetched), or SSR and hydration disagree. null: no (valid) deadline.
 */
export function deadlineState(deadline: TimeInput, now: number): DeadlineState | null {
  const ms = toTimestamp(deadline);
  if (ms === null || !Number.isFinite(now)) return null;
  if (ms < now) return { closed: true, daysLeft: 0 };
  return { closed: false, daysLeft: shanghaiDay(ms) - shanghaiDay(now) };
}

/** 已截止 / 今日截止 / 剩 N 天: the words for a deadline state. */
export function deadlineText(state: DeadlineState): string {
  if (state.closed) return '已截止';
  return state.daysLeft === 0 ? '今日截止' : `剩 ${state.daysLeft} 天`;
}
