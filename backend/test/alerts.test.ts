/**
 * Alerts that reach the member. Subscriptions (CRUD, caps, another member's),
 * matching at import time (new), followed notices changing (changed), the deadline sweep
 * (deadline), the inbox, the Atom and iCal feeds behind a revocable token, and mail digests read
 * from a real SMTP sink on loopback.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NoticeImportRecord } from '@shared/content/notices';
import { startMailSink, type MailSink, type ReceivedMail } from '../../scripts/lib/mail-sink';
import { openDatabase } from '../src/db/connection';
import { MIGRATIONS } from '../src/db/migrations';
import { MIGRATION_RULES, migrateDatabase } from '../src/migrate-database';
import { INBOX_MAX, NEW_ALERTS_PER_IMPORT } from '../src/modules/alerts/matching';
import { MSG_NEEDS_CONDITION } from '../src/modules/alerts/service';
import { DEFAULT_TEST_NOW, createTestBackend, type TestBackend } from './fixture';

// jsdom (a dev dependency, for its strict XML parser) ships no types here and the backend has no DOM
// lib; this is the part used.
interface XmlElement {
  namespaceURI: string | null;
  localName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (
    text: string,
    options: { contentType: string },
  ) => {
    window: { document: { documentElement: XmlElement; getElementsByTagName: XmlElement['getElementsByTagName'] } };
  };
};

let t: TestBackend;
let seq = 0;

beforeAll(async () => {
  t = await createTestBackend({ projects: 40, tenders: 80 });
});

afterAll(() => t.close());

async function member(backend: TestBackend = t): Promise<string> {
  return backend.register(`alert_${++seq}_${Date.now() % 100000}`, 'abc12345');
}

const api = (backend: TestBackend, token: string) => ({
  get: (path: string, query: Record<string, string | number> = {}) =>
    request(backend.app).get(path).query(query).set(backend.bearer(token)),
  post: (path: string, body: object) => request(backend.app).post(path).set(backend.bearer(token)).send(body),
  put: (path: string, body: object) => request(backend.app).put(path).set(backend.bearer(token)).send(body),
  del: (path: string) => request(backend.app).delete(path).set(backend.bearer(token)),
});

let source = 0;
function tender(overrides: Partial<NoticeImportRecord> = {}): NoticeImportRecord {
  return {
    kind: 'zb',
    sourceId: `alert-test-${++source}`,
    title: '济南市历下区地铁站周边道路改造工程施工招标公告',
    noticeType: '招标公告',
    areaCode: '370102',
    industry: '市政',
    amount: 800,
    publishTime: '2024-06-12 09:00:00',
    signupDeadline: '2024-06-20 17:00:00',
    openTime: '2024-07-01 09:30:00',
    tenderer: '济南市历下区城市管理局',
    agency: '山东测试招标代理有限公司',
    contact: { company: '山东测试招标代理有限公司', name: '李秘密', phone: '13987654321', address: '济南市历下区某路1号' },
    content: '<p>详见招标文件。</p>',
    ...overrides,
  };
}

async function importRecords(backend: TestBackend, records: NoticeImportRecord[]) {
  const res = await request(backend.app)
    .post('/admin/content/import')
    .set(backend.admin())
    .type('application/x-ndjson')
    .send(records.map((r) => JSON.stringify(r)).join('\n'));
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { inserted: number; updated: number; unchanged: number };
}

const idOf = (backend: TestBackend, sourceId: string) =>
  (backend.db.prepare('SELECT id FROM zb WHERE source_id = ?').get(sourceId) as { id: number }).id;

async function alerts(backend: TestBackend, token: string, query: Record<string, string | number> = {}) {
  const res = await api(backend, token).get('/cms/alerts/list', { pageNum: 1, pageSize: 50, ...query });
  expect(res.body.code).toBe(200);
  return res.body.rows as {
    id: number;
    kind: string;
    contentType: string;
    contentId: number;
    title: string;
    read: boolean;
    detail?: string;
  }[];
}

const subscription = (overrides: object = {}) => ({ name: '地铁', keywords: '地铁 站', areaCodes: ['370100'], ...overrides });

describe('capabilities', () => {
  it('lists the extensions, without mail when SMTP_URL is unset', async () => {
    const res = await request(t.app).get('/api/ext/capabilities');
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual(expect.arrayContaining(['lifecycle', 'alerts', 'feeds', 'goods', 'profile', 'visitRecords']));
    expect(res.body.data).not.toContain('mail');
  });
});

describe('subscriptions', () => {
  it('creates, lists, updates and deletes, and normalises the input', async () => {
    const m = api(t, await member());
    const created = await m.post('/cms/alerts/subscriptions', {
      name: '  市政道路 ',
      keywords: '道路   改造',
      excludeWords: '监理',
      areaCodes: ['370100', '370100'],
      noticeTypes: ['2'],
      amountMin: 100,
      amountMax: null,
    });
    expect(created.body).toMatchObject({
      code: 200,
      data: {
        name: '市政道路',
        keywords: '道路 改造',
        excludeWords: '监理',
        areaCodes: ['370100'],
        noticeTypes: ['2'],
        amountMin: 100,
        amountMax: null,
        enabled: true,
        createTime: '2024-06-12 10:30:00',
      },
    });
    const id = created.body.data.id as number;
    const updated = await m.put(`/cms/alerts/subscriptions/${id}`, { name: '改名', keywords: '桥梁', enabled: false });
    expect(updated.body.data).toMatchObject({ id, name: '改名', keywords: '桥梁', areaCodes: [], enabled: false });
    expect((await m.get('/cms/alerts/subscriptions')).body.data.map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await m.del(`/cms/alerts/subscriptions/${id}`)).body.code).toBe(200);
    expect((await m.get('/cms/alerts/subscriptions')).body.data).toEqual([]);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    const m = api(t, await member());
    const cases: [object, string][] = [
      [{ keywords: '道路' }, 'name 必须是 1 到 20 个字符'],
      [{ name: '一二三四五六七八九十一二三四五六七八九十一', keywords: '道路' }, 'name 必须是 1 到 20 个字符'],
      [{ name: 'x', keywords: '长'.repeat(51) }, 'keywords 不能超过 50 个字符（多个关键词用空格分隔）'],
      [{ name: 'x', areaCodes: ['999999'] }, 'areaCodes 必须是地区编码的数组，最多 20 个'],
      [{ name: 'x', noticeTypes: 'abc' }, 'noticeTypes 必须是公告类型编码的数组'],
      [{ name: 'x', keywords: '道路', amountMin: 500, amountMax: 100 }, 'amountMin 不能大于 amountMax'],
      [{ name: 'x' }, MSG_NEEDS_CONDITION],
      // Types, amounts or the whole province are no condition: they match nearly every tender.
      [{ name: 'x', noticeTypes: ['1', '2', '3'], amountMin: 0 }, MSG_NEEDS_CONDITION],
      [{ name: 'x', keywords: '道路', matchMode: 'some' }, 'matchMode 必须是 any 或 all'],
      [{ name: 'x', keywords: '！！' }, 'keywords 必须包含文字或数字'],
    ];
    for (const [body, msg] of cases) {
      expect((await m.post('/cms/alerts/subscriptions', body)).body).toEqual({ code: 500, msg });
    }
  });

  it('caps a free member at 10 subscriptions', async () => {
    const m = api(t, await member());
    for (let i = 0; i < 10; i++)
      expect((await m.post('/cms/alerts/subscriptions', { name: `订阅${i}`, keywords: `词${i}` })).body.code).toBe(200);
    expect((await m.post('/cms/alerts/subscriptions', { name: '第十一', keywords: '多' })).body).toEqual({
      code: 500,
      msg: '订阅数量已达上限（普通会员 10 个），升级 VIP 会员可添加更多',
    });
  });

  it("answers 404 for another member's subscription and leaves it alone", async () => {
    const owner = api(t, await member());
    const other = api(t, await member());
    const id = (await owner.post('/cms/alerts/subscriptions', subscription())).body.data.id as number;
    const notFound = { code: 404, msg: '订阅不存在' };
    expect((await other.put(`/cms/alerts/subscriptions/${id}`, subscription({ name: '偷改' }))).body).toEqual(notFound);
    expect((await other.del(`/cms/alerts/subscriptions/${id}`)).body).toEqual(notFound);
    expect((await owner.get('/cms/alerts/subscriptions')).body.data[0]).toMatchObject({ id, name: '地铁' });
  });

  it("turns the profile's keywords and regions into the first subscriptions", async () => {
    const vip = api(t, await t.login('vip', 'vip123'));
    const subs = (await vip.get('/cms/alerts/subscriptions')).body.data as { name: string; keywords: string; areaCodes: string[] }[];
    expect(subs.map((s) => [s.name, s.keywords])).toEqual([
      ['我的订阅', '医院'],
      ['我的订阅 2', '污水处理'],
      ['我的订阅 3', '产业园'],
    ]);
    expect(subs[0]!.areaCodes).toEqual(['370300', '370600', '370700']);
  });
});

describe('alerts at import time', () => {
  it('alerts a new matching tender once, and not a non-matching or excluded one', async () => {
    const token = await member();
    const m = api(t, token);
    await m.post('/cms/alerts/subscriptions', subscription({ excludeWords: '监理', matchMode: 'all' }));
    const hit = tender({ title: '济南市历下区地铁站周边道路改造工程施工招标公告' });
    // Full-width letters and case fold as in the search: the keyword 'ＰＰＰ' finds 'ppp'.
    await m.post('/cms/alerts/subscriptions', { name: 'PPP', keywords: 'ＰＰＰ' });
    const ppp = tender({ title: '淄博市ppp项目招标公告', areaCode: '370302' });
    const elsewhere = tender({ title: '青岛市地铁站装修工程招标公告', areaCode: '370202' });
    const excluded = tender({ title: '济南市地铁站工程监理招标公告' });
    const oneWordOnly = tender({ title: '济南市地铁车辆段工程招标公告' });
    await importRecords(t, [hit, ppp, elsewhere, excluded, oneWordOnly]);
    const rows = await alerts(t, token);
    expect(rows.map((r) => [r.kind, r.contentId]).sort()).toEqual(
      [
        ['new', idOf(t, hit.sourceId)],
        ['new', idOf(t, ppp.sourceId)],
      ].sort(),
    );
    expect(rows.find((r) => r.contentId === idOf(t, hit.sourceId))).toMatchObject({
      contentType: 'zb',
      title: hit.title,
      read: false,
      detail: '匹配订阅「地铁」',
    });
    // The same file again changes nothing and alerts nothing.
    await importRecords(t, [hit]);
    expect(await alerts(t, token)).toHaveLength(2);
  });

  it('matches any one keyword unless the member asks for all of them', async () => {
    const token = await member();
    const m = api(t, token);
    const added = await m.post('/cms/alerts/subscriptions', { name: '任一', keywords: '医疗器械 体育馆', areaCodes: ['370100'] });
    expect(added.body.data).toMatchObject({ matchMode: 'any' });
    const all = await m.post('/cms/alerts/subscriptions', { name: '全部', keywords: '游泳池 体育馆', matchMode: 'all' });
    expect(all.body.data).toMatchObject({ matchMode: 'all' });
    const one = tender({ title: '济南市奥体中心体育馆维修工程招标公告' });
    const both = tender({ title: '青岛市体育馆游泳池改造工程招标公告', areaCode: '370202' });
    await importRecords(t, [one, both]);
    const rows = await alerts(t, token);
    expect(rows.map((r) => [r.contentId, r.detail]).sort()).toEqual(
      [
        [idOf(t, one.sourceId), '匹配订阅「任一」'],
        [idOf(t, both.sourceId), '匹配订阅「全部」'],
      ].sort(),
    );
  });

  it("alerts the profile's keywords and regions as the member's first subscription", async () => {
    const token = await member();
    const m = api(t, token);
    expect((await m.put('/cms/member/updateProfile', { subscribeKeywords: '冷链仓库,垃圾焚烧' })).body.code).toBe(200);
    const cold = tender({ title: '济南市冷链仓库建设工程招标公告' });
    const burn = tender({ title: '潍坊市垃圾焚烧发电项目招标公告', areaCode: '370702' });
    await importRecords(t, [cold, burn, tender({ title: '济南市普通仓库工程招标公告' })]);
    const rows = await alerts(t, token);
    expect(rows.map((r) => [r.contentId, r.detail]).sort()).toEqual(
      [
        [idOf(t, cold.sourceId), '匹配订阅「会员资料订阅」'],
        [idOf(t, burn.sourceId), '匹配订阅「会员资料订阅」'],
      ].sort(),
    );
    // Regions narrow it; emptied, the profile alerts nothing.
    await m.put('/cms/member/updateProfile', { subscribeRegions: '370700' });
    await importRecords(t, [
      tender({ title: '济南市冷链仓库二期工程招标公告' }),
      tender({ title: '潍坊冷链仓库工程', areaCode: '370702' }),
    ]);
    expect(await alerts(t, token)).toHaveLength(3);
    await m.put('/cms/member/updateProfile', { subscribeKeywords: '', subscribeRegions: '' });
    await importRecords(t, [tender({ title: '潍坊冷链仓库三期工程', areaCode: '370702' })]);
    expect(await alerts(t, token)).toHaveLength(3);
  });

  it('bounds what an import writes for broad subscriptions, and what an inbox keeps', async () => {
    const b = await createTestBackend({ projects: 5, tenders: 5 });
    try {
      // 300 members, each with a subscription as broad as the rules allow: the city every tender is in.
      const insert = b.db.prepare(
        `INSERT INTO alert_subscription (member_id, name, keywords, area_codes, match_mode, create_time)
         VALUES (?, '全城', '', '370100', 'any', '2024-06-01 00:00:00')`,
      );
      const addMember = b.db.prepare(
        `INSERT INTO member (user_name, password_hash, nick_name, random_password, random_password_time, create_time)
         VALUES (?, 'x', ?, 'x', '2024-06-01 00:00:00', '2024-06-01 00:00:00')`,
      );
      const members = Array.from({ length: 300 }, (_, i) => Number(addMember.run(`broad_${i}`, `broad_${i}`).lastInsertRowid));
      for (const id of members) insert.run(id);
      const count = () => (b.db.prepare('SELECT count(*) AS n FROM alert_inbox WHERE member_id >= ?').get(members[0]) as { n: number }).n;
      const before = count();
      const started = performance.now();
      await importRecords(
        b,
        Array.from({ length: 300 }, (_, i) => tender({ sourceId: `broad-${i}`, title: `济南市第${i}号道路工程招标公告` })),
      );
      const elapsed = performance.now() - started;
      const written = count() - before;
      // Unbounded this was 300 × 300 = 90,000 rows.
      expect(written).toBe(300 * NEW_ALERTS_PER_IMPORT);
      console.info(`fan-out: 300 tenders × 300 broad subscriptions wrote ${written} inbox rows in ${elapsed.toFixed(0)} ms`);
      // An inbox keeps the newest INBOX_MAX.
      const one = members[0]!;
      const newest = (b.db.prepare('SELECT max(id) AS id FROM alert_event').get() as { id: number }).id;
      const addEvent = b.db.prepare(
        "INSERT INTO alert_event (kind, content_type, content_id, change_key, detail, create_time) VALUES ('changed', 'zb', 1, ?, '', '2024-06-01 00:00:00')",
      );
      const addRow = b.db.prepare('INSERT INTO alert_inbox (member_id, event_id) VALUES (?, ?)');
      for (let i = 0; i < INBOX_MAX; i++) addRow.run(one, Number(addEvent.run(`old-${i}`).lastInsertRowid));
      await importRecords(b, [tender({ sourceId: 'broad-last', title: '济南市最后一个道路工程招标公告' })]);
      const kept = b.db.prepare('SELECT count(*) AS n, min(event_id) AS oldest FROM alert_inbox WHERE member_id = ?').get(one) as {
        n: number;
        oldest: number;
      };
      expect(kept.n).toBe(INBOX_MAX);
      expect(kept.oldest).toBeGreaterThan(newest + 1);
    } finally {
      b.close();
    }
  }, 60_000);

  it('alerts a change to a followed tender, naming what changed, once per change', async () => {
    const token = await member();
    const m = api(t, token);
    const notice = tender();
    await importRecords(t, [notice]);
    const id = idOf(t, notice.sourceId);
    expect((await m.put('/cms/favorite/changeStatus', { id, type: 'zb', isCancel: 0 })).body.code).toBe(200);
    await importRecords(t, [{ ...notice, signupDeadline: '2024-06-24 17:00:00', amount: 1250.5 }]);
    const rows = await alerts(t, token, { kind: 'changed' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'changed', contentType: 'zb', contentId: id });
    // In a member's words: 万元, times to the minute, no import jargon.
    expect(rows[0]!.detail).toBe('金额由 800万元 改为 1,250.5万元；报名截止时间由 2024-06-20 17:00 改为 2024-06-24 17:00');
    await importRecords(t, [{ ...notice, signupDeadline: '2024-06-24 17:00:00', amount: 1250.5 }]);
    expect(await alerts(t, token, { kind: 'changed' })).toHaveLength(1);
    // A contact change is named, never shown.
    await importRecords(t, [{ ...notice, signupDeadline: '2024-06-24 17:00:00', amount: 1250.5, contact: { phone: '13700000000' } }]);
    const after = await alerts(t, token, { kind: 'changed' });
    expect(after).toHaveLength(2);
    expect(after[0]!.detail).toBe('联系人信息有更新');
    expect(JSON.stringify(after)).not.toMatch(/137000|139876|李秘密/);
  });

  it("alerts a followed tender's followers when its process gains a notice", async () => {
    const token = await member();
    const m = api(t, token);
    const first = tender({ processCode: 'ALERT-PROC-1' });
    await importRecords(t, [first]);
    const id = idOf(t, first.sourceId);
    await m.put('/cms/favorite/changeStatus', { id, type: 'zb', isCancel: 0 });
    const result = tender({
      processCode: 'ALERT-PROC-1',
      noticeType: '中标结果',
      title: '地铁站周边道路改造工程中标结果公告',
      publishTime: '2024-06-12 10:00:00',
    });
    await importRecords(t, [result]);
    expect(await alerts(t, token, { kind: 'changed' })).toEqual([
      expect.objectContaining({ contentType: 'zb', contentId: id, title: first.title, detail: `招标流程新增中标结果：${result.title}` }),
    ]);
  });

  it('makes one deadline alert per followed tender and date, three days ahead', async () => {
    const token = await member();
    const m = api(t, token);
    const soon = tender({ signupDeadline: '2024-06-14 17:00:00', openTime: '2024-06-26 09:00:00' });
    const later = tender({ signupDeadline: '2024-06-25 17:00:00', openTime: '2024-06-26 09:00:00' });
    await importRecords(t, [soon, later]);
    for (const n of [soon, later]) await m.put('/cms/favorite/changeStatus', { id: idOf(t, n.sourceId), type: 'zb', isCancel: 0 });
    t.backend.alerts.sweepDeadlines();
    t.backend.alerts.sweepDeadlines();
    let rows = await alerts(t, token, { kind: 'deadline' });
    expect(rows).toEqual([
      expect.objectContaining({ contentId: idOf(t, soon.sourceId), detail: '报名截止：2024-06-14 17:00', title: soon.title }),
    ]);
    // Someone following the tender later gets theirs with the next sweep; the first member no second one.
    const lateToken = await member();
    await api(t, lateToken).put('/cms/favorite/changeStatus', { id: idOf(t, soon.sourceId), type: 'zb', isCancel: 0 });
    t.backend.alerts.sweepDeadlines();
    expect(await alerts(t, lateToken, { kind: 'deadline' })).toEqual([
      expect.objectContaining({ contentId: idOf(t, soon.sourceId), detail: '报名截止：2024-06-14 17:00' }),
    ]);
    expect(await alerts(t, token, { kind: 'deadline' })).toHaveLength(1);
    // Eleven days on, the later tender's deadline and both openings are within three days.
    t.clock.set(new Date(DEFAULT_TEST_NOW.getTime() + 11 * 86_400_000));
    try {
      t.backend.alerts.sweepDeadlines();
      t.backend.alerts.sweepDeadlines();
    } finally {
      // Back again before reading: the session would have expired by then.
      t.clock.set(DEFAULT_TEST_NOW);
    }
    rows = await alerts(t, token, { kind: 'deadline' });
    expect(rows.map((r) => r.detail).sort()).toEqual(
      ['开标：2024-06-26 09:00', '开标：2024-06-26 09:00', '报名截止：2024-06-14 17:00', '报名截止：2024-06-25 17:00'].sort(),
    );
  });
});

describe('inbox', () => {
  it('counts unread, marks some or all read, and only the caller’s own', async () => {
    const token = await member();
    const m = api(t, token);
    const otherToken = await member();
    const other = api(t, otherToken);
    await m.post('/cms/alerts/subscriptions', { name: '收件箱', keywords: '收件箱测试' });
    // The other member gets the same three and three of their own: an alert's id is its event's,
    // the same for every member it reached, and marking is per member.
    await other.post('/cms/alerts/subscriptions', { name: '收件箱', keywords: '收件箱' });
    await importRecords(t, [
      ...[1, 2, 3].map((i) => tender({ title: `收件箱测试第${i}号工程招标公告` })),
      ...[1, 2, 3].map((i) => tender({ title: `收件箱另一第${i}号工程招标公告` })),
    ]);
    expect((await m.get('/cms/alerts/unread')).body).toMatchObject({ code: 200, data: 3 });
    const rows = await alerts(t, token);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    const theirs = (await alerts(t, otherToken)).map((r) => r.id).filter((id) => !rows.some((r) => r.id === id));
    expect(theirs).toHaveLength(3);
    expect((await m.put('/cms/alerts/read', { ids: [rows[0]!.id, ...theirs] })).body).toMatchObject({ code: 200, data: 1 });
    expect((await m.get('/cms/alerts/unread')).body.data).toBe(2);
    expect((await other.get('/cms/alerts/unread')).body.data).toBe(6);
    expect((await alerts(t, token, { read: 'true' })).map((r) => r.id)).toEqual([rows[0]!.id]);
    expect((await m.put('/cms/alerts/read', { all: true })).body.data).toBe(2);
    expect((await m.get('/cms/alerts/unread')).body.data).toBe(0);
    expect((await m.put('/cms/alerts/read', { ids: 'x' })).body).toEqual({ code: 500, msg: '请传 ids（最多 500 个正整数）或 all: true' });
  });

  it('needs a member', async () => {
    expect((await request(t.app).get('/cms/alerts/unread')).body.code).toBe(401);
  });
});

describe('feeds', () => {
  it('serves valid Atom and iCalendar without contact data, and a reset revokes the old paths', async () => {
    const token = await member();
    const m = api(t, token);
    await m.post('/cms/alerts/subscriptions', { name: '订阅源', keywords: '订阅源测试' });
    const matched = tender({ title: '订阅源测试工程招标公告', signupDeadline: '2024-06-20 17:00:00', openTime: '2024-07-01 09:30:00' });
    await importRecords(t, [matched]);
    const id = idOf(t, matched.sourceId);

    const feeds = (await m.get('/cms/alerts/feeds')).body.data as { atom: string; ics: string };
    expect(feeds.atom).toMatch(/^\/feeds\/[A-Za-z0-9_-]{32,}\.atom$/);
    expect(feeds.ics).toBe(feeds.atom.replace(/\.atom$/, '.ics'));
    expect((await m.get('/cms/alerts/feeds')).body.data).toEqual(feeds);
    const body = (path: string) => request(t.app).get(`/api/ext${path}`).set('Host', 'portal.example.test');

    const atom = await body(feeds.atom);
    expect(atom.status).toBe(200);
    expect(atom.type).toBe('application/atom+xml');
    const doc = new JSDOM(atom.text, { contentType: 'application/xml' }).window.document;
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(doc.documentElement.localName).toBe('feed');
    const entries = [...doc.getElementsByTagName('entry')];
    expect(entries).toHaveLength(1);
    expect(entries[0]!.getElementsByTagName('link')[0]!.getAttribute('href')).toBe(`http://portal.example.test/zb/${id}`);
    expect(entries[0]!.getElementsByTagName('title')[0]!.textContent).toContain('订阅源测试工程招标公告');

    const ics = await body(feeds.ics);
    expect(ics.status).toBe(200);
    expect(ics.type).toBe('text/calendar');
    const text = ics.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text.match(/BEGIN:VALARM/g)).toHaveLength(2);
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20240620T170000');
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20240701T093000');
    expect(text).toContain('TRIGGER:-PT24H');
    for (const feedText of [atom.text, text]) expect(feedText).not.toMatch(/13987654321|李秘密|某路1号/);

    const reset = (await m.put('/cms/alerts/feeds/reset', {})).body.data as { atom: string; ics: string };
    expect(reset.atom).not.toBe(feeds.atom);
    expect((await body(feeds.atom)).status).toBe(404);
    expect((await body(feeds.ics)).status).toBe(404);
    expect((await body(reset.atom)).status).toBe(200);
    expect((await request(t.app).get('/api/ext/feeds/short.atom')).status).toBe(404);
  });
});

/** The VEVENTs of an iCalendar text as property maps (lines unfolded, parameters dropped from names). */
function icsEvents(text: string): Record<string, string>[] {
  expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | null = null;
  let depth = 0;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT') {
      events.push(event!);
      event = null;
    } else if (event && line.startsWith('BEGIN:')) depth++;
    else if (event && line.startsWith('END:')) depth--;
    else if (event && depth === 0) {
      const colon = line.indexOf(':');
      event[line.slice(0, colon).split(';')[0]!] = line.slice(colon + 1);
    }
  }
  return events;
}

