/**
 * Deadline alerts, on the backend's clock so tests can move time: one `deadline` alert per member,
 * followed tender and date (报名截止, 开标) once that date is three days ahead or nearer. The
 * scheduler sweeps every few minutes.
 */
import { DAY_MS, formatDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { writeAlert, type AlertDelivery, type AlertEvent } from './matching';
import { deadlineAlert, followedDeadlines } from './queries';

/** The sweep's schedule (scheduler.ts): every five minutes. */
export const DEADLINE_SWEEP_SCHEDULE = '0 */5 * * * *';
/** Deadline alerts start this far ahead. */
export const DEADLINE_AHEAD_MS = 3 * DAY_MS;

/**
 * Deadline alerts of followed tenders whose date falls in (now, now + 3 days]. Returns how many were
 * new. A member gets one per tender and date: the date is in the change key, so a tender whose
 * deadline moves gets one alert for the new date; a member who follows the tender later gets theirs
 * in a later sweep (a new event: see writeAlert).
 */
export function sweepDeadlines(sql: Statements, now: Date): number {
  const from = formatDateTime(now);
  const to = formatDateTime(new Date(now.getTime() + DEADLINE_AHEAD_MS));
  const rows = followedDeadlines.all(sql, { from, to });
  let written = 0;
  sql.db.transaction(() => {
    // (tender, date) → the followers who have no alert for it yet
    const due = new Map<string, { event: AlertEvent; deliveries: AlertDelivery[] }>();
    for (const row of rows) {
      const dates = [
        ['signup', '报名截止', row.signupDeadline],
        ['open', '开标', row.openTime],
      ] as const;
      for (const [key, label, value] of dates) {
        if (!value || value <= from || value > to) continue;
        const changeKey = `${key}:${value}`;
        if (deadlineAlert.get(sql, { memberId: row.memberId, zbId: row.id, changeKey })) continue;
        const id = `${row.id} ${changeKey}`;
        let entry = due.get(id);
        if (!entry) {
          entry = {
            event: { kind: 'deadline', contentType: 'zb', contentId: row.id, changeKey, detail: `${label}：${value.slice(0, 16)}` },
            deliveries: [],
          };
          due.set(id, entry);
        }
        entry.deliveries.push({ memberId: row.memberId, subscriptionId: null });
      }
    }
    for (const { event, deliveries } of due.values()) written += writeAlert(sql, event, deliveries, from);
  })();
  return written;
}
