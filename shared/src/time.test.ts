import { afterEach, describe, expect, it } from 'vitest';
import { deadlineState, deadlineText, formatRelative, parseDateTimeString, parseTime, toTimestamp } from './time';

/** 2026-01-01T17:00:00Z = 2026-01-02 01:00:00 in Shanghai (a Friday). */
const BOUNDARY_MS = Date.UTC(2026, 0, 1, 17, 0, 0);
const BOUNDARY_S = BOUNDARY_MS / 1000; // 1767286800

/** Epoch ms of a Shanghai wall time (NaN if the test's own input is wrong). */
const at = (text: string): number => toTimestamp(text) ?? Number.NaN;

describe('parseTime: inputs', () => {
  it('shifts a UTC instant to Shanghai across the date line', () => {
    expect(parseTime('2026-01-01T17:00:00Z')).toBe('2026-01-02 01:00:00');
    expect(parseTime(new Date(BOUNDARY_MS))).toBe('2026-01-02 01:00:00');
    // Still the 1st in Shanghai one second before 16:00Z.
    expect(parseTime('2026-01-01T15:59:59Z')).toBe('2026-01-01 23:59:59');
    expect(parseTime('2025-12-31T16:00:00.000Z')).toBe('2026-01-01 00:00:00');
  });

  it('reads a 10-digit number or numeric string as seconds and 13 digits as ms', () => {
    expect(String(BOUNDARY_S)).toHaveLength(10);
    expect(parseTime(BOUNDARY_S)).toBe('2026-01-02 01:00:00');
    expect(parseTime(String(BOUNDARY_S))).toBe('2026-01-02 01:00:00');
    expect(parseTime(BOUNDARY_MS)).toBe('2026-01-02 01:00:00');
    expect(parseTime(String(BOUNDARY_MS))).toBe('2026-01-02 01:00:00');
    expect(parseTime(` ${BOUNDARY_S} `)).toBe('2026-01-02 01:00:00');
    // Fractional seconds (e.g. from time.time()) are still seconds.
    expect(parseTime(BOUNDARY_S + 0.5, 'HH:mm:ss.SSS')).toBe('01:00:00.500');
    // Both ends of the 10-digit range.
    expect(parseTime(1_000_000_000)).toBe('2001-09-09 09:46:40');
    expect(parseTime(9_999_999_999)).toBe('2286-11-21 01:46:39');
  });

  it('reads other numbers as ms, like Date', () => {
    expect(parseTime(0)).toBe('1970-01-01 08:00:00');
    expect(parseTime(999_999_999)).toBe('1970-01-12 21:46:39');
    expect(parseTime(-8 * 3600 * 1000)).toBe('1970-01-01 00:00:00');
  });

  it('reads zone-less date-time strings as Shanghai wall time', () => {
    expect(parseTime('2026-01-02 01:00:00')).toBe('2026-01-02 01:00:00');
    expect(toTimestamp('2026-01-02 01:00:00')).toBe(BOUNDARY_MS);
    expect(toTimestamp('2026-01-02T01:00:00')).toBe(BOUNDARY_MS);
    expect(toTimestamp('2026/01/02 01:00:00')).toBe(BOUNDARY_MS);
    expect(toTimestamp('2026-1-2 1:00')).toBe(BOUNDARY_MS);
    expect(parseTime('2026-03-05')).toBe('2026-03-05 00:00:00');
    expect(parseTime('2026-03-05 08:30')).toBe('2026-03-05 08:30:00');
    expect(parseTime('2026-03-05 08:30:15.250', 'ss.SSS')).toBe('15.250');
  });

  it('honours an explicit zone', () => {
    expect(toTimestamp('2026-01-02T01:00:00+08:00')).toBe(BOUNDARY_MS);
    expect(toTimestamp('2026-01-02T01:00:00+0800')).toBe(BOUNDARY_MS);
    expect(toTimestamp('2026-01-02T01:00:00+08')).toBe(BOUNDARY_MS);
    expect(toTimestamp('2026-01-01T12:00:00-05:00')).toBe(BOUNDARY_MS);
    expect(toTimestamp('2026-01-01T17:00:00z')).toBe(BOUNDARY_MS);
    expect(parseTime('2026-01-01T17:00:00.123456Z', 'HH:mm:ss.SSS')).toBe('01:00:00.123');
  });

  it('round-trips toISOString output', () => {
    const d = new Date(Date.UTC(2025, 6, 15, 3, 4, 5, 6));
    expect(toTimestamp(d.toISOString())).toBe(d.getTime());
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'abc',
    'Invalid Date',
    '2026-13-01',
    '2026-00-10',
    '2026-02-30',
    '2025-02-29',
    '2026-01-01 24:00:00',
    '2026-01-01 12:60',
    '2026-01-01 12:00:60',
    '2026-01-01T12:00:00+25:00x',
    '01/02/2026',
    'Thu, 01 Jan 2026 17:00:00 GMT',
    '-1767286800',
    '1.7e9',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    8.64e15 + 1,
    new Date('nope'),
  ])('returns "" for invalid input %j', (input) => {
    expect(parseTime(input)).toBe('');
    expect(toTimestamp(input)).toBeNull();
  });

  it('accepts a real leap day', () => {
    expect(parseTime('2024-02-29 12:00:00')).toBe('2024-02-29 12:00:00');
  });
});

