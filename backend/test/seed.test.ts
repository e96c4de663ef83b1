/**
 * The demo data generator: deterministic, real regions, consistent histories and links, demo
 * members whose ledgers add up, and the daily top-up that keeps "today" non-empty.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DAY_MS, formatDateTime, startOfDay } from '../src/clock';
import { openDatabase, type Db } from '../src/db/connection';
import { migrateDatabase } from '../src/migrate-database';
import { CITIES } from '../src/reference/regions';
import { seedDatabase } from '../src/seed/seed';
import { topUpDemoData } from '../src/seed/top-up';
import { PasswordHasher } from '../src/modules/auth/passwords';
import { ContentSearch } from '../src/modules/content/search';
import { ContentStats } from '../src/modules/content/content-stats';
import { Statements } from '../src/db/connection';

const NOW = new Date('2024-06-12T02:30:00Z');
const dirs: string[] = [];

function freshDb(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-seed-test-'));
  dirs.push(dir);
  const db = openDatabase(dir, { synchronous: 'NORMAL' });
  migrateDatabase(db);
  return db;
}

function seeded(options: { seed?: string; now?: Date; projects?: number; tenders?: number } = {}): Db {
  const db = freshDb();
  seedDatabase(db, {
    projects: options.projects ?? 150,
    tenders: options.tenders ?? 200,
    seed: options.seed ?? 'test-seed',
    now: options.now ?? NOW,
    hasher: new PasswordHasher(4),
  });
  return db;
}

const value = <T>(db: Db, sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { v: T }).v;
const dump = (db: Db, table: string) => JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all());

let db: Db;

beforeAll(() => {
  db = seeded();
});

afterAll(() => {
  db.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('determinism', () => {
  it('gives the same content for the same seed and reference time, different for another seed', () => {
    const twin = seeded();
    for (const table of ['xmk', 'xmk_version', 'zb', 'favorite', 'visit_client', 'visit_record', 'score_log', 'message']) {
      expect(dump(twin, table)).toBe(dump(db, table));
    }
    const other = seeded({ seed: 'another-seed' });
    expect(dump(other, 'xmk')).not.toBe(dump(db, 'xmk'));
    twin.close();
    other.close();
  });
});

describe('content', () => {
  const known = new Map(CITIES.flatMap((c) => [[c.code, c.code] as const, ...c.counties.map(([code]) => [code, c.code] as const)]));

  it('uses real region codes, with each city derived from its code', () => {
    for (const table of ['xmk', 'zb']) {
      const rows = db.prepare(`SELECT DISTINCT area_code AS area, city_code AS city FROM ${table}`).all() as {
        area: string;
        city: string;
      }[];
      for (const { area, city } of rows) expect(known.get(area)).toBe(city);
    }
  });

  it('keeps ids in publish order over the last year, with some items today', () => {
    for (const table of ['xmk', 'zb']) {
      const times = (db.prepare(`SELECT publish_time AS t FROM ${table} ORDER BY id`).all() as { t: string }[]).map((r) => r.t);
      expect(times).toEqual([...times].sort());
      expect(times[0]! >= formatDateTime(addDays(startOfDay(NOW), -366))).toBe(true);
      expect(times.at(-1)! <= formatDateTime(NOW)).toBe(true);
      expect(times.filter((t) => t >= '2024-06-12 00:00:00').length).toBeGreaterThan(0);
    }
  });

  it("records each project's stage history, ending at its current stage", () => {
    const projects = db.prepare('SELECT id, stage, publish_time AS publishTime, update_time AS updateTime FROM xmk').all() as {
      id: number;
      stage: string;
      publishTime: string;
      updateTime: string;
    }[];
    const history = db.prepare('SELECT version, stage, change_time AS changeTime FROM xmk_version WHERE xmk_id = ? ORDER BY version');
    for (const p of projects) {
      const versions = history.all(p.id) as { version: number; stage: string; changeTime: string }[];
      expect(versions[0]).toMatchObject({ version: 1, changeTime: p.publishTime });
      expect(versions.at(-1)).toMatchObject({ stage: p.stage, changeTime: p.updateTime });
      const stages = versions.map((v) => Number(v.stage));
      expect(stages).toEqual([...stages].sort((a, b) => a - b));
    }
  });

  it('links tenders to projects published before them, in the same place and industry', () => {
    const links = db
      .prepare(
        `SELECT z.publish_time AS zt, x.publish_time AS xt, z.area_code = x.area_code AS sameArea, z.industry = x.industry AS sameIndustry,
                  z.tenderer = x.owner AS sameOwner, instr(z.title, x.title) = 1 AS titled
                FROM zb z JOIN xmk x ON x.id = z.xmk_id`,
      )
      .all() as { zt: string; xt: string; sameArea: number; sameIndustry: number; sameOwner: number; titled: number }[];
    expect(links.length).toBeGreaterThan(50);
    for (const link of links) {
      expect(link.xt <= link.zt).toBe(true);
      expect([link.sameArea, link.sameIndustry, link.sameOwner, link.titled]).toEqual([1, 1, 1, 1]);
    }
  });

  it('writes plausible names, amounts and masked-able contacts', () => {
    const titles = (db.prepare('SELECT title AS v FROM xmk').all() as { v: string }[]).map((r) => r.v);
    expect(titles.every((t) => (t.match(/[\u4e00-\u9fa5]/g) ?? []).length >= 6)).toBe(true);
    expect(titles.some((t) => t.includes('道路改扩建工程'))).toBe(true);
    expect(value<number>(db, 'SELECT min(investment) AS v FROM xmk')).toBeGreaterThan(0);
    const phones = (db.prepare('SELECT contact_phone AS v FROM xmk UNION SELECT contact_phone FROM zb').all() as { v: string }[]).map(
      (r) => r.v,
    );
    expect(phones.every((p) => /^(1[3-9]\d{9}|0\d{3}-\d{8})$/.test(p))).toBe(true);
  });

  it('indexes every item for search', () => {
    const search = new ContentSearch(new Statements(db), new ContentStats(new Statements(db)));
    const all = search.search('zb', { areaCode: '370100', orderBy: 'time', asc: false }, { pageNum: 1, pageSize: 100 });
    expect(all.total).toBe(value<number>(db, "SELECT count(*) AS v FROM zb WHERE city_code = '370100'"));
  });
});

describe('demo members', () => {
  it('have ledgers that add up to their scores', () => {
    for (const name of ['demo', 'vip']) {
      const score = value<number>(db, 'SELECT score AS v FROM member WHERE user_name = ?', name);
      const last = value<number>(
        db,
        'SELECT l.balance AS v FROM score_log l JOIN member m ON m.id = l.member_id WHERE m.user_name = ? ORDER BY l.id DESC LIMIT 1',
        name,
      );
      const sum = value<number>(
        db,
        'SELECT sum(change) AS v FROM score_log l JOIN member m ON m.id = l.member_id WHERE m.user_name = ?',
        name,
      );
      expect([last, sum]).toEqual([score, score]);
    }
  });

  it('give demo favourites, clients with records, unlocks and messages; vip a year of VIP', () => {
    const count = (table: string) =>
      value<number>(db, `SELECT count(*) AS v FROM ${table} t JOIN member m ON m.id = t.member_id WHERE m.user_name = 'demo'`);
    expect(count('favorite')).toBeGreaterThanOrEqual(8);
    expect(count('visit_client')).toBeGreaterThanOrEqual(5);
    expect(count('visit_record')).toBeGreaterThanOrEqual(5);
    expect(count('contact_unlock')).toBeGreaterThanOrEqual(1);
    expect(count('message')).toBe(3);
    expect(value<string>(db, "SELECT level || ' ' || level_expire_time AS v FROM member WHERE user_name = 'vip'")).toBe(
      '2 2025-06-11 10:30:00',
    );
  });
});

describe('demo members: a plausible timeline and a full member area for both', () => {
  const nowText = formatDateTime(NOW);

  /** The default seed and a few others, small: timelines are random per seed, the rules are not. */
  const timelines = () => [
    db,
    ...['shandong-2024', 'timeline-1', 'timeline-2', 'timeline-3', 'timeline-4'].map((seed) => seeded({ seed, projects: 60, tenders: 80 })),
  ];

  it('dates nothing after the seed clock (next visits aside)', () => {
    const columns: [table: string, column: string][] = [
      ['visit_record', 'visit_time'],
      ['visit_record', 'create_time'],
      ['visit_client', 'create_time'],
      ['visit_client', 'update_time'],
      ['favorite', 'create_time'],
      ['favorite', 'update_time'],
      ['contact_unlock', 'create_time'],
      ['score_log', 'create_time'],
      ['message', 'create_time'],
      ['message', 'reply_time'],
      ['cms_order', 'create_time'],
      ['cms_order', 'confirm_time'],
      ['member', 'create_time'],
      ['member', 'login_date'],
    ];
    for (const seededDb of timelines()) {
      for (const [table, column] of columns) {
        const latest = value<string | null>(seededDb, `SELECT max(${column}) AS v FROM ${table}`);
        expect(latest, `${table}.${column}`).not.toBeNull();
        expect(latest! <= nowText, `${table}.${column}: ${latest}`).toBe(true);
      }
    }
  });

  it("puts each open client's next visit after its last visit, and makes a client's last update its last visit", () => {
    for (const seededDb of timelines()) {
      const clients = seededDb
        .prepare(
          `SELECT c.status, c.next_visit_date AS next, c.update_time AS updated, max(r.visit_time) AS lastVisit
           FROM visit_client c JOIN visit_record r ON r.client_id = c.id GROUP BY c.id`,
        )
        .all() as { status: string; next: string | null; updated: string; lastVisit: string }[];
      expect(clients.length).toBeGreaterThanOrEqual(6);
      for (const c of clients) {
        if (c.status === '0' || c.status === '1') expect(c.next! > c.lastVisit.slice(0, 10), JSON.stringify(c)).toBe(true);
        else expect(c.next).toBeNull();
        expect(c.updated).toBe(c.lastVisit);
      }
      // Some follow-ups are due (today or earlier), some upcoming: the badges and the due filter have something to show.
      const nexts = clients.map((c) => c.next).filter((n): n is string => n !== null);
      expect(nexts.some((n) => n <= nowText.slice(0, 10))).toBe(true);
      expect(nexts.some((n) => n > nowText.slice(0, 10))).toBe(true);
    }
  });

  it('favourites and unlocks come after the item was published; score logs run forward in time', () => {
    for (const type of ['xmk', 'zb']) {
      const early = value<number>(
        db,
        `SELECT count(*) AS v FROM favorite f JOIN ${type} i ON i.id = f.data_id WHERE f.type = '${type}' AND f.create_time < i.publish_time`,
      );
      expect(early).toBe(0);
    }
    expect(
      value<number>(
        db,
        "SELECT count(*) AS v FROM contact_unlock u JOIN xmk i ON i.id = u.data_id WHERE u.type = 'xmk' AND u.create_time < i.publish_time",
      ),
    ).toBe(0);
    for (const name of ['demo', 'vip']) {
      const times = (
        db
          .prepare('SELECT l.create_time AS v FROM score_log l JOIN member m ON m.id = l.member_id WHERE m.user_name = ? ORDER BY l.id')
          .all(name) as { v: string }[]
      ).map((r) => r.v);
      expect(times).toEqual([...times].sort());
    }
  });

  it('gives vip a member area as full as demo’s: favourites, clients with visits, subscription, score history, messages', () => {
    const count = (table: string) =>
      value<number>(db, `SELECT count(*) AS v FROM ${table} t JOIN member m ON m.id = t.member_id WHERE m.user_name = 'vip'`);
    expect(count('favorite')).toBeGreaterThanOrEqual(6);
    expect(count('visit_client')).toBeGreaterThanOrEqual(4);
    expect(count('visit_record')).toBeGreaterThanOrEqual(4);
    expect(count('score_log')).toBeGreaterThanOrEqual(3);
    expect(count('message')).toBeGreaterThanOrEqual(2);
    expect(count('cms_order')).toBeGreaterThanOrEqual(2);
    const vip = db
      .prepare("SELECT subscribe_keywords AS keywords, subscribe_regions AS regions FROM member WHERE user_name = 'vip'")
      .get() as { keywords: string; regions: string };
    expect(vip.keywords).not.toBe('');
    expect(vip.regions).not.toBe('');
    // Nothing of vip's CRM repeats demo's: two members, two companies.
    const overlap = value<number>(
      db,
      `SELECT count(*) AS v FROM visit_client a JOIN member ma ON ma.id = a.member_id AND ma.user_name = 'vip'
       JOIN visit_client b ON b.company_name = a.company_name JOIN member mb ON mb.id = b.member_id AND mb.user_name = 'demo'`,
    );
    expect(overlap).toBe(0);
  });
});

