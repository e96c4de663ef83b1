import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, lastDaysBegin, nextDaysEnd, shiftDay } from './date-presets';

describe('the last N days', () => {
  it('are today and the N−1 days before it', () => {
    expect(lastDaysBegin('2026-11-26', 1)).toBe('2026-11-26');
    expect(lastDaysBegin('2026-11-26', 3)).toBe('2026-11-24');
    expect(lastDaysBegin('2026-11-26', 7)).toBe('2026-11-20');
    expect(lastDaysBegin('2026-03-01', 30)).toBe('2026-01-31');
    expect(DATE_PRESETS.map((preset) => lastDaysBegin('2026-11-26', preset.days))).toEqual([
      '2026-11-24',
      '2026-11-20',
      '2026-10-28',
      '2026-08-29',
      '2025-11-27',
    ]);
  });

  it('and the next N days are today and the N−1 after it', () => {
    expect(nextDaysEnd('2026-11-26', 7)).toBe('2026-12-02');
    expect(nextDaysEnd('2026-12-31', 1)).toBe('2026-12-31');
  });

  it('count Shanghai calendar days, across months, years and leap days', () => {
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01');
    expect(shiftDay('not a day', 3)).toBe('not a day');
  });
});
