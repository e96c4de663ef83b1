/**
 * Time is publish time, whatever order notices arrive in: the lists, date windows, 近3天/近7天, the
 * home's newest lists, the member's bidding list, detail neighbours, "published since" counts and
 * company pages order by publish time after older notices were imported last — on the realistic
 * corpus (processes.jsonl, then its backfill out-of-order.jsonl), on a seeded database with a
 * generated backfill, and on a database migrated from the id-keyed index.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeImportRecord } from '@shared/content/notices';
import { lastDaysBegin } from '@shared/date-presets';
import { DAY_MS } from '../src/clock';
import { openDatabase, Statements } from '../src/db/connection';
import { MIGRATIONS } from '../src/db/migrations';
import { MIGRATION_RULES, migrateDatabase } from '../src/migrate-database';
import { ContentStats } from '../src/modules/content/content-stats';
import { ContentSearch, type SearchFilters } from '../src/modules/content/search';
import { zbDocument } from '../src/search/fts-index';
import { generateXmk, generateZb } from '../src/seed/content-generator';
import { xmkRecord, zbRecord } from '../src/seed/demo-feed';
import { Random } from '../src/seed/random';
import { createTestBackend, type TestBackend } from './fixture';

/** The corpus's today: 2026-11-27 12:00 in Shanghai (backend/test/corpus/README.md). */
const NOW = new Date('2026-11-27T04:00:00Z');
const TODAY = '2026-11-27';

interface Row {
  id: number;
  title: string;
  publishTime: string;
}

const importFile = (t: TestBackend, records: readonly NoticeImportRecord[]) =>
  request(t.app)
    .post('/admin/content/import')
    .set(t.admin())
    .type('application/x-ndjson')
    .send(records.map((r) => JSON.stringify(r)).join('\n'));

/** Every row of a list call, page by page. */
async function everyRow(t: TestBackend, url: string, query: Record<string, string | number> = {}, headers = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const res = await request(t.app)
      .get(url)
      .query({ ...query, pageNum, pageSize: 100 })
      .set(headers);
    expect(res.body.code, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    rows.push(...(res.body.rows as Row[]));
    if (rows.length >= res.body.total || res.body.rows.length === 0) return rows;
  }
}

/** The ids a brute-force sort gives: the rows themselves, newest first by (publish time, id). */
const newestFirst = (t: TestBackend, table: 'zb' | 'xmk', where = '1', ...params: unknown[]) =>
  (t.db.prepare(`SELECT id FROM ${table} WHERE ${where} ORDER BY publish_time DESC, id DESC`).all(...params) as { id: number }[]).map(
    (r) => r.id,
  );

const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

// ---- the corpus ---------------------------------------------------------------------------------

/** A corpus file's records, 1-based: `records[n]` is line n. */
function corpus(file: string): NoticeImportRecord[] {
  const text = fs.readFileSync(path.join(import.meta.dirname, 'corpus', file), 'utf8');
  const records = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as NoticeImportRecord);
  return [undefined as never, ...records];
}

