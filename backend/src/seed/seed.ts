/**
 * The deterministic demo data generator. The same seed and reference time give the
 * same database. Content is written in publish order in large transactions, and the search index
 * and its publish order (search/publish-order.ts) are built in a second pass once the rows are in.
 * With `empty`, only the reference data (dictionaries, settings, tiers, goods, support pages) is
 * written: a database for real notices, which the demo generator never touches (db/meta.ts).
 */
import { addDays, formatDateTime } from '../clock';
import { buildSearchIndex } from '../search/fts-index';
import { PasswordHasher } from '../modules/auth/passwords';
import type { Db } from '../db/connection';
import { isInitialised, META, setMeta } from '../db/meta';
import { subscriptionsFromProfiles } from '../db/migrations';
import {
  generateXmk,
  generateZb,
  nextInProcess,
  processNotice,
  publishTimes,
  startProcess,
  type TenderProcess,
  type ZbRow,
} from './content-generator';
import { contentWriter } from './content-writer';
import { seedDemoMembers } from './demo-members';
import { allDictionaries, type GeneratedNoticeType } from '../reference/dictionaries';
import { Random } from './random';
import { GOODS, MEMBER_TIERS, NOTICES, SITE_CONFIGS, SUPPORT_PAGES } from './site-content';

export const DEFAULT_SEED = 'shandong-2024';

export interface SeedOptions {
  /** Reference data only: no content, no demo members (`npm run seed -- --empty`). */
  empty?: boolean;
  projects: number;
  tenders: number;
  seed?: string;
  /** Reference time: dates spread over the year before it, some of them today. */
  now: Date;
  /** Progress lines for the CLI. */
  progress?: (message: string) => void;
  /** Hashes the demo members' passwords (default bcrypt cost 10). */
  hasher?: PasswordHasher;
}

export interface SeedSummary {
  projects: number;
  tenders: number;
  milliseconds: number;
}

const BATCH = 5_000;

/** Whether the database has its reference data (a demo or an empty database). */
export const isSeeded = isInitialised;