describe('parseTime: patterns', () => {
  it('defaults to YYYY-MM-DD HH:mm:ss', () => {
    expect(parseTime(BOUNDARY_MS)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('pads month, day, hour, minute and second', () => {
    expect(parseTime('2026-03-05 04:06:07', 'YYYY/MM/DD H HH:mm:ss')).toBe('2026/03/05 H 04:06:07');
    expect(parseTime('2026-12-25 23:59:58')).toBe('2026-12-25 23:59:58');
  });

  it('pads years below 1000 to four digits', () => {
    expect(parseTime(Date.UTC(999, 0, 1) - 8 * 3600 * 1000, 'YYYY')).toBe('0999');
  });

  it('passes Chinese and other text through', () => {
    expect(parseTime('2026-03-05 14:30:00', 'YYYY年MM月DD日 HH时mm分')).toBe('2026年03月05日 14时30分');
    expect(parseTime('2026-03-05', 'MM-DD')).toBe('03-05');
  });

  it('prints [bracketed] text verbatim', () => {
    expect(parseTime('2026-03-05 14:30:00', '[YYYY:] YYYY [at] HH:mm')).toBe('YYYY: 2026 at 14:30');
  });

  // 2026-01-04 is a Sunday; the week runs to Saturday 2026-01-10.
  it.each([
    ['2026-01-04', '星期日', '周日', '日'],
    ['2026-01-05', '星期一', '周一', '一'],
    ['2026-01-06', '星期二', '周二', '二'],
    ['2026-01-07', '星期三', '周三', '三'],
    ['2026-01-08', '星期四', '周四', '四'],
    ['2026-01-09', '星期五', '周五', '五'],
    ['2026-01-10', '星期六', '周六', '六'],
  ])('%s is %s', (date, long, short, min) => {
    expect(parseTime(date, 'dddd')).toBe(long);
    expect(parseTime(date, 'ddd')).toBe(short);
    expect(parseTime(date, 'dd')).toBe(min);
    expect(parseTime(date, '星期dd')).toBe(`星期${min}`);
  });

  it('takes the weekday in Shanghai, not UTC', () => {
    // Thursday 17:00Z is already Friday in Shanghai.
    expect(parseTime('2026-01-01T17:00:00Z', 'YYYY-MM-DD dddd')).toBe('2026-01-02 星期五');
  });
});

describe('parseTime: independent of the host time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Asia/Shanghai'])('renders the same in %s', (tz) => {
    process.env.TZ = tz;
    expect(parseTime(BOUNDARY_MS, 'YYYY-MM-DD HH:mm:ss dddd')).toBe('2026-01-02 01:00:00 星期五');
    expect(parseTime('2026-01-02 01:00:00')).toBe('2026-01-02 01:00:00');
    expect(toTimestamp('2026-01-02')).toBe(Date.UTC(2026, 0, 1, 16));
  });
});

describe('parseDateTimeString', () => {
  it('does not take numeric strings', () => {
    expect(parseDateTimeString(String(BOUNDARY_S))).toBeNull();
  });

  it('parses a date as Shanghai midnight', () => {
    expect(parseDateTimeString('2026-01-02')).toBe(Date.UTC(2026, 0, 1, 16));
  });
});