describe('the corpus: processes.jsonl, then the backfill out-of-order.jsonl', () => {
  let t: TestBackend;
  const p = corpus('processes.jsonl');
  const b = corpus('out-of-order.jsonl');
  /** The stored id of a corpus record. */
  const idOf = (r: NoticeImportRecord) =>
    (t.db.prepare(`SELECT id FROM ${r.kind} WHERE source_id = ?`).get(r.sourceId) as { id: number } | undefined)!.id;

  beforeAll(async () => {
    t = await createTestBackend({ projects: 0, tenders: 0, now: NOW });
    for (const file of [p, b]) {
      const res = await importFile(t, file.slice(1));
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    }
  });

  afterAll(() => t.close());

  it('lists every tender newest first by publish time, the backfill among the others', async () => {
    const rows = await everyRow(t, '/api/zb/search');
    expect(ids(rows)).toEqual(newestFirst(t, 'zb'));
    expect(rows).toHaveLength(67);
    expect(rows.slice(0, 2).map((r) => r.title)).toEqual([b[1]!.title, p[1]!.title]);
    expect(rows.slice(-2).map((r) => r.title)).toEqual([b[11]!.title, p[58]!.title]);
    // Every 2026-08-17 notice stands above 牡丹区's of 2026-01-30, imported after them.
    const at = (r: NoticeImportRecord) => ids(rows).indexOf(idOf(r));
    expect(at(p[15]!)).toBeLessThan(at(b[4]!));
    expect(at(b[12]!)).toBeLessThan(at(b[4]!));
    const oldestFirst = await everyRow(t, '/api/zb/search', { isAsc: 'asc' });
    expect(ids(oldestFirst)).toEqual(ids(rows).reverse());
  });

  it('answers 2026-08 with exactly the 7 tenders published in it, newest first', async () => {
    const rows = await everyRow(t, '/api/zb/search', { beginTime: '2026-08-01', endTime: '2026-08-31' });
    expect(ids(rows)).toEqual([b[5]!, p[14]!, b[12]!, p[15]!, p[16]!, b[10]!, p[17]!].map(idOf));
    expect(rows.map((r) => r.publishTime)).toEqual([
      '2026-08-28 16:00:00',
      '2026-08-26 10:30:00',
      '2026-08-17 16:30:00',
      '2026-08-17 09:12:00',
      '2026-08-14 09:10:00',
      '2026-08-05 09:30:00',
      '2026-08-03 09:00:00',
    ]);
  });

  it('keeps 近3天 and 近7天 to what was published then, whatever arrived last', async () => {
    const last3 = await everyRow(t, '/api/zb/search', { beginTime: lastDaysBegin(TODAY, 3) });
    expect(ids(last3)).toEqual([idOf(b[1]!)]);
    const last7 = await everyRow(t, '/api/zb/search', { beginTime: lastDaysBegin(TODAY, 7) });
    expect(ids(last7)).toEqual([idOf(b[1]!), idOf(p[1]!)]);
    // A keyword and a window: the same rule.
    const june = await everyRow(t, '/api/zb/search', { keyword: '工程', beginTime: '2026-06-01', endTime: '2026-06-30' });
    expect(ids(june)).toEqual(
      newestFirst(
        t,
        'zb',
        "publish_time BETWEEN '2026-06-01 00:00:00' AND '2026-06-30 23:59:59' AND (title || tenderer || agency || content) LIKE '%工程%'",
      ),
    );
    expect(june.length).toBeGreaterThan(3);
  });

  it("gives the home page's newest tenders and this week's counts by publish time", async () => {
    const home = await request(t.app).get('/api/cms/selectZBHomeList/').query({ pageSize: 8 });
    expect(ids(home.body.rows)).toEqual(newestFirst(t, 'zb').slice(0, 8));
    const announcements = await request(t.app).get('/api/cms/selectZBHomeList/').query({ pageSize: 8, noticeType: '2' });
    expect(ids(announcements.body.rows)).toEqual(newestFirst(t, 'zb', "notice_type = '2'").slice(0, 8));
    // 淄博 (370300): its three backfilled 桓台 notices are from January, none from this week.
    const zibo = await request(t.app).get('/api/cms/getTodayZBNum/370300');
    expect(zibo.body.data).toMatchObject({ today: 0, week: 0 });
    const province = await request(t.app).get('/api/cms/getTodayZBNum/370000');
    expect(province.body.data).toMatchObject({ today: 0, week: 2 });
  });

  it('links a detail to the tenders published just before and just after it', async () => {
    // 龙口 招标计划 (08-17 09:12): before it 兰山's award (08-14), after it the backfilled 省交通运输厅 意向 (08-17 16:30).
    const res = await request(t.app).get(`/api/cmsData/bidding/${idOf(p[15]!)}`);
    expect(res.body.data.prev).toMatchObject({ id: idOf(p[16]!), publishTime: '2026-08-14 09:10:00' });
    expect(res.body.data.next).toMatchObject({ id: idOf(b[12]!), publishTime: '2026-08-17 16:30:00' });
  });

  it("lists a company's newest tenders by publish time, the backfilled 招标预告 last", async () => {
    const { id } = t.db.prepare('SELECT id FROM company WHERE name = ?').get('齐河县交通运输局') as { id: number };
    const res = await request(t.app).get(`/api/cmsData/company/${id}`);
    expect(res.body.data.latestTenders.map((n: Row) => n.publishTime)).toEqual([
      '2026-09-18 11:00:00',
      '2026-09-02 16:40:00',
      '2026-08-26 10:30:00',
      '2026-08-03 09:00:00',
      '2026-07-10 10:30:00',
    ]);
  });

  it("lists every company's latest tenders, wins, candidacies and projects by publish time", async () => {
    const latest = (table: 'zb' | 'xmk', companyId: number, role: string) =>
      ids(
        t.db
          .prepare(
            `SELECT DISTINCT x.id, x.publish_time FROM company_role r JOIN ${table} x ON x.id = r.data_id
             WHERE r.company_id = ? AND r.role = ? AND r.kind = ? ORDER BY x.publish_time DESC, x.id DESC LIMIT 10`,
          )
          .all(companyId, role, table) as { id: number }[],
      );
    const companies = t.db.prepare('SELECT DISTINCT company_id AS id FROM company_role').all() as { id: number }[];
    expect(companies.length).toBeGreaterThan(20);
    let candidacies = 0;
    for (const { id } of companies) {
      const { data } = (await request(t.app).get(`/api/cmsData/company/${id}`)).body;
      expect(ids(data.latestTenders)).toEqual(latest('zb', id, 'tenderer'));
      expect(ids(data.latestWins)).toEqual(latest('zb', id, 'winner'));
      expect(ids(data.latestCandidacies)).toEqual(latest('zb', id, 'candidate'));
      expect(ids(data.latestProjects)).toEqual(latest('xmk', id, 'owner'));
      candidacies += data.latestCandidacies.length;
    }
    expect(candidacies).toBeGreaterThan(10);
  });

  it("lists the member's subscribed tenders newest first by publish time", async () => {
    t.db.prepare("UPDATE member SET subscribe_keywords = '工程', subscribe_regions = '' WHERE user_name = 'demo'").run();
    const token = await t.login('demo', 'demo123');
    const rows = await everyRow(t, '/cms/bidding/list', {}, t.bearer(token));
    expect(ids(rows)).toEqual(newestFirst(t, 'zb', "(title || tenderer || agency || content) LIKE '%工程%'"));
    expect(rows.length).toBeGreaterThan(30);
  });

  it('drops a withdrawn notice from the order and keeps the rest by publish time', async () => {
    const w = corpus('withdrawn.jsonl');
    const res = await importFile(t, w.slice(1));
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    expect(res.body.data.withdrawn).toBeGreaterThan(0);
    const count = (sql: string) => (t.db.prepare(sql).get() as { n: number }).n;
    // One key per listed notice, none left behind by a withdrawn one.
    for (const table of ['zb', 'xmk'] as const) {
      expect(count(`SELECT count(*) AS n FROM ${table}_order`)).toBe(count(`SELECT count(*) AS n FROM ${table}`));
      expect(count(`SELECT count(*) AS n FROM ${table}_order o LEFT JOIN ${table} t ON t.id = o.id WHERE t.id IS NULL`)).toBe(0);
    }
    const rows = await everyRow(t, '/api/zb/search');
    expect(ids(rows)).toEqual(newestFirst(t, 'zb'));
    const august = await everyRow(t, '/api/zb/search', { beginTime: '2026-08-01', endTime: '2026-08-31' });
    expect(ids(august)).toEqual(newestFirst(t, 'zb', "publish_time BETWEEN '2026-08-01 00:00:00' AND '2026-08-31 23:59:59'"));
  });
});

