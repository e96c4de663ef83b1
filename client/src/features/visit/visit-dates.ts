/**
 * Dates of the visit CRM in Shanghai wall time (the backend's zone, docs/api.md "Times"). antd's
 * pickers work with dayjs in the browser's zone; building them from Shanghai wall-clock text and
 * formatting them back as text keeps what the member picks exactly what the backend stores,
 * whatever zone the browser is in.
 */
import dayjs, { type Dayjs } from 'dayjs';
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

// The due rule needs no picker: it lives without dayjs, for the phone pages.
export { isDue, shanghaiDay } from './visit-due';