describe('demo top-up', () => {
  it('publishes a batch for each missing day up to today, once', () => {
    const stale = seeded({ projects: 365, tenders: 1460, now: NOW });
    const beforeProjects = value<number>(stale, 'SELECT count(*) AS v FROM xmk');
    const later = new Date(NOW.getTime() + 3 * DAY_MS);
    const added = topUpDemoData(stale, later);
    expect(added).toEqual({ days: 3, projects: 9, tenders: 12 });
    expect(value<number>(stale, 'SELECT count(*) AS v FROM xmk')).toBe(beforeProjects + 9);
    expect(value<number>(stale, "SELECT count(*) AS v FROM zb WHERE publish_time >= '2024-06-15 00:00:00'")).toBe(4);
    const times = (stale.prepare('SELECT publish_time AS t FROM zb ORDER BY id').all() as { t: string }[]).map((r) => r.t);
    expect(times).toEqual([...times].sort());
    expect(topUpDemoData(stale, later)).toEqual({ days: 0, projects: 0, tenders: 0 });
    const search = new ContentSearch(new Statements(stale), new ContentStats(new Statements(stale)));
    const newest = search.search(
      'xmk',
      {
        keyword: (stale.prepare('SELECT title AS v FROM xmk ORDER BY id DESC').get() as { v: string }).v.slice(0, 6),
        orderBy: 'time',
        asc: false,
      },
      { pageNum: 1, pageSize: 1 },
    );
    expect(newest.ids[0]).toBe(beforeProjects + 9);
    stale.close();
  });

  it('fills at most the last 30 days, and leaves databases it did not seed alone', () => {
    const old = seeded({ projects: 30, tenders: 30, now: NOW });
    expect(topUpDemoData(old, new Date(NOW.getTime() + 100 * DAY_MS)).days).toBe(30);
    old.close();
    const foreign = freshDb();
    expect(topUpDemoData(foreign, NOW)).toEqual({ days: 0, projects: 0, tenders: 0 });
    foreign.close();
  });
});

