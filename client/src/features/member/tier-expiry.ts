import { toTimestamp } from '@shared/time';

const DAY_MS = 24 * 3600_000;

/**
 * Whole days a paid tier has left at `now` (part of a day counts as a day), 0 once it has ended,
 * null for 普通会员 (no expiry). `now` must be render-stable: the time the page's data was fetched.
 */
export function daysLeft(levelExpireTime: string | null, now: number): number | null {
  const expires = toTimestamp(levelExpireTime);
  return expires === null ? null : Math.max(0, Math.ceil((expires - now) / DAY_MS));
}
