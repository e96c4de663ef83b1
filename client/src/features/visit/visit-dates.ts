/**
 * Dates of the visit CRM in Shanghai wall time (the backend's zone, docs/api.md "Times"). antd's
 * pickers work with dayjs in the browser's zone; building them from Shanghai wall-clock text and
 * formatting them back as text keeps what the member picks exactly what the backend stores,
 * whatever zone the browser is in.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { BaifangClient } from '@shared/visit/types';
import { parseTime } from '@shared/time';

export const DATE = 'YYYY-MM-DD';
export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** A picker value showing the Shanghai wall time of `time` (default: now). */
export function pickerValue(time: string | number = Date.now(), pattern: string = DATE_TIME): Dayjs {
  return dayjs(typeof time === 'number' ? parseTime(time, pattern) : time, pattern);
}

export function pickerText(value: Dayjs | null | undefined, pattern: string): string | null {
  return value && value.isValid() ? value.format(pattern) : null;
}

/** `yyyy-MM-dd` of `now` in Shanghai. */
export const shanghaiDay = (now: number): string => parseTime(now, DATE);

/** Due for a visit (getGJNum's rule): still open (待跟进/跟进中) and planned for today or earlier. */
export function isDue(client: Pick<BaifangClient, 'status' | 'nextVisitDate'>, today: string): boolean {
  return (client.status === '0' || client.status === '1') && client.nextVisitDate !== null && client.nextVisitDate <= today;
}