describe('formatRelative', () => {
  const now = at('2026-03-10 12:00:00');
  const ago = (ms: number): number => now - ms;
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  it.each([
    [0, '刚刚'],
    [59_999, '刚刚'],
    [-30_000, '刚刚'],
    [MIN, '1分钟前'],
    [5 * MIN, '5分钟前'],
    [5 * MIN + 59_999, '5分钟前'],
    [59 * MIN + 59_999, '59分钟前'],
    [HOUR, '1小时前'],
    [3 * HOUR, '3小时前'],
    [23 * HOUR + 59 * MIN, '23小时前'],
  ])('%i ms ago → %s', (msAgo, expected) => {
    expect(formatRelative(ago(msAgo), now)).toBe(expected);
  });

  it('says 昨天 for the previous Shanghai day once 24 h have passed', () => {
    expect(formatRelative('2026-03-09 12:00:00', now)).toBe('昨天');
    expect(formatRelative('2026-03-09 00:00:00', now)).toBe('昨天');
  });

  it('falls back to the date for older items', () => {
    expect(formatRelative('2026-03-08 23:59:59', now)).toBe('2026-03-08');
    expect(formatRelative('2025-12-31 10:00:00', now)).toBe('2025-12-31');
  });

  it('uses hours rather than 昨天 within 24 h across midnight', () => {
    const justAfterMidnight = at('2026-03-10 01:00:00');
    expect(formatRelative('2026-03-09 23:00:00', justAfterMidnight)).toBe('2小时前');
    expect(formatRelative('2026-03-09 00:30:00', justAfterMidnight)).toBe('昨天');
  });

  it('uses Shanghai days for 昨天, not UTC days', () => {
    // 09:00 Shanghai = 01:00Z: the item (07:00 the day before = 23:00Z two UTC days back) is 昨天.
    expect(formatRelative('2026-03-09 07:00:00', at('2026-03-10 09:00:00'))).toBe('昨天');
    // 07:00 Shanghai = 23:00Z the day before: one UTC day back, but two Shanghai days → date.
    expect(formatRelative('2026-03-08 09:00:00', at('2026-03-10 07:00:00'))).toBe('2026-03-08');
  });

  it('shows the date for times more than a minute ahead', () => {
    expect(formatRelative(ago(-2 * MIN), now)).toBe('2026-03-10');
    expect(formatRelative('2026-04-01 09:00:00', now)).toBe('2026-04-01');
  });

  it('accepts every TimeInput form and a Date for now', () => {
    const fiveMinAgo = ago(5 * MIN);
    expect(formatRelative(new Date(fiveMinAgo), new Date(now))).toBe('5分钟前');
    expect(formatRelative(fiveMinAgo / 1000, now)).toBe('5分钟前');
    expect(formatRelative(String(fiveMinAgo), now)).toBe('5分钟前');
    expect(formatRelative('2026-03-10 11:55:00', now)).toBe('5分钟前');
  });

  it('returns "" for an invalid time or now', () => {
    expect(formatRelative(null, now)).toBe('');
    expect(formatRelative('', now)).toBe('');
    expect(formatRelative('bad', now)).toBe('');
    expect(formatRelative(now, Number.NaN)).toBe('');
    expect(formatRelative(now, new Date('nope'))).toBe('');
  });
});

describe('deadlineState (报名截止)', () => {
  const now = toTimestamp('2026-03-10 12:00:00') ?? 0;
  const text = (deadline: string | null) => {
    const state = deadlineState(deadline, now);
    return state ? deadlineText(state) : null;
  };

  it('is closed once the deadline has passed', () => {
    expect(text('2026-03-10 11:59:59')).toBe('已截止');
    expect(text('2026-01-01')).toBe('已截止');
  });

  it('counts Shanghai calendar days left', () => {
    expect(text('2026-03-10 18:00:00')).toBe('今日截止');
    expect(text('2026-03-11 09:00:00')).toBe('剩 1 天');
    expect(text('2026-03-13 23:59:59')).toBe('剩 3 天');
    // 2026-03-11 01:00 Shanghai is 03-10 17:00Z: a UTC day count would say 今日.
    expect(text('2026-03-11T01:00:00+08:00')).toBe('剩 1 天');
  });

  it('is null without a valid deadline', () => {
    expect(text(null)).toBeNull();
    expect(text('bad')).toBeNull();
    expect(deadlineState('2026-03-11', Number.NaN)).toBeNull();
  });
});