describe('the calendar after a change of 开标 or 报名截止', () => {
  it('moves the event in place: the same UID, a higher SEQUENCE, a new DTSTAMP; never a second event', async () => {
    const token = await member();
    const m = api(t, token);
    const feeds = (await m.get('/cms/alerts/feeds')).body.data as { ics: string };
    const calendar = async () => icsEvents((await request(t.app).get(`/api/ext${feeds.ics}`)).text);
    const original = tender({ processCode: 'ICS-MOVE-2024-01', title: '日程变更测试工程招标公告', publishTime: '2024-06-10 09:00:00' });
    await importRecords(t, [original]);
    await m.put('/cms/favorite/changeStatus', { id: idOf(t, original.sourceId), type: 'zb', isCancel: 0 });
    const before = await calendar();
    expect(before.map((e) => [e.SUMMARY, e.SEQUENCE, e.DTSTART])).toEqual([
      ['报名截止：日程变更测试工程招标公告', '0', '20240620T170000'],
      ['开标：日程变更测试工程招标公告', '0', '20240701T093000'],
    ]);

    const change = (n: number, openTime: string, publishTime: string) =>
      tender({
        processCode: 'ICS-MOVE-2024-01',
        noticeType: '变更公告',
        title: `日程变更测试工程变更公告（${n}）`,
        publishTime,
        signupDeadline: null,
        openTime,
      });
    // The member follows the change too (an alert or a star): still one event per date.
    const first = change(1, '2024-07-08 09:30:00', '2024-06-11 09:00:00');
    await importRecords(t, [first]);
    await m.put('/cms/favorite/changeStatus', { id: idOf(t, first.sourceId), type: 'zb', isCancel: 0 });
    const moved = await calendar();
    expect(moved).toHaveLength(2);
    const open = (events: Record<string, string>[]) => events.find((e) => e.SUMMARY!.startsWith('开标'))!;
    const signup = (events: Record<string, string>[]) => events.find((e) => e.SUMMARY!.startsWith('报名截止'))!;
    expect(open(moved)).toMatchObject({ UID: open(before).UID, SEQUENCE: '1', DTSTART: '20240708T093000' });
    // It links the notice whose date is in effect, and says when the date last moved.
    expect(open(moved).URL).toMatch(new RegExp(`/zb/${idOf(t, first.sourceId)}$`));
    expect(open(before)).toMatchObject({ DTSTAMP: '20240610T010000Z', 'LAST-MODIFIED': '20240610T010000Z' });
    expect(open(moved)).toMatchObject({ DTSTAMP: '20240611T010000Z', 'LAST-MODIFIED': '20240611T010000Z' });
    // 报名截止 did not move: its event is as it was.
    expect(signup(moved)).toMatchObject({ UID: signup(before).UID, SEQUENCE: '0', DTSTART: '20240620T170000' });

    // A second change, and a re-import correcting it: each move raises SEQUENCE once more.
    const second = change(2, '2024-07-15 09:30:00', '2024-06-12 09:00:00');
    await importRecords(t, [second]);
    expect(open(await calendar())).toMatchObject({ UID: open(before).UID, SEQUENCE: '2', DTSTART: '20240715T093000' });
    await importRecords(t, [{ ...second, openTime: '2024-07-16 09:30:00' }]);
    const corrected = await calendar();
    expect(corrected).toHaveLength(2);
    expect(open(corrected)).toMatchObject({ UID: open(before).UID, SEQUENCE: '3', DTSTART: '20240716T093000' });
    expect(corrected.filter((e) => e.UID === open(before).UID)).toHaveLength(1);
  });

  it('keeps a title with a bare CR or a control character on one line, in iCalendar and valid Atom', async () => {
    const token = await member();
    const m = api(t, token);
    await m.post('/cms/alerts/subscriptions', { name: '控制字符', keywords: '控制字符测试' });
    const hostile = tender({ title: '控制字符测试\r工程\u0007招标\t公告\u2028X-INJECTED:1', signupDeadline: '2024-06-20 17:00:00' });
    await importRecords(t, [hostile]);
    const id = idOf(t, hostile.sourceId);
    expect((t.db.prepare('SELECT title FROM zb WHERE id = ?').get(id) as { title: string }).title).toBe(
      '控制字符测试 工程 招标 公告 X-INJECTED:1',
    );
    // A title stored before import cleaned them is made one line by the feeds themselves.
    t.db.prepare('UPDATE zb SET title = ? WHERE id = ?').run('控制字符测试\r\nX-INJECTED:2\u0007工程招标公告', id);
    await m.put('/cms/favorite/changeStatus', { id, type: 'zb', isCancel: 0 });
    const feeds = (await m.get('/cms/alerts/feeds')).body.data as { atom: string; ics: string };
    const ics = (await request(t.app).get(`/api/ext${feeds.ics}`)).text;
    expect(ics).not.toMatch(/^X-INJECTED/m);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\p{Cc}/u);
    const events = icsEvents(ics);
    expect(events.map((e) => e.SUMMARY)).toContain('报名截止：控制字符测试 X-INJECTED:2 工程招标公告');
    const atom = (await request(t.app).get(`/api/ext${feeds.atom}`)).text;
    const doc = new JSDOM(atom, { contentType: 'application/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.getElementsByTagName('title')[1]!.textContent).toContain('控制字符测试');
    expect(atom.replace(/[\r\n\t]/g, '')).not.toMatch(/\p{Cc}/u);
  });
});

describe('mail', () => {
  it('without SMTP_URL sends nothing and the settings say why', async () => {
    const m = api(t, await member());
    const saved = await m.put('/cms/alerts/settings', { emailFrequency: 'immediate', email: 'nobody@example.com' });
    expect(saved.body.msg).toBe('设置已保存，但本站暂未开通邮件提醒，暂不会发送邮件');
    expect((await m.get('/cms/alerts/settings')).body.data).toEqual({
      emailFrequency: 'immediate',
      email: 'nobody@example.com',
      emailConfirmed: false,
      mailAvailable: false,
      mailUnavailableReason: '本站暂未开通邮件提醒',
    });
    // No email in the body keeps the address set before.
    expect((await m.put('/cms/alerts/settings', { emailFrequency: 'daily' })).body.data.email).toBe('nobody@example.com');
    await m.put('/cms/alerts/settings', { emailFrequency: 'immediate' });
    const noAddress = api(t, await member());
    expect((await noAddress.put('/cms/alerts/settings', { emailFrequency: 'daily', email: null })).body).toEqual({
      code: 500,
      msg: '请填写接收提醒的邮箱地址',
    });
    await m.post('/cms/alerts/subscriptions', { name: '无邮件', keywords: '无邮件测试' });
    await importRecords(t, [tender({ title: '无邮件测试工程招标公告' })]);
    expect(await t.backend.alerts.deliverMail()).toBe(0);
    expect((await m.get('/cms/alerts/unread')).body.data).toBe(1);
  });

  describe('with an SMTP sink on loopback', () => {
    let sink: MailSink;
    let received: ReceivedMail[];
    let s: TestBackend;

    beforeAll(async () => {
      sink = await startMailSink();
      received = sink.received;
      s = await createTestBackend({ projects: 20, tenders: 40, smtpUrl: sink.url, siteUrl: 'https://www.example.com' });
    });

    afterAll(async () => {
      s?.close();
      await sink.close();
    });

    it('lists mail among the capabilities', async () => {
      expect((await request(s.app).get('/api/ext/capabilities')).body.data).toContain('mail');
    });

    /** Turns mail on for an address and opens the confirmation link mailed to it. */
    async function confirmedMail(m: ReturnType<typeof api>, emailFrequency: 'immediate' | 'daily', email: string) {
      const saved = await m.put('/cms/alerts/settings', { emailFrequency, email });
      expect(saved.body).toMatchObject({
        code: 200,
        msg: `设置已保存。确认邮件已发送到 ${email}，打开邮件中的链接后开始发送提醒`,
        data: { emailFrequency, email, emailConfirmed: false, mailAvailable: true, mailUnavailableReason: null },
      });
      await openConfirmation(m, email);
    }

    /** Opens the confirmation link last mailed to the address. */
    async function openConfirmation(m: ReturnType<typeof api>, email: string) {
      const mail = received.findLast((r) => r.to.includes(email))!;
      expect(mail.subject).toBe('山东项目网：请确认接收提醒的邮箱');
      const token = /https:\/\/www\.example\.com\/mail\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
      expect((await request(s.app).post('/api/ext/mail/confirm').send({ token })).body).toEqual({
        code: 200,
        msg: `邮箱 ${email} 已确认，提醒邮件将发送到这里`,
        data: email,
      });
      expect((await m.get('/cms/alerts/settings')).body.data).toMatchObject({ email, emailConfirmed: true });
      // Used once.
      expect((await request(s.app).post('/api/ext/mail/confirm').send({ token })).body).toEqual({
        code: 500,
        msg: '链接无效或已过期，请在会员中心重新操作',
      });
    }

    it('sends an immediate digest right after the import, once', async () => {
      const m = api(s, await member(s));
      await m.post('/cms/alerts/subscriptions', { name: '即时', keywords: '即时邮件测试' });
      await confirmedMail(m, 'immediate', 'now@example.com');
      const notice = tender({ title: '即时邮件测试一号工程招标公告' });
      received.length = 0;
      await importRecords(s, [notice, tender({ title: '即时邮件测试二号工程招标公告' })]);
      // The import itself starts the pass: no timer and no deliverMail() call needed.
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
      expect(received[0]!.to).toEqual(['now@example.com']);
      const text = received[0]!.text;
      expect(received[0]!.subject).toBe('山东项目网提醒：2 条新提醒');
      expect(text).toContain('即时邮件测试一号工程招标公告');
      expect(text).toContain('即时邮件测试二号工程招标公告');
      expect(text).toContain(`https://www.example.com/zb/${idOf(s, notice.sourceId)}`);
      expect(text).not.toMatch(/13987654321|李秘密/);
      await s.backend.alerts.deliverMail(); // the import's pass, if still marking what it sent
      expect(await s.backend.alerts.deliverMail()).toBe(0);
      expect(received).toHaveLength(1);
    });

    it('sends the daily digest from 08:00 the next day, once', async () => {
      const m = api(s, await member(s));
      await m.post('/cms/alerts/subscriptions', { name: '每日', keywords: '每日邮件测试' });
      await confirmedMail(m, 'daily', 'daily@example.com');
      await importRecords(s, [tender({ title: '每日邮件测试工程招标公告' })]);
      received.length = 0;
      await s.backend.alerts.deliverMail();
      expect(received.filter((r) => r.to.includes('daily@example.com'))).toHaveLength(0);
      // 07:59 the next day: not yet; 08:00: the digest.
      s.clock.set(new Date('2024-06-12T23:59:00Z'));
      await s.backend.alerts.deliverMail();
      expect(received.filter((r) => r.to.includes('daily@example.com'))).toHaveLength(0);
      s.clock.set(new Date('2024-06-13T00:00:30Z'));
      await s.backend.alerts.deliverMail();
      await s.backend.alerts.deliverMail();
      const daily = received.filter((r) => r.to.includes('daily@example.com'));
      expect(daily).toHaveLength(1);
      expect(daily[0]!.text).toContain('每日邮件测试工程招标公告');
    });

    it('mails no alert to an address nobody confirmed, and a confirmed one can leave in one click', async () => {
      const m = api(s, await member(s));
      await m.post('/cms/alerts/subscriptions', { name: '<b>未确认</b>', keywords: '未确认邮件测试' });
      await m.put('/cms/alerts/settings', { emailFrequency: 'immediate', email: 'victim@example.com' });
      const before = received.length;
      await importRecords(s, [tender({ title: '未确认邮件测试工程招标公告' })]);
      await s.backend.alerts.deliverMail();
      expect(received).toHaveLength(before);
      // Confirmed: alerts made from now on are mailed, with a one-click unsubscribe (RFC 8058).
      await openConfirmation(m, 'victim@example.com');
      received.length = 0;
      await importRecords(s, [tender({ title: '未确认邮件测试二期工程招标公告' })]);
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
      const mail = received[0]!;
      expect(mail.text).not.toContain('未确认邮件测试工程招标公告');
      const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = /^List-Unsubscribe: <(https:\/\/www\.example\.com\/mail\/unsubscribe\?token=([A-Za-z0-9_-]{43}))>/m.exec(headers);
      expect(header).not.toBeNull();
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      // The member's own subscription name, escaped in the HTML part.
      expect(mail.text).toContain('匹配订阅「&lt;b&gt;未确认&lt;/b&gt;」');
      const oneClick = await request(s.app)
        .post('/api/ext/mail/unsubscribe')
        .query({ token: header![2] })
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(oneClick.body).toEqual({ code: 200, msg: '已退订提醒邮件，可随时在会员中心重新开启', data: null });
      expect((await m.get('/cms/alerts/settings')).body.data.emailFrequency).toBe('off');
      expect(
        (
          await request(s.app)
            .post('/api/ext/mail/unsubscribe')
            .send({ token: 'x'.repeat(43) })
        ).body.code,
      ).toBe(500);
    });

    it('sends one address at most three confirmations a day, however many accounts name it', async () => {
      received.length = 0;
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const m = api(s, await member(s));
        answers.push((await m.put('/cms/alerts/settings', { emailFrequency: 'immediate', email: 'Target@Example.com' })).body.msg);
      }
      expect(received.filter((r) => r.to.some((to) => to.toLowerCase() === 'target@example.com'))).toHaveLength(3);
      expect(answers.at(-1)).toBe('设置已保存，但 Target@Example.com 今天收到的确认邮件已达上限，请明天再试');
      // The same member asking again within minutes is told to look, not sent another.
      const again = api(s, await member(s));
      await again.put('/cms/alerts/settings', { emailFrequency: 'daily', email: 'other@example.com' });
      expect((await again.put('/cms/alerts/settings', { emailFrequency: 'daily', email: 'other@example.com' })).body.msg).toBe(
        '设置已保存。确认邮件几分钟前已发送到 other@example.com，请查收（含垃圾邮件箱）',
      );
      expect(received.filter((r) => r.to.includes('other@example.com'))).toHaveLength(1);
    });
  });
});