describe('tender lifecycles', () => {
  interface Notice {
    id: number;
    processCode: string;
    noticeType: string;
    publishTime: string;
    openTime: string | null;
    winner: string | null;
    winAmount: number | null;
    xmkId: number | null;
    projectCode: string | null;
  }
  const processes = () => {
    const rows = db
      .prepare(
        `SELECT id, process_code AS processCode, notice_type AS noticeType, publish_time AS publishTime, open_time AS openTime,
           winner, win_amount AS winAmount, xmk_id AS xmkId, project_code AS projectCode
         FROM zb WHERE process_code IS NOT NULL ORDER BY id`,
      )
      .all() as Notice[];
    const byCode = new Map<string, Notice[]>();
    for (const row of rows) byCode.set(row.processCode, [...(byCode.get(row.processCode) ?? []), row]);
    return [...byCode.values()];
  };

  it('runs processes 预告 → 公告 → 变更 → 候选人 → 结果 in publish order, some of them complete', () => {
    const all = processes();
    expect(all.length).toBeGreaterThan(20);
    for (const notices of all) {
      const types = notices.map((n) => n.noticeType).join('');
      expect(types).toMatch(/^1?(2(3?(4(5)?)?)?)?$/);
      expect(notices.map((n) => n.publishTime)).toEqual(notices.map((n) => n.publishTime).sort());
      expect(new Set(notices.map((n) => n.xmkId)).size).toBe(1);
    }
    expect(all.some((n) => n.map((x) => x.noticeType).join('') === '2345')).toBe(true);
  });

  it('moves the opening in a 变更公告 and names the winner and the winning amount on the results', () => {
    for (const notices of processes()) {
      const announcement = notices.find((n) => n.noticeType === '2');
      const change = notices.find((n) => n.noticeType === '3');
      if (announcement && change) expect(change.openTime! > announcement.openTime!).toBe(true);
      const candidates = notices.find((n) => n.noticeType === '4');
      const result = notices.find((n) => n.noticeType === '5');
      if (candidates) expect(candidates.winner).toMatch(/^山东/);
      if (candidates && result) expect([result.winner, result.winAmount]).toEqual([candidates.winner, candidates.winAmount]);
      for (const n of notices) if (n.noticeType < '4') expect([n.winner, n.winAmount]).toEqual([null, null]);
    }
  });

  it('gives projects codes that their tenders carry', () => {
    const mismatched = value<number>(
      db,
      'SELECT count(*) AS v FROM zb z JOIN xmk x ON x.id = z.xmk_id WHERE z.project_code IS NOT x.project_code',
    );
    expect(mismatched).toBe(0);
    expect(value<number>(db, 'SELECT count(*) AS v FROM xmk WHERE project_code IS NULL')).toBe(0);
  });
});