// ---- a seeded database and a generated backfill ---------------------------------------------------

/**
 * `count` notices (one project in eight) published within the seeded year and the 60 days before
 * it, none in the last week, one in ten at 00:00:00 as date-only publishers write them.
 */
function backfill(count: number): NoticeImportRecord[] {
  const rng = new Random('publish-order-backfill');
  const records: NoticeImportRecord[] = [];
  for (let i = 0; i < count; i++) {
    const day = NOW.getTime() - rng.int(7, 425) * DAY_MS;
    const at = new Date(rng.chance(0.1) ? day - (day % DAY_MS) - 8 * 3600_000 : day + rng.int(-5 * 3600, 5 * 3600) * 1000);
    if (i % 8 === 7) {
      records.push(xmkRecord(generateXmk(rng, at, NOW), `backfill-xmk-${i}`, null));
    } else {
      records.push(zbRecord(generateZb(rng, at, NOW, null), `backfill-zb-${i}`, null, null));
    }
  }
  return records;
}

describe('a seeded database, then older notices imported last', () => {
  let t: TestBackend;
  let search: ContentSearch;

  beforeAll(async () => {
    t = await createTestBackend({ projects: 200, tenders: 1200, now: NOW });
    search = new ContentSearch(t.context.sql, t.context.stats);
    const res = await importFile(t, backfill(480));
    expect(res.body).toMatchObject({ code: 200, data: { inserted: 480 } });
  }, 120_000);

  afterAll(() => t.close());

  /** Every id the search answers, page by page (the page path), and its total. */
  const searched = (table: 'zb' | 'xmk', filters: Partial<SearchFilters>) => {
    const all: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const result = search.search(table, { orderBy: 'time', asc: false, ...filters }, { pageNum, pageSize: 100 });
      all.push(...result.ids);
      if (result.ids.length < 100) return { all, total: result.total };
    }
  };

  const LIKE = (word: string) => `(title || tenderer || agency || content) LIKE '%${word}%'`;
  const window = (begin: string, end?: string) =>
    end ? `publish_time BETWEEN '${begin} 00:00:00' AND '${end} 23:59:59'` : `publish_time >= '${begin} 00:00:00'`;

  it.each([
    ['every tender', {}, '1'],
    ['a keyword', { keyword: '道路' }, LIKE('道路')],
    ['a notice type', { tags: [['noticeType', '2']] }, "notice_type = '2'"],
    ['an amount', { minValue: 500 }, 'coalesce(win_amount, amount) >= 500'],
    ['a month', { beginDate: '2026-05-01', endDate: '2026-05-31' }, window('2026-05-01', '2026-05-31')],
    [
      'a keyword in a month',
      { keyword: '工程', beginDate: '2026-03-01', endDate: '2026-03-31' },
      `${LIKE('工程')} AND ${window('2026-03-01', '2026-03-31')}`,
    ],
    ['近3天', { beginDate: lastDaysBegin(TODAY, 3) }, window(lastDaysBegin(TODAY, 3))],
    ['近7天', { beginDate: lastDaysBegin(TODAY, 7) }, window(lastDaysBegin(TODAY, 7))],
    ['before the seeded year', { endDate: '2025-11-27' }, "publish_time <= '2025-11-27 23:59:59'"],
  ] as [string, Partial<SearchFilters>, string][])('orders %s by publish time, both ways', (_name, filters, where) => {
    const expected = newestFirst(t, 'zb', where);
    expect(expected.length).toBeGreaterThan(0);
    const { all, total } = searched('zb', filters);
    expect(total).toBe(expected.length);
    expect(all).toEqual(expected);
    expect(searched('zb', { ...filters, asc: true }).all).toEqual([...expected].reverse());
    // The export's stream: the same order.
    expect([...search.matchingIds('zb', { orderBy: 'time', asc: false, ...filters }, 100_000)]).toEqual(expected);
  });

  it('orders a county, with and without a keyword, by publish time', () => {
    const { code } = t.db
      .prepare('SELECT area_code AS code FROM zb WHERE area_code <> city_code GROUP BY area_code ORDER BY count(*) DESC LIMIT 1')
      .get() as { code: string };
    expect(searched('zb', { areaCode: code }).all).toEqual(newestFirst(t, 'zb', 'area_code = ?', code));
    expect(searched('zb', { areaCode: code, keyword: '工程' }).all).toEqual(
      newestFirst(t, 'zb', `area_code = ? AND ${LIKE('工程')}`, code),
    );
  });

  it('orders projects by publish time too, in lists and windows', () => {
    expect(searched('xmk', {}).all).toEqual(newestFirst(t, 'xmk'));
    expect(searched('xmk', { beginDate: '2026-04-01', endDate: '2026-06-30' }).all).toEqual(
      newestFirst(t, 'xmk', window('2026-04-01', '2026-06-30')),
    );
  });

  it("gives the home page's newest projects and tenders by publish time", async () => {
    const projects = await request(t.app).get('/api/cms/getHomeList/').query({ pageSize: 10 });
    expect(ids(projects.body.rows)).toEqual(newestFirst(t, 'xmk').slice(0, 10));
    const tenders = await request(t.app).get('/api/cms/selectZBHomeList/').query({ pageSize: 10 });
    expect(ids(tenders.body.rows)).toEqual(newestFirst(t, 'zb').slice(0, 10));
  });

  it("lists the demo member's subscribed tenders newest first by publish time", async () => {
    const token = await t.login('demo', 'demo123');
    const rows = await everyRow(t, '/cms/bidding/list', {}, t.bearer(token));
    const expected = newestFirst(t, 'zb', `city_code IN ('370100', '370200') AND (${LIKE('道路')} OR ${LIKE('学校')} OR ${LIKE('桥')})`);
    expect(ids(rows)).toEqual(expected);
    const backfilled = t.db.prepare("SELECT id FROM zb WHERE source_id LIKE 'backfill-%'").all() as { id: number }[];
    expect(ids(rows).some((id) => backfilled.some((r) => r.id === id))).toBe(true);
  });

  it("lists a company's latest tenders and projects by publish time", async () => {
    // A company with a backfilled notice older than one of its seeded ones (imported last, published earlier).
    const company = (table: 'zb' | 'xmk', role: string) =>
      (
        t.db
          .prepare(
            `SELECT r.company_id AS id FROM company_role r JOIN ${table} x ON x.id = r.data_id WHERE r.role = ?
             GROUP BY r.company_id
             HAVING min(CASE WHEN x.source_id LIKE 'backfill-%' THEN x.publish_time END)
                  < max(CASE WHEN x.source_id IS NULL THEN x.publish_time END)
             ORDER BY count(*) DESC LIMIT 1`,
          )
          .get(role) as { id: number }
      ).id;
    const companyId = company('zb', 'tenderer');
    const latest = (role: string, table: string, kind: string) =>
      (
        t.db
          .prepare(
            `SELECT x.id FROM company_role r JOIN ${table} x ON x.id = r.data_id
             WHERE r.company_id = ? AND r.role = ? AND r.kind = ? ORDER BY x.publish_time DESC, x.id DESC LIMIT 10`,
          )
          .all(companyId, role, kind) as { id: number }[]
      ).map((r) => r.id);
    const res = await request(t.app).get(`/api/cmsData/company/${companyId}`);
    expect(ids(res.body.data.latestTenders)).toEqual(latest('tenderer', 'zb', 'zb'));
    expect(res.body.data.latestTenders.length).toBeGreaterThan(2);
    const ownerId = company('xmk', 'owner');
    const owner = await request(t.app).get(`/api/cmsData/company/${ownerId}`);
    const projects = (
      t.db
        .prepare(
          `SELECT x.id FROM company_role r JOIN xmk x ON x.id = r.data_id WHERE r.company_id = ? AND r.role = 'owner'
           ORDER BY x.publish_time DESC, x.id DESC LIMIT 10`,
        )
        .all(ownerId) as { id: number }[]
    ).map((r) => r.id);
    expect(ids(owner.body.data.latestProjects)).toEqual(projects);
  });

  it('moves a notice whose publish time a correction changes, and back', async () => {
    const record = backfill(480).find((r) => r.kind === 'zb' && r.sourceId === 'backfill-zb-0')!;
    const id = (t.db.prepare('SELECT id FROM zb WHERE source_id = ?').get(record.sourceId) as { id: number }).id;
    const moved = await importFile(t, [{ ...record, publishTime: '2026-11-27 09:00:00' }]);
    expect(moved.body.data).toMatchObject({ updated: 1 });
    const today = searched('zb', { beginDate: TODAY }).all;
    expect(today).toContain(id);
    expect(today).toEqual(newestFirst(t, 'zb', window(TODAY)));
    expect(searched('zb', {}).all).toEqual(newestFirst(t, 'zb'));
    await importFile(t, [record]);
    expect(searched('zb', { beginDate: TODAY }).all).not.toContain(id);
    expect(searched('zb', { beginDate: TODAY }).all).toEqual(newestFirst(t, 'zb', window(TODAY)));
    expect(searched('zb', {}).all).toEqual(newestFirst(t, 'zb'));
  });

  it('fits a late notice between two of consecutive seconds, and still finds the one it moved', async () => {
    const notice = (n: number, publishTime: string): NoticeImportRecord => ({
      kind: 'zb',
      sourceId: `tie-${n}`,
      title: `潍坊市坊子区排序校验${'甲乙丙'[n]}标段工程招标公告`,
      noticeType: '招标公告',
      areaCode: '370704',
      industry: '市政',
      publishTime,
      tenderer: '潍坊市坊子区住房和城乡建设局',
      agency: '潍坊坊安招标代理有限公司',
      contact: { company: '潍坊坊安招标代理有限公司', name: '王工', phone: '13800000000', address: '潍坊市坊子区' },
      content: '<p>排序校验</p>',
    });
    // 甲 at 10:00:00 and 乙 one second later hold consecutive keys; 丙 arrives last, published with 甲.
    await importFile(t, [notice(0, '2026-02-14 10:00:00'), notice(1, '2026-02-14 10:00:01')]);
    await importFile(t, [notice(2, '2026-02-14 10:00:00')]);
    const idOf = (n: number) => (t.db.prepare('SELECT id FROM zb WHERE source_id = ?').get(`tie-${n}`) as { id: number }).id;
    expect(searched('zb', { keyword: '排序校验' }).all).toEqual([idOf(1), idOf(2), idOf(0)]);
    expect(searched('zb', { keyword: '乙标段' }).all).toEqual([idOf(1)]);
    expect(searched('zb', { beginDate: '2026-02-14', endDate: '2026-02-14' }).all).toEqual(
      newestFirst(t, 'zb', window('2026-02-14', '2026-02-14')),
    );
    expect(searched('zb', {}).all).toEqual(newestFirst(t, 'zb'));
  });
});