/** The text of a MIME message, quoted-printable or base64 parts decoded. */
describe('the migration to one row per event and member', () => {
  it('keeps every alert with its id, read state and detail, and what was mailed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alert-inbox-'));
    try {
      const db = openDatabase(dir, { synchronous: 'NORMAL' });
      db.pragma('foreign_keys = OFF'); // members without the tiers the seed would add
      MIGRATIONS.slice(0, 5).forEach((m) => (typeof m === 'string' ? db.exec(m) : m(db, MIGRATION_RULES)));
      db.pragma('user_version = 5');
      const at = '2024-06-01 10:00:00';
      const insert = db.prepare(
        `INSERT INTO alert (id, member_id, kind, content_type, content_id, change_key, detail, is_read, mailed, create_time)
         VALUES (?, ?, ?, 'zb', ?, ?, ?, ?, ?, ?)`,
      );
      insert.run(7, 1, 'new', 70, '', '匹配订阅「旧」', 1, 1, at);
      insert.run(8, 1, 'changed', 80, 'v2', '变更：金额', 0, 0, at);
      insert.run(9, 2, 'new', 70, '', '匹配订阅「旧」', 0, 1, at);
      db.prepare("INSERT INTO alert_setting (member_id, email_frequency) VALUES (1, 'immediate'), (2, 'daily')").run();
      migrateDatabase(db);
      expect(
        db
          .prepare(
            `SELECT i.member_id AS memberId, a.id, a.kind, a.content_id AS contentId, a.detail, i.is_read AS read
             FROM alert_inbox i JOIN alert_event a ON a.id = i.event_id ORDER BY a.id`,
          )
          .all(),
      ).toEqual([
        { memberId: 1, id: 7, kind: 'new', contentId: 70, detail: '匹配订阅「旧」', read: 1 },
        { memberId: 1, id: 8, kind: 'changed', contentId: 80, detail: '变更：金额', read: 0 },
        { memberId: 2, id: 9, kind: 'new', contentId: 70, detail: '匹配订阅「旧」', read: 0 },
      ]);
      // Member 1 still has alert 8 to be mailed; member 2 has been mailed everything.
      expect(db.prepare('SELECT member_id AS memberId, mailed_through AS through FROM alert_setting ORDER BY 1').all()).toEqual([
        { memberId: 1, through: 7 },
        { memberId: 2, through: 9 },
      ]);
      // New events continue after the moved ones.
      db.prepare("INSERT INTO alert_event (kind, content_type, content_id, change_key, create_time) VALUES ('new', 'zb', 1, '', ?)").run(
        at,
      );
      expect(db.prepare('SELECT max(id) AS id FROM alert_event').get()).toEqual({ id: 10 });
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mail links without SITE_URL', () => {
  let sink: MailSink;
  let s: TestBackend;
  beforeAll(async () => {
    sink = await startMailSink();
    s = await createTestBackend({ projects: 20, tenders: 40, smtpUrl: sink.url });
  });
  afterAll(async () => {
    s?.close();
    await sink.close();
  });

  it('point at the portal origin the member saved their settings at, in the confirmation and the digests', async () => {
    const token = await member(s);
    const m = api(s, token);
    await m.post('/cms/alerts/subscriptions', { name: '来源', keywords: '来源地址测试' });
    // The portal passes the origin it was reached at, as its proxy does for every call.
    const saved = await request(s.app)
      .put('/cms/alerts/settings')
      .set(s.bearer(token))
      .set({ 'X-Forwarded-Host': 'www.portal.example', 'X-Forwarded-Proto': 'https' })
      .send({ emailFrequency: 'immediate', email: 'origin@example.com' });
    expect(saved.body.code).toBe(200);
    const confirmation = sink.received.findLast((r) => r.to.includes('origin@example.com'))!;
    const link = /https:\/\/www\.portal\.example\/mail\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.text);
    expect(link, confirmation.text).not.toBeNull();
    expect(confirmation.text).not.toContain('localhost');
    expect((await request(s.app).post('/api/ext/mail/confirm').send({ token: link![1] })).body.code).toBe(200);

    const notice = tender({ title: '来源地址测试工程招标公告' });
    sink.received.length = 0;
    await importRecords(s, [notice]);
    await vi.waitFor(() => expect(sink.received).toHaveLength(1), { timeout: 5_000 });
    const digest = sink.received[0]!;
    expect(digest.text).toContain(`https://www.portal.example/zb/${idOf(s, notice.sourceId)}`);
    expect(digest.text).toMatch(/https:\/\/www\.portal\.example\/mail\/unsubscribe\?token=/);
    expect(digest.text).not.toContain('localhost');
  });

  it('keep a digest queued when no origin is known, rather than link to nowhere', async () => {
    const token = await member(s);
    const m = api(s, token);
    await m.post('/cms/alerts/subscriptions', { name: '无来源', keywords: '无来源测试' });
    const memberId = (s.db.prepare('SELECT max(id) AS id FROM member').get() as { id: number }).id;
    // Settings from before origins were kept: confirmed, mail on, no origin.
    s.db
      .prepare(
        "INSERT INTO alert_setting (member_id, email_frequency, email, email_verified, mail_since) VALUES (?, 'immediate', 'old@example.com', 'old@example.com', '2024-01-01 00:00:00')",
      )
      .run(memberId);
    sink.received.length = 0;
    await importRecords(s, [tender({ title: '无来源测试工程招标公告' })]);
    await s.backend.alerts.deliverMail();
    expect(sink.received.filter((r) => r.to.includes('old@example.com'))).toEqual([]);
    // Saved again at the portal: the waiting digest goes out with its links.
    await request(s.app)
      .put('/cms/alerts/settings')
      .set(s.bearer(token))
      .set({ 'X-Forwarded-Host': 'www.portal.example', 'X-Forwarded-Proto': 'https' })
      .send({ emailFrequency: 'immediate', email: 'old@example.com' });
    await s.backend.alerts.deliverMail();
    const sent = sink.received.filter((r) => r.to.includes('old@example.com'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('https://www.portal.example/zb/');
  });
});
