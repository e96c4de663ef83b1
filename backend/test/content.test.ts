/**
 * Content: search filters, sorting, keyword safety and highlighting; details with masked or
 * unmasked contacts; unlocks charged once; history; neighbours; views; the bidding subscription.
 */
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http-server';
import { ContentSearch } from '../src/modules/content/search';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let demo: string;
let vip: string;

beforeAll(async () => {
  t = await createTestBackend({ projects: 300, tenders: 500 });
  demo = await t.login('demo', 'demo123');
  vip = await t.login('vip', 'vip123');
});

afterAll(() => t.close());

interface Row {
  id: number;
  title: string;
  highlightTitle: string;
  areaCode: string;
  cityCode: string;
  industry: string;
  publishTime: string;
  views: number;
  stage?: string;
  nature?: string;
  investment?: number;
  noticeType?: string;
  amount?: number | null;
}

const xmk = (query: Record<string, string | number>) => request(t.app).get('/api/xmk/search').query(query);
const zb = (query: Record<string, string | number>) => request(t.app).get('/api/zb/search').query(query);
const ids = (rows: Row[]) => rows.map((r) => r.id);
const column = <T>(sql: string, ...params: unknown[]) => (t.db.prepare(sql).all(...params) as { v: T }[]).map((r) => r.v);