// ---- an existing database ---------------------------------------------------------------------

describe('the migration of a database whose index is keyed by id', () => {
  it('re-keys the rows in publish order, and the search finds them so', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-order-'));
    try {
      const db = openDatabase(dir, { synchronous: 'NORMAL' });
      // Every migration before the one that keys the index by publish order.
      const before = MIGRATIONS.findIndex((m) => typeof m === 'function' && m.name === 'v12PublishOrder');
      expect(before).toBeGreaterThan(0);
      MIGRATIONS.slice(0, before).forEach((m) => (typeof m === 'string' ? db.exec(m) : m(db, MIGRATION_RULES)));
      db.pragma(`user_version = ${before}`);
      // Four tenders that arrived out of publish order, indexed the old way (rowid = id).
      const times = ['2026-05-01 09:00:00', '2026-03-01 09:00:00', '2026-06-01 09:00:00', '2026-03-01 09:00:00'];
      const insert = db.prepare(
        `INSERT INTO zb (title, area_code, city_code, industry, notice_type, tenderer, agency, content, contact_company,
           contact_name, contact_phone, contact_address, publish_time, update_time)
         VALUES (?, '370102', '370100', '1', '2', '济南市历下区城市管理局', '', '<p>道路</p>', '', '', '', '', ?, ?)`,
      );
      const index = db.prepare('INSERT INTO zb_fts (rowid, uni, bi, tags, auni, abi) VALUES (@id, @uni, @bi, @tags, @auni, @abi)');
      times.forEach((time, i) => {
        const title = `历下区道路工程${i + 1}`;
        const id = Number(insert.run(title, time, time).lastInsertRowid);
        index.run({
          id,
          ...zbDocument({
            title,
            tenderer: '济南市历下区城市管理局',
            agency: '',
            content: '<p>道路</p>',
            areaCode: '370102',
            cityCode: '370100',
            industry: '1',
            noticeType: '2',
          }),
        });
      });
      migrateDatabase(db);
      const sql = new Statements(db);
      const found = new ContentSearch(sql, new ContentStats(sql));
      const keyword = found.search('zb', { keyword: '道路', orderBy: 'time', asc: false }, { pageNum: 1, pageSize: 10 });
      expect(keyword.ids).toEqual([3, 1, 4, 2]);
      expect(found.search('zb', { orderBy: 'time', asc: false }, { pageNum: 1, pageSize: 10 }).ids).toEqual([3, 1, 4, 2]);
      expect(
        found.search(
          'zb',
          { keyword: '道路', beginDate: '2026-03-01', endDate: '2026-03-01', orderBy: 'time', asc: false },
          { pageNum: 1, pageSize: 10 },
        ).ids,
      ).toEqual([4, 2]);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
