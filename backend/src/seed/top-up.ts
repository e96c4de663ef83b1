/**
 * Demo freshness (docs/decisions/demo-data.md): a demo database seeded days ago would show zero "today" counts.
 * When the newest item is older than today, publish a small deterministic batch for each missing
 * day (at most the last 30), at the seeded daily rate, in one transaction, in publish order. Only
 * demo databases into which no real notices were imported are touched (db/meta.ts).
 */
import { addDays, DAY_MS, formatDate, parseLocalDateTime, startOfDay } from '../clock';
import { ftsWriter, xmkDocument, zbDocument } from '../search/fts-index';
import type { Db } from '../db/connection';
import { generateXmk, generateZb } from './content-generator';
import { contentWriter } from './content-writer';
import { Random } from './random';
import { demoSeed, META, metaValue } from '../db/meta';

export const TOP_UP_MAX_DAYS = 30;

/** The top-up's schedule (scheduler.ts): five seconds after each midnight, Asia/Shanghai. */
export const TOP_UP_SCHEDULE = '5 0 0 * * *';

export interface TopUpResult {
  days: number;
  projects: number;
  tenders: number;
}

/** Instants on `day`: working hours for past days, midnight to `now` for today. Sorted. */
function timesOn(rng: Random, day: Date, now: Date, count: number): number[] {
  const start = day.getTime();
  const isToday = start === startOfDay(now).getTime();
  const times = Array.from({ length: count }, () =>
    isToday ? start + Math.floor(rng.next() * (now.getTime() - start)) : start + (8 * 3600 + rng.int(0, 12 * 3600 - 1)) * 1000,
  );
  return times.sort((a, b) => a - b);
}

export function topUpDemoData(db: Db, now: Date): TopUpResult {
  const none = { days: 0, projects: 0, tenders: 0 };
  const seed = demoSeed(db);
  if (seed === undefined) return none;
  const newestOf = (table: 'xmk' | 'zb') =>
    db.prepare<[], { newest: string | null }>(`SELECT max(publish_time) AS newest FROM ${table}`).get()?.newest ?? '';
  const newest = [newestOf('xmk'), newestOf('zb')].sort().at(-1);
  const today = startOfDay(now);
  const newestDay = newest ? startOfDay(parseLocalDateTime(newest) ?? today) : addDays(today, -1);
  if (newestDay.getTime() >= today.getTime()) return none;

  const first = new Date(Math.max(newestDay.getTime() + DAY_MS, addDays(today, -(TOP_UP_MAX_DAYS - 1)).getTime()));
  const perDay = (key: string) => Math.max(3, Math.round(Number(metaValue(db, key) ?? 0) / 365));
  const projectsPerDay = perDay(META.projects);
  const tendersPerDay = perDay(META.tenders);
  const writer = contentWriter(db);
  const indexXmk = ftsWriter(db, 'xmk');
  const indexZb = ftsWriter(db, 'zb');
  const latestProjects = db.prepare<[number], { id: number }>('SELECT id FROM xmk ORDER BY id DESC LIMIT ?');

  const result = { ...none };
  db.transaction(() => {
    for (let day = first; day.getTime() <= today.getTime(); day = addDays(day, 1)) {
      const rng = new Random(`${seed}:top-up:${formatDate(day)}`);
      for (const time of timesOn(rng, day, now, projectsPerDay)) {
        const row = generateXmk(rng, new Date(time), now);
        indexXmk(writer.xmk(row), xmkDocument(row));
      }
      const recent = latestProjects.all(200).map((r) => r.id);
      for (const time of timesOn(rng, day, now, tendersPerDay)) {
        const project = recent.length > 0 && rng.chance(0.65) ? (writer.projectRef(rng.pick(recent)) ?? null) : null;
        const row = generateZb(rng, new Date(time), now, project);
        indexZb(writer.zb(row), zbDocument(row));
      }
      result.days++;
      result.projects += projectsPerDay;
      result.tenders += tendersPerDay;
    }
  })();
  return result;
}