describe('search filters', () => {
  it('lists newest first by default, with exact totals', async () => {
    const res = await xmk({ pageSize: 100 });
    expect(res.body.total).toBe(300);
    expect(res.body.totalCapped).toBe(false);
    const times = res.body.rows.map((r: Row) => r.publishTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by a county, and by a city including its counties', async () => {
    const [county] = column<string>(
      "SELECT area_code AS v FROM xmk WHERE area_code NOT LIKE '%00' GROUP BY area_code ORDER BY count(*) DESC LIMIT 1",
    );
    const city = county!.slice(0, 4) + '00';
    const byCounty = await xmk({ areaCode: county!, pageSize: 100 });
    expect(byCounty.body.rows.length).toBeGreaterThan(0);
    expect(byCounty.body.rows.every((r: Row) => r.areaCode === county)).toBe(true);
    const byCity = await xmk({ areaCode: city, pageSize: 100 });
    expect(byCity.body.total).toBe(column<number>('SELECT count(*) AS v FROM xmk WHERE city_code = ?', city)[0]);
    expect(byCity.body.rows.every((r: Row) => r.cityCode === city)).toBe(true);
    expect(byCity.body.total).toBeGreaterThan(byCounty.body.total);
    const province = await xmk({ areaCode: '370000' });
    expect(province.body.total).toBe(300);
  });

  it('filters by industry, stage and nature together', async () => {
    const res = await xmk({ industry: '2', stage: '5', nature: '3', pageSize: 100 });
    const expected = column<number>("SELECT id AS v FROM xmk WHERE industry = '2' AND stage = '5' AND nature = '3' ORDER BY id DESC");
    expect(ids(res.body.rows)).toEqual(expected);
  });

  it('filters tenders by notice type and amount range; amounts are inclusive', async () => {
    const res = await zb({ noticeType: '2', minAmount: 100, maxAmount: 5000, pageSize: 100 });
    const expected = column<number>("SELECT id AS v FROM zb WHERE notice_type = '2' AND amount BETWEEN 100 AND 5000 ORDER BY id DESC");
    expect(res.body.total).toBe(expected.length);
    expect(ids(res.body.rows)).toEqual(expected.slice(0, 100));
  });

  it('filters by publish date range (inclusive days)', async () => {
    const res = await zb({ beginTime: '2024-05-01', endTime: '2024-05-31', pageSize: 100 });
    const expected = column<number>(
      "SELECT id AS v FROM zb WHERE publish_time BETWEEN '2024-05-01 00:00:00' AND '2024-05-31 23:59:59' ORDER BY id DESC",
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.total).toBe(expected.length);
    expect(ids(res.body.rows)).toEqual(expected.slice(0, 100));
    const empty = await zb({ beginTime: '2030-01-01' });
    expect(empty.body).toMatchObject({ code: 200, total: 0, rows: [] });
  });

  it('sorts by investment, amount and views in either direction', async () => {
    const desc = await xmk({ orderBy: 'investment', pageSize: 50 });
    const investments = desc.body.rows.map((r: Row) => r.investment);
    expect(investments).toEqual([...investments].sort((a, b) => b - a));
    expect(investments[0]).toBe(column<number>('SELECT max(investment) AS v FROM xmk')[0]);
    const asc = await zb({ orderBy: 'amount', isAsc: 'asc', pageSize: 50 });
    const amounts = asc.body.rows.map((r: Row) => r.amount);
    expect(amounts.every((a: number | null) => a !== null)).toBe(true);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const views = await zb({ orderBy: 'views', keyword: '工程', pageSize: 30 });
    const counts = views.body.rows.map((r: Row) => r.views);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const oldest = await xmk({ isAsc: 'asc', pageSize: 5 });
    expect(ids(oldest.body.rows)).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    ['/api/xmk/search', { areaCode: 'jinan' }, 'areaCode 必须是 6 位地区编码，多个用逗号分隔，最多 20 个'],
    ['/api/xmk/search', { stage: "1' OR '1'='1" }, 'stage 不是有效的取值'],
    ['/api/xmk/search', { orderBy: 'price' }, 'orderBy 必须是 time、relevance、investment 或 views'],
    ['/api/xmk/search', { beginTime: '2024-02-30' }, 'beginTime 必须是 yyyy-MM-dd 格式的日期'],
    ['/api/xmk/search', { beginTime: '2024-06-01', endTime: '2024-05-01' }, 'beginTime 不能晚于 endTime'],
    ['/api/xmk/search', { minInvestment: 'lots' }, 'minInvestment 必须是 0 到 100000000 之间的数字（万元）'],
    ['/api/xmk/search', { minInvestment: 500, maxInvestment: 100 }, 'minInvestment 不能大于 maxInvestment'],
    ['/api/zb/search', { minAmount: -1 }, 'minAmount 必须是 0 到 100000000 之间的数字（万元）'],
    ['/api/zb/search', { isAsc: 'up' }, 'isAsc 必须是 asc 或 desc'],
    ['/api/zb/search', { noticeType: '招标公告' }, 'noticeType 不是有效的取值'],
  ])('%s refuses %o', async (path, query, msg) => {
    const res = await request(t.app).get(path).query(query);
    expect(res.body).toEqual({ code: 500, msg });
  });
});

describe('keywords', () => {
  /** Rows whose searchable text contains `keyword` (what RuoYi's LIKE would find). */
  const likeZb = (keyword: string) =>
    column<number>(
      `SELECT id AS v FROM zb WHERE title LIKE '%' || @k || '%' OR tenderer LIKE '%' || @k || '%'
         OR agency LIKE '%' || @k || '%' OR content LIKE '%' || @k || '%' ORDER BY id DESC`,
      { k: keyword },
    );

  it.each(['桥', '道路', '道路改扩建', '学校', '110kV'])('finds exactly the tenders containing %s', async (keyword) => {
    const res = await zb({ keyword, pageSize: 100 });
    const expected = likeZb(keyword);
    expect(res.body.total).toBe(expected.length);
    expect(ids(res.body.rows)).toEqual(expected.slice(0, 100));
  });

  it('matches every word of a multi-word keyword', async () => {
    const res = await zb({ keyword: '道路 济南', pageSize: 100 });
    const both = likeZb('道路').filter((id) => likeZb('济南').includes(id));
    expect(ids(res.body.rows)).toEqual(both.slice(0, 100));
  });

  it('highlights hits in an escaped title', async () => {
    const res = await xmk({ keyword: '道路', pageSize: 5 });
    for (const row of res.body.rows as Row[]) {
      if (row.title.includes('道路')) expect(row.highlightTitle).toContain('<em>道路</em>');
      expect(row.highlightTitle.replace(/<\/?em>/g, '')).toBe(row.title.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
    }
  });

  it('refuses keywords over 50 characters, and a 10 KB keyword fast', async () => {
    expect((await zb({ keyword: '路'.repeat(50) })).body.code).toBe(200);
    expect((await zb({ keyword: '路'.repeat(51) })).body).toEqual({
      code: 500,
      msg: 'keyword 必须是不超过 50 个字符的文本',
    });
    // The real listener accepts 64 KiB of headers (index.ts); 10 KB of Chinese is ~30 KB encoded.
    const server = createHttpServer(t.app);
    for (const keyword of ['道'.repeat(3400), 'a'.repeat(10_240)]) {
      const started = performance.now();
      const huge = await request(server).get('/api/zb/search').query({ keyword });
      expect(huge.body).toEqual({ code: 500, msg: 'keyword 必须是不超过 50 个字符的文本' });
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it.each(["' OR 1=1 --", '"道路" OR "桥"', '道路*', 'NEAR(道路 桥)', '道路 AND NOT 桥', 'bi:道路', '%', '_', '\\', '; DROP TABLE zb;'])(
    'treats %s as text, never as query syntax',
    async (keyword) => {
      const res = await zb({ keyword, pageSize: 100 });
      expect(res.body.code).toBe(200);
      const text = (r: { id: number }) =>
        t.db.prepare('SELECT title, tenderer, agency, content FROM zb WHERE id = ?').get(r.id) as Record<string, string>;
      const words =
        keyword
          .normalize('NFKC')
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu) ?? [];
      if (words.length === 0) expect(res.body.total).toBe(0);
      for (const row of res.body.rows) {
        const haystack = Object.values(text(row)).join(' ').toLowerCase();
        for (const word of words) expect(haystack).toContain(word);
      }
      expect(column<number>('SELECT count(*) AS v FROM zb')[0]).toBe(500);
    },
  );

  it('reports "10000+"-style capped totals beyond the cap, and still serves deep pages', () => {
    const search = new ContentSearch(t.context.sql, t.context.stats, 50);
    const result = search.search('zb', { keyword: '招标', orderBy: 'time', asc: false }, { pageNum: 1, pageSize: 10 });
    expect(result).toMatchObject({ total: 50, capped: true });
    const all = likeZb('招标');
    expect(result.ids).toEqual(all.slice(0, 10));
    const deep = search.search('zb', { keyword: '招标', orderBy: 'time', asc: false }, { pageNum: 7, pageSize: 10 });
    expect(deep.ids).toEqual(all.slice(60, 70));
    const byAmount = search.search('zb', { keyword: '招标', orderBy: 'value', asc: false }, { pageNum: 1, pageSize: 10 });
    expect(byAmount).toMatchObject({ total: 50, capped: true });
  });
});

describe('details and contacts', () => {
  const unlocked = () =>
    column<number>(
      "SELECT u.data_id AS v FROM contact_unlock u JOIN member m ON m.id = u.member_id WHERE m.user_name = 'demo' AND u.type = 'xmk'",
    );
  const lockedId = () =>
    column<number>('SELECT id AS v FROM xmk WHERE id NOT IN (SELECT data_id FROM contact_unlock) ORDER BY id DESC LIMIT 1')[0]!;
  const contactRow = (table: string, id: number) =>
    t.db
      .prepare(
        `SELECT contact_company AS company, contact_name AS contact, contact_phone AS phone, contact_address AS address FROM ${table} WHERE id = ?`,
      )
      .get(id) as Record<string, string>;

  it('masks the contact block for visitors', async () => {
    const id = lockedId();
    const res = await request(t.app).get(`/api/cmsData/xmk/${id}`);
    expect(res.body.data).toMatchObject({ id, contactMasked: true, contactAccess: 'visitor', unlockCost: 10 });
    const real = contactRow('xmk', id);
    const shown = res.body.data.contact;
    expect(shown.contact).toMatch(/^.\*+$/);
    expect(shown.contact[0]).toBe(real.contact![0]);
    expect(shown.phone).not.toBe(real.phone);
    expect(shown.phone).toMatch(/^(1\d{2}\*{4}\d{4}|0\d{2,3}-\*{4}\d{4})$/);
    expect(shown.company).toContain('****');
    expect(JSON.stringify(res.body)).not.toContain(real.phone);
  });

  it('masks for a free member who has not unlocked, unmasks after an unlock and for VIP', async () => {
    const id = lockedId();
    const locked = await request(t.app).get(`/cms/xmk/data/${id}`).set(t.bearer(demo));
    expect(locked.body.data).toMatchObject({ contactMasked: true, contactAccess: 'locked' });
    const mine = unlocked()[0]!;
    const open = await request(t.app).get(`/cms/xmk/data/${mine}`).set(t.bearer(demo));
    expect(open.body.data).toMatchObject({
      contactMasked: false,
      contactAccess: 'unlocked',
      contact: contactRow('xmk', mine),
    });
    const asVip = await request(t.app).get(`/cms/xmk/data/${id}`).set(t.bearer(vip));
    expect(asVip.body.data).toMatchObject({
      contactMasked: false,
      contactAccess: 'vip',
      contact: contactRow('xmk', id),
    });
    const zbId = column<number>('SELECT max(id) AS v FROM zb')[0]!;
    const zbVip = await request(t.app).get(`/cms/bidding/data/${zbId}`).set(t.bearer(vip));
    expect(zbVip.body.data).toMatchObject({ contactAccess: 'vip', contact: contactRow('zb', zbId) });
    const zbPublic = await request(t.app).get(`/api/cmsData/bidding/${zbId}`).set(t.bearer(vip));
    expect(zbPublic.body.data).toMatchObject({ contactAccess: 'visitor', contactMasked: true });
  });

  it('charges an unlock once, logs it, and keeps the balance', async () => {
    const id = lockedId();
    const before = (await request(t.app).get('/cms/member/getMemberInfo').set(t.bearer(demo))).body.user.score as number;
    const first = await request(t.app).put('/cms/xmk/score/').set(t.bearer(demo)).send({ id });
    expect(first.body).toMatchObject({
      code: 200,
      data: { charged: 10, balance: before - 10, contact: contactRow('xmk', id) },
    });
    const again = await request(t.app).put('/cms/xmk/score/').set(t.bearer(demo)).send({ id, type: 'xmk' });
    expect(again.body).toMatchObject({ code: 200, data: { charged: 0, balance: before - 10 } });
    const log = await request(t.app).get('/cms/member/memberLogScoreList/').set(t.bearer(demo));
    expect(log.body.rows[0]).toMatchObject({ type: '3', change: -10, balance: before - 10 });
    const title = column<string>('SELECT title AS v FROM xmk WHERE id = ?', id)[0];
    expect(log.body.rows[0].remark).toBe(`查看联系方式：${title}`);
    expect(log.body.rows[1]?.remark).not.toBe(`查看联系方式：${title}`);
    expect(column<number>("SELECT count(*) AS v FROM contact_unlock WHERE data_id = ? AND type = 'xmk'", id)[0]).toBe(1);
    const detail = await request(t.app).get(`/cms/xmk/data/${id}`).set(t.bearer(demo));
    expect(detail.body.data.contactAccess).toBe('unlocked');
  });

  it('unlocks tenders too, and never for points VIP does not need', async () => {
    const zbId = column<number>('SELECT min(id) AS v FROM zb')[0]!;
    const res = await request(t.app).put('/cms/xmk/score/').set(t.bearer(demo)).send({ id: zbId, type: 'zb' });
    expect(res.body.data.charged).toBe(10);
    const free = await request(t.app).put('/cms/xmk/score/').set(t.bearer(vip)).send({ id: lockedId() });
    expect(free.body).toMatchObject({ code: 200, msg: '会员可直接查看联系方式', data: { charged: 0 } });
  });

  it('refuses an unlock without enough points and changes nothing', async () => {
    const token = await t.register('poor_member', 'abc12345');
    t.db.prepare("UPDATE member SET score = 5 WHERE user_name = 'poor_member'").run();
    const res = await request(t.app).put('/cms/xmk/score/').set(t.bearer(token)).send({ id: lockedId() });
    expect(res.body).toEqual({ code: 500, msg: '积分不足' });
    expect(column<number>("SELECT score AS v FROM member WHERE user_name = 'poor_member'")[0]).toBe(5);
    expect(
      column<number>("SELECT count(*) AS v FROM contact_unlock u JOIN member m ON m.id = u.member_id WHERE m.user_name = 'poor_member'")[0],
    ).toBe(0);
  });

  it.each([
    ['/api/cmsData/xmk/999999', { code: 404, msg: '项目不存在或已删除' }],
    ['/api/cmsData/bidding/999999', { code: 404, msg: '招标信息不存在或已删除' }],
    ['/api/cmsData/history/xmk/999999', { code: 404, msg: '项目不存在或已删除' }],
    ['/api/cmsData/xmk/abc', { code: 500, msg: 'id 必须是正整数' }],
    ['/api/cmsData/xmk/0', { code: 500, msg: 'id 必须是正整数' }],
    ['/api/cmsData/xmk/-4', { code: 500, msg: 'id 必须是正整数' }],
    ['/api/cmsData/xmk/99999999999999999999', { code: 500, msg: 'id 必须是正整数' }],
    ['/api/cmsData/xmk/1%27%20OR%201=1', { code: 500, msg: 'id 必须是正整数' }],
  ])('%s answers %o', async (path, body) => {
    expect((await request(t.app).get(path)).body).toEqual(body);
  });

  it('refuses unlocking what does not exist', async () => {
    const res = await request(t.app).put('/cms/xmk/score/').set(t.bearer(demo)).send({ id: 999999 });
    expect(res.body).toEqual({ code: 404, msg: '项目不存在或已删除' });
    const bad = await request(t.app).put('/cms/xmk/score/').set(t.bearer(demo)).send({ id: 3, type: 'news' });
    expect(bad.body).toEqual({ code: 500, msg: 'type 必须是 xmk 或 zb' });
  });

  it('links neighbours by publish order, related tenders and the project of a tender', async () => {
    const res = await request(t.app).get('/api/cmsData/xmk/150');
    expect(res.body.data.prev).toMatchObject({ id: 149 });
    expect(res.body.data.next).toMatchObject({ id: 151 });
    expect((await request(t.app).get('/api/cmsData/xmk/1')).body.data.prev).toBeNull();
    const linked = t.db.prepare('SELECT id, xmk_id AS xmkId FROM zb WHERE xmk_id IS NOT NULL LIMIT 1').get() as {
      id: number;
      xmkId: number;
    };
    const tender = await request(t.app).get(`/api/cmsData/bidding/${linked.id}`);
    expect(tender.body.data.xmk).toMatchObject({ id: linked.xmkId });
    const project = await request(t.app).get(`/api/cmsData/xmk/${linked.xmkId}`);
    expect(project.body.data.relatedZb.map((z: { id: number }) => z.id)).toContain(linked.id);
  });

  it('returns sanitised body HTML', async () => {
    t.db
      .prepare('UPDATE xmk SET content = \'<p onclick="x()">正文<script>alert(1)</script><img src=x onerror=alert(1)></p>\' WHERE id = 7')
      .run();
    const res = await request(t.app).get('/api/cmsData/xmk/7');
    expect(res.body.data.content).toBe('<p>正文</p>');
  });

  it('answers the stage history newest first', async () => {
    const id = column<number>('SELECT xmk_id AS v FROM xmk_version GROUP BY xmk_id HAVING count(*) >= 3 LIMIT 1')[0]!;
    const res = await request(t.app).get(`/api/cmsData/history/xmk/${id}`);
    const versions = res.body.data.map((v: { version: number }) => v.version);
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    expect(res.body.data[0]).toMatchObject({
      xmkId: id,
      stage: column<string>('SELECT stage AS v FROM xmk WHERE id = ?', id)[0],
    });
  });

  it('counts every view, the viewer included, and writes them in batches', async () => {
    const id = 42;
    const stored = column<number>('SELECT views AS v FROM xmk WHERE id = ?', id)[0]!;
    const first = await request(t.app).get(`/api/cmsData/xmk/${id}`);
    const second = await request(t.app).get(`/api/cmsData/xmk/${id}`);
    expect(first.body.data.views).toBe(stored + 1);
    expect(second.body.data.views).toBe(stored + 2);
    t.context.views.flush();
    expect(column<number>('SELECT views AS v FROM xmk WHERE id = ?', id)[0]).toBe(stored + 2);
  });

  it('keeps pending views when a write fails, and writes them later', async () => {
    const id = 43;
    const stored = column<number>('SELECT views AS v FROM xmk WHERE id = ?', id)[0]!;
    await request(t.app).get(`/api/cmsData/xmk/${id}`);
    t.db.pragma('query_only = ON');
    expect(() => t.context.views.flush()).toThrow();
    t.db.pragma('query_only = OFF');
    await request(t.app).get(`/api/cmsData/xmk/${id}`);
    t.context.views.flush();
    expect(column<number>('SELECT views AS v FROM xmk WHERE id = ?', id)[0]).toBe(stored + 2);
  });

  it('does not wait while another connection (an import) holds the write lock, and writes later', async () => {
    const id = 44;
    const stored = column<number>('SELECT views AS v FROM xmk WHERE id = ?', id)[0]!;
    await request(t.app).get(`/api/cmsData/xmk/${id}`);
    const importer = new Database(t.db.name);
    try {
      importer.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      t.context.views.flush();
      expect(performance.now() - started).toBeLessThan(500);
      importer.exec('COMMIT');
    } finally {
      importer.close();
    }
    expect(column<number>('SELECT views AS v FROM xmk WHERE id = ?', id)[0]).toBe(stored);
    expect(t.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    t.context.views.flush();
    expect(column<number>('SELECT views AS v FROM xmk WHERE id = ?', id)[0]).toBe(stored + 1);
  });
});

describe('bidding subscription', () => {
  it("lists tenders matching the member's keywords and regions, newest first", async () => {
    const res = await request(t.app).get('/cms/bidding/list').query({ pageSize: 100 }).set(t.bearer(demo));
    expect(res.body.code).toBe(200);
    const expected = column<number>(
      `SELECT id AS v FROM zb WHERE city_code IN ('370100', '370200')
         AND (title || tenderer || agency || content LIKE '%道路%' OR title || tenderer || agency || content LIKE '%学校%'
              OR title || tenderer || agency || content LIKE '%桥%')
       ORDER BY id DESC`,
    );
    expect(res.body.total).toBe(expected.length);
    expect(ids(res.body.rows)).toEqual(expected.slice(0, 100));
  });

  it('narrows by keyword', async () => {
    const all = await request(t.app).get('/cms/bidding/list').query({ pageSize: 100 }).set(t.bearer(demo));
    const res = await request(t.app).get('/cms/bidding/list').query({ keyword: '中标', pageSize: 100 }).set(t.bearer(demo));
    const withKeyword = column<number>("SELECT id AS v FROM zb WHERE title || tenderer || agency || content LIKE '%中标%'");
    expect(res.body.total).toBeGreaterThan(0);
    expect(ids(res.body.rows)).toEqual(ids(all.body.rows).filter((id) => withKeyword.includes(id)));
  });

  it('shows the newest tenders, and says so, without a subscription', async () => {
    // A member who just registered has no subscription (the demo members both have one).
    const fresh = await t.register('nosubscription', 'secret123');
    const res = await request(t.app).get('/cms/bidding/list').set(t.bearer(fresh));
    expect(res.body).toMatchObject({ code: 200, msg: '未设置订阅关键词和地区，显示最新招标信息', total: 500 });
    expect(res.body.rows[0].id).toBe(500);
  });
});