/** Fill an empty, migrated database. */
export function seedDatabase(db: Db, options: SeedOptions): SeedSummary {
  const started = Date.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const log = options.progress ?? (() => undefined);
  if (isSeeded(db)) throw new Error('the database is already seeded');
  const root = new Random(seed);

  if (options.empty) {
    db.transaction(() => {
      seedReferenceData(db, options.now, false);
      setMeta(db, META.kind, 'empty');
      setMeta(db, META.seededAt, formatDateTime(options.now));
    })();
    return { projects: 0, tenders: 0, milliseconds: Date.now() - started };
  }
  db.transaction(() => seedReferenceData(db, options.now, true))();
  const projectTimes = seedProjects(db, root.fork('xmk'), options.projects, options.now, log);
  seedTenders(db, root.fork('zb'), options.tenders, options.now, projectTimes, log);
  buildSearchIndex(db, 'xmk', log);
  buildSearchIndex(db, 'zb', log);
  db.transaction(() => {
    seedDemoMembers(db, root.fork('members'), options.now, options.hasher ?? new PasswordHasher());
    subscriptionsFromProfiles(db);
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run(META.seed, seed);
    meta.run(META.projects, String(options.projects));
    meta.run(META.tenders, String(options.tenders));
    meta.run(META.seededAt, formatDateTime(options.now));
    meta.run(META.kind, 'demo');
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { projects: options.projects, tenders: options.tenders, milliseconds: Date.now() - started };
}

/** `siteNews`: the demo's 网站公告 (not in an empty database). */
function seedReferenceData(db: Db, now: Date, siteNews: boolean): void {
  const config = db.prepare('INSERT INTO sys_config (config_key, config_name, config_value) VALUES (?, ?, ?)');
  for (const c of SITE_CONFIGS) config.run(c.key, c.name, c.value);

  const dict = db.prepare(
    `INSERT INTO sys_dict_data (dict_type, dict_sort, dict_label, dict_value, list_class, is_default, remark)
     VALUES (?, ?, ?, ?, ?, ?, NULL)`,
  );
  for (const [type, entries] of Object.entries(allDictionaries())) {
    entries.forEach((e, i) => dict.run(type, i + 1, e.label, e.value, e.listClass ?? null, e.isDefault ? 'Y' : 'N'));
  }

  const support = db.prepare('INSERT INTO cms_support (col, title, content, update_time) VALUES (?, ?, ?, ?)');
  for (const page of SUPPORT_PAGES) support.run(page.col, page.title, page.content, formatDateTime(addDays(now, -60)));

  const notice = db.prepare(
    `INSERT INTO sys_notice (notice_title, notice_type, notice_content, status, create_by, create_time)
     VALUES (?, ?, ?, ?, 'admin', ?)`,
  );
  // Oldest first, so ids follow time like the content tables.
  for (const n of [...(siteNews ? NOTICES : [])].sort((a, b) => b.daysAgo - a.daysAgo)) {
    notice.run(n.title, n.type, n.content, n.status ?? '0', formatDateTime(addDays(now, -n.daysAgo)));
  }

  const tier = db.prepare('INSERT INTO member_tier (level, name, benefits, view_all_contacts) VALUES (?, ?, ?, ?)');
  for (const t of MEMBER_TIERS) tier.run(t.level, t.name, JSON.stringify(t.benefits), t.viewAllContacts ? 1 : 0);

  const goods = db.prepare(
    `INSERT INTO goods (name, type, level, days, score, price_fen, original_fen, description, benefits, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  GOODS.forEach((g, i) =>
    goods.run(g.name, g.type, g.level, g.days, g.score, g.priceFen, g.originalFen, g.description, JSON.stringify(g.benefits), i + 1),
  );
}

/** Inserts `count` projects with ids 1..count; returns their publish instants, by id - 1. */
function seedProjects(db: Db, rng: Random, count: number, now: Date, log: (m: string) => void): Float64Array {
  const times = publishTimes(rng.fork('times'), count, now);
  const writer = contentWriter(db);
  const insertBatch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = writer.xmk(generateXmk(rng, new Date(times[i]!), now));
      if (id !== i + 1) throw new Error('projects must be seeded into an empty table');
    }
  });
  for (let from = 0; from < count; from += BATCH) {
    insertBatch(from, Math.min(count, from + BATCH));
    if ((from / BATCH) % 20 === 19) log(`projects: ${from + BATCH} of ${count}`);
  }
  return times;
}

/** Number of `sortedTimes` at or before `time`. */
function countAtOrBefore(sortedTimes: Float64Array, time: number): number {
  let lo = 0;
  let hi = sortedTimes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sortedTimes[mid]! <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Open tender processes by the time their next notice is due (a binary min-heap). */
class DueQueue<T> {
  private readonly items: { due: number; seq: number; value: T }[] = [];
  private seq = 0;

  push(due: number, value: T): void {
    const items = this.items;
    items.push({ due, seq: this.seq++, value });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  /** The first item due at or before `time`, removed; undefined when none is. */
  popDue(time: number): T | undefined {
    const items = this.items;
    if (items.length === 0 || items[0]!.due > time) return undefined;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.before(l, m)) m = l;
        if (r < items.length && this.before(r, m)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top.value;
  }

  private before(a: number, b: number): boolean {
    const x = this.items[a]!;
    const y = this.items[b]!;
    return x.due < y.due || (x.due === y.due && x.seq < y.seq);
  }
}

/** A seeded process code: tenders of one 标段 share it. */
const processCodeOf = (n: number, publishAt: Date) => `SDZB${formatDateTime(publishAt).slice(0, 4)}${String(n).padStart(7, '0')}`;

/**
 * Tenders in publish order. Each slot publishes the next notice of a process that is due by then,
 * else starts something new: three in four a process (预告 or 公告 first, then 变更, 候选人 and
 * 结果 as they fall due), one in four a one-off notice of any type (real lifecycles).
 */
function seedTenders(db: Db, rng: Random, count: number, now: Date, projectTimes: Float64Array, log: (m: string) => void): void {
  const times = publishTimes(rng.fork('times'), count, now);
  const writer = contentWriter(db);
  const open = new DueQueue<TenderProcess>();
  const nextType = new Map<TenderProcess, GeneratedNoticeType>();
  let processes = 0;
  const insertBatch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const time = times[i]!;
      const publishAt = new Date(time);
      let process = open.popDue(time);
      let row: ZbRow;
      if (process) {
        row = processNotice(rng, process, nextType.get(process)!, publishAt, now);
      } else {
        const published = countAtOrBefore(projectTimes, time);
        // Two tenders in three belong to a project, mostly a recent one.
        const projectId = published > 0 && rng.chance(0.65) ? published - Math.floor(rng.next() ** 2 * published) : 0;
        const project = projectId > 0 ? (writer.projectRef(projectId) ?? null) : null;
        if (rng.chance(0.25)) {
          row = generateZb(rng, publishAt, now, project);
        } else {
          process = startProcess(rng, publishAt, project, processCodeOf(++processes, publishAt));
          row = processNotice(rng, process, rng.chance(0.3) ? '1' : '2', publishAt, now);
        }
      }
      writer.zb(row);
      if (process) {
        const next = nextInProcess(rng, process, publishAt);
        if (next) {
          nextType.set(process, next.type);
          open.push(next.due, process);
        }
      }
    }
  });
  for (let from = 0; from < count; from += BATCH) {
    insertBatch(from, Math.min(count, from + BATCH));
    if ((from / BATCH) % 20 === 19) log(`tenders: ${from + BATCH} of ${count}`);
  }
}
