/**
 * The member area's data: member info and tiers, region tree, profile and subscription, random
 * password, score log; favourites; the visit CRM; messages. One member never sees or touches
 * another's rows.
 */
import { FREE_SUBSCRIPTIONS, VIP_SUBSCRIPTIONS } from '../src/seed/site-content';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let demo: string;
let vip: string;

beforeAll(async () => {
  // These tests write as one member at one frozen instant, far faster than a person; the write
  // rate itself is tested in quota.test.ts.
  t = await createTestBackend({ projects: 120, tenders: 150, writeRate: { writes: 1000, windowMs: 60_000 } });
  demo = await t.login('demo', 'demo123');
  vip = await t.login('vip', 'vip123');
});

afterAll(() => t.close());

const get = (path: string, token: string, query: Record<string, string | number> = {}) =>
  request(t.app).get(path).query(query).set(t.bearer(token));
const put = (path: string, token: string, body: object) => request(t.app).put(path).set(t.bearer(token)).send(body);
const value = <T>(sql: string, ...params: unknown[]) => (t.db.prepare(sql).get(...params) as { v: T }).v;

describe('member info', () => {
  it("answers RuoYi's {user, roles, permissions}, without secrets", async () => {
    const free = await get('/cms/member/getMemberInfo', demo);
    expect(free.body).toMatchObject({ code: 200, roles: ['member'], permissions: [] });
    expect(free.body.user).toMatchObject({
      userName: 'demo',
      level: '0',
      levelExpireTime: null,
      subscribeKeywords: '道路,学校,桥',
      subscribeRegions: '370100,370200',
    });
    expect(free.body.user.score).toBe(value<number>("SELECT score AS v FROM member WHERE user_name = 'demo'"));
    expect(JSON.stringify(free.body)).not.toMatch(/password|\$2[aby]\$/i);
    const paid = await get('/cms/member/getMemberInfo', vip);
    expect(paid.body).toMatchObject({
      roles: ['member', 'vip'],
      permissions: ['cms:contact:view'],
      user: { level: '2' },
    });
  });

  it('reads a lapsed tier as 普通会员', async () => {
    const token = await t.register('lapsed', 'abc12345');
    t.db.prepare("UPDATE member SET level = '2', level_expire_time = '2024-06-01 00:00:00' WHERE user_name = 'lapsed'").run();
    const res = await get('/cms/member/getMemberInfo', token);
    expect(res.body).toMatchObject({ roles: ['member'], permissions: [], user: { level: '0', levelExpireTime: null } });
  });

  it('lists the tiers on offer', async () => {
    const res = await get('/cms/member/list', demo);
    expect(res.body.rows.map((r: { level: string; viewAllContacts: boolean }) => [r.level, r.viewAllContacts])).toEqual([
      ['0', false],
      ['1', true],
      ['2', true],
    ]);
    expect(res.body.rows[2].benefits.length).toBeGreaterThan(0);
    // Subscriptions are every member's: a paid tier sells only what it adds (VIP's 30).
    const benefits = (res.body.rows as { benefits: string[] }[]).map((r) => r.benefits);
    expect(benefits[0]).toContain(FREE_SUBSCRIPTIONS);
    expect(benefits[1]!.filter((b) => b.includes('订阅'))).toEqual([]);
    expect(benefits[2]).toContain('订阅增至 30 条（普通会员 10 条）');
    const goods = (await get('/api/cms/goods/list', demo)).body.rows as { level: string | null; benefits: string[] }[];
    expect(goods.flatMap((g) => g.benefits).filter((b) => b.includes('订阅') && b !== VIP_SUBSCRIPTIONS)).toEqual([]);
  });

  it('builds the region tree: 16 cities, 136 counties, real codes', async () => {
    const res = await get('/cms/member/treeselect', demo);
    const tree = res.body.data as { id: string; label: string; children: { id: string; label: string }[] }[];
    expect(tree).toHaveLength(16);
    expect(tree.reduce((n, city) => n + city.children.length, 0)).toBe(136);
    const jinan = tree.find((c) => c.id === '370100')!;
    expect(jinan.label).toBe('济南市');
    expect(jinan.children).toHaveLength(12);
    expect(jinan.children).toContainEqual({ id: '370112', label: '历城区' });
    for (const city of tree) for (const county of city.children) expect(county.id.slice(0, 4)).toBe(city.id.slice(0, 4));
  });
});

describe('profile and subscription', () => {
  it('updates given fields only, normalising keyword and region lists', async () => {
    const res = await put('/cms/member/updateProfile', demo, {
      company: '山东示例建设有限公司',
      subscribeKeywords: ' 道路，医院, 道路 ',
      subscribeRegions: '370100,370212',
    });
    expect(res.body).toMatchObject({
      code: 200,
      data: {
        company: '山东示例建设有限公司',
        subscribeKeywords: '道路,医院',
        subscribeRegions: '370100,370212',
        nickName: '演示用户',
      },
    });
    const cleared = await put('/cms/member/updateProfile', demo, { company: '' });
    expect(cleared.body.data).toMatchObject({ company: '', subscribeKeywords: '道路,医院' });
    await put('/cms/member/updateProfile', demo, {
      subscribeKeywords: '道路,学校,桥',
      subscribeRegions: '370100,370200',
    });
  });

  it.each([
    [{ subscribeRegions: '370100,999999' }, 'subscribeRegions 必须是逗号分隔的地区编码，最多 20 个'],
    [
      { subscribeKeywords: Array.from({ length: 11 }, (_, i) => `词${i}`).join(',') },
      'subscribeKeywords 必须是逗号分隔的关键词，最多 10 个，每个 1 到 20 个字符',
    ],
    [{ subscribeKeywords: '%%%' }, 'subscribeKeywords 必须是逗号分隔的关键词，最多 10 个，每个 1 到 20 个字符'],
    [{ phonenumber: '12345' }, 'phonenumber 必须是 11 位手机号码'],
    [{ email: 'not-an-email' }, 'email 必须是有效的邮箱地址（少于 255 个字符）'],
    [{ nickName: '' }, 'nickName 必须是 1 到 30 个字符'],
    [{ nickName: 42 }, 'nickName 必须是 1 到 30 个字符'],
  ])('refuses %o', async (body, msg) => {
    expect((await put('/cms/member/updateProfile', demo, body)).body).toEqual({ code: 500, msg });
  });
});

describe('random password', () => {
  it('answers the current one and rotates it', async () => {
    const current = await get('/cms/member/getRandomPassword/', demo);
    expect(current.body.data.randomPassword).toMatch(/^[\w-]{16}$/);
    const rotated = await get('/cms/member/createRandomPassword/1718159400000', demo);
    expect(rotated.body.data.randomPassword).not.toBe(current.body.data.randomPassword);
    expect((await get('/cms/member/getRandomPassword/', demo)).body.data.randomPassword).toBe(rotated.body.data.randomPassword);
    expect((await get('/cms/member/createRandomPassword/a%20b', demo)).body).toEqual({
      code: 500,
      msg: 'x 必须是 1 到 64 个字符',
    });
  });
});

describe('score log', () => {
  it('lists changes newest first; balances chain up to the score', async () => {
    const res = await get('/cms/member/memberLogScoreList/', demo, { pageSize: 100 });
    const rows = res.body.rows as { change: number; balance: number }[];
    expect(rows.length).toBe(res.body.total);
    const oldestFirst = [...rows].reverse();
    let balance = 0;
    for (const row of oldestFirst) {
      balance += row.change;
      expect(row.balance).toBe(balance);
    }
    expect(balance).toBe(value<number>("SELECT score AS v FROM member WHERE user_name = 'demo'"));
  });
});

describe('favourites', () => {
  const xmkId = () => value<number>('SELECT max(id) AS v FROM xmk');
  const change = (token: string, id: number, isCancel: 0 | 1, type = 'xmk') =>
    put('/cms/favorite/changeStatus', token, { id, type, isCancel });
  const status = (token: string, id: number) => get(`/cms/favorite/${id}`, token, { type: 'xmk' });

  it('favourites, cancels and restores one item (one row throughout)', async () => {
    const id = xmkId();
    expect((await status(vip, id)).body.data).toEqual({ type: 'xmk', dataId: id, favorited: false });
    expect((await change(vip, id, 0)).body).toMatchObject({ code: 200, msg: '收藏成功', data: { favorited: true } });
    expect((await change(vip, id, 0)).body.data.favorited).toBe(true);
    expect((await change(vip, id, 1)).body).toMatchObject({ msg: '已取消收藏', data: { favorited: false } });
    const cancelled = await get('/cms/favorite/list/', vip, { isCancel: 1 });
    expect(cancelled.body.rows.map((r: { dataId: number }) => r.dataId)).toContain(id);
    expect((await change(vip, id, 0)).body.data.favorited).toBe(true);
    expect(
      value<number>(
        "SELECT count(*) AS v FROM favorite f JOIN member m ON m.id = f.member_id WHERE m.user_name = 'vip' AND data_id = ?",
        id,
      ),
    ).toBe(1);
  });

  it('answers the ids of the active favourites of one type (ext), as the list shows them', async () => {
    const id = xmkId() - 2;
    await change(vip, id, 0);
    const ids = async (type: string) => (await get(`/cms/favorite/ids/${type}`, vip)).body;
    const active = async (type: string) =>
      ((await get('/cms/favorite/list/', vip, { type, isCancel: 0, pageSize: 100 })).body.rows as { dataId: number }[])
        .map((r) => r.dataId)
        .sort((a, b) => a - b);
    expect((await ids('xmk')).data).toEqual(await active('xmk'));
    expect((await ids('xmk')).data).toContain(id);
    expect((await ids('zb')).data).toEqual(await active('zb'));
    await change(vip, id, 1);
    expect((await ids('xmk')).data).not.toContain(id);
    expect(await ids('news')).toEqual({ code: 500, msg: 'type 必须是 xmk 或 zb' });
    expect((await get('/cms/favorite/ids/zb', '')).body.code).toBe(401);
  });

  it('cancelling something never favourited creates nothing', async () => {
    const id = xmkId() - 1;
    expect((await change(vip, id, 1)).body.data.favorited).toBe(false);
    expect((await get('/cms/favorite/list/', vip)).body.rows.map((r: { dataId: number }) => r.dataId)).not.toContain(id);
  });

  it("lists only the member's own favourites, filtered by type", async () => {
    const mine = await get('/cms/favorite/list/', demo, { pageSize: 100 });
    const expected = value<number>("SELECT count(*) AS v FROM favorite f JOIN member m ON m.id = f.member_id WHERE m.user_name = 'demo'");
    expect(mine.body.total).toBe(expected);
    const onlyZb = await get('/cms/favorite/list/', demo, { type: 'zb' });
    expect(onlyZb.body.rows.every((r: { type: string }) => r.type === 'zb')).toBe(true);
    expect(onlyZb.body.rows[0]).toMatchObject({
      title: expect.any(String),
      category: expect.any(String),
      followed: expect.any(Boolean),
    });
    const vipIds = (await get('/cms/favorite/list/', vip)).body.rows.map((r: { id: number }) => r.id);
    for (const row of mine.body.rows) expect(vipIds).not.toContain(row.id);
  });

  it('refuses bad input and missing items', async () => {
    expect((await change(demo, 999999, 0)).body).toEqual({ code: 404, msg: '项目不存在或已删除' });
    expect((await change(demo, 1, 2 as 0)).body).toEqual({ code: 500, msg: 'isCancel 必须是 0 或 1' });
    expect((await put('/cms/favorite/changeStatus', demo, { id: 1, isCancel: 0 })).body).toEqual({
      code: 500,
      msg: 'type 必须是 xmk 或 zb',
    });
    expect((await get('/cms/favorite/list/', demo, { type: 'news' })).body).toEqual({
      code: 500,
      msg: 'type 必须是 xmk 或 zb',
    });
    expect((await get('/cms/favorite/999999', demo)).body.code).toBe(404);
  });

  it("addGJ makes the item's company a client once, copying contacts only when visible", async () => {
    const locked = value<number>('SELECT max(id) AS v FROM xmk WHERE id NOT IN (SELECT data_id FROM contact_unlock)');
    const owner = value<string>('SELECT owner AS v FROM xmk WHERE id = ?', locked);
    t.db.prepare('DELETE FROM visit_client WHERE company_name = ?').run(owner);
    const first = await put('/cms/favorite/addGJ', demo, { id: locked, type: 'xmk' });
    expect(first.body).toMatchObject({
      code: 200,
      msg: '已加入跟进',
      data: { companyName: owner, contact: '', phone: '', sourceType: 'xmk', sourceId: locked, status: '0' },
    });
    const again = await put('/cms/favorite/addGJ', demo, { id: locked, type: 'xmk' });
    expect(again.body).toMatchObject({ code: 200, msg: '该单位已在跟进列表中', data: { id: first.body.data.id } });
    const asVip = await put('/cms/favorite/addGJ', vip, { id: locked, type: 'xmk' });
    expect(asVip.body.data.contact).toBe(value<string>('SELECT contact_name AS v FROM xmk WHERE id = ?', locked));
    const tender = value<number>('SELECT max(id) AS v FROM zb');
    const fromTender = await put('/cms/favorite/addGJ', vip, { id: tender, type: 'zb' });
    expect(fromTender.body.data.companyName).toBe(value<string>('SELECT tenderer AS v FROM zb WHERE id = ?', tender));
  });
});

describe('visit clients and records', () => {
  let clientId = 0;

  it('adds a client, refusing a company already followed', async () => {
    const res = await put('/cms/baifang/addBaifangClient', demo, {
      companyName: '青岛测试工程有限公司',
      contact: '李工',
      phone: '0532-85551234',
      nextVisitDate: '2024-06-12',
      remark: '首次接触',
    });
    expect(res.body).toMatchObject({
      code: 200,
      data: {
        companyName: '青岛测试工程有限公司',
        status: '0',
        sourceType: 'manual',
        recordCount: 0,
        lastVisitTime: null,
      },
    });
    clientId = res.body.data.id;
    const dup = await put('/cms/baifang/addBaifangClient', demo, { companyName: '青岛测试工程有限公司' });
    expect(dup.body).toEqual({ code: 500, msg: '客户已存在' });
    const sourced = await put('/cms/baifang/addBaifangClient', demo, {
      companyName: '来源测试公司',
      sourceType: 'zb',
      sourceId: 1,
    });
    expect(sourced.body.data).toMatchObject({
      sourceType: 'zb',
      sourceId: 1,
      sourceTitle: value<string>('SELECT title AS v FROM zb WHERE id = 1'),
    });
    const missing = await put('/cms/baifang/addBaifangClient', demo, {
      companyName: '来源不存在公司',
      sourceType: 'xmk',
      sourceId: 999999,
    });
    expect(missing.body).toEqual({ code: 404, msg: '项目不存在或已删除' });
  });

  it.each([
    [{}, 'companyName 必须是 1 到 100 个字符'],
    [{ companyName: 'x'.repeat(101) }, 'companyName 必须是 1 到 100 个字符'],
    [{ companyName: '公司', status: '9' }, 'status 必须是 0、1、2 或 3'],
    [{ companyName: '公司', nextVisitDate: '2024/06/12' }, 'nextVisitDate 必须是 yyyy-MM-dd 格式的日期'],
    [{ companyName: '公司', remark: 'x'.repeat(501) }, 'remark 不能超过 500 个字符'],
    [{ companyName: '公司', sourceType: 'xmk' }, 'sourceId 必须是正整数'],
  ])('refuses client %o', async (body, msg) => {
    expect((await put('/cms/baifang/addBaifangClient', demo, body)).body).toEqual({ code: 500, msg });
  });

  it('updates given fields, clears with null or empty, and 404s for others', async () => {
    const res = await put('/cms/baifang/updateBaifangClient', demo, {
      id: clientId,
      companyName: '青岛测试工程有限公司',
      status: '1',
      nextVisitDate: null,
      contact: '',
    });
    expect(res.body.data).toMatchObject({
      status: '1',
      nextVisitDate: null,
      contact: '',
      phone: '0532-85551234',
      remark: '首次接触',
    });
    const foreign = await put('/cms/baifang/updateBaifangClient', vip, { id: clientId, companyName: '抢走' });
    expect(foreign.body).toEqual({ code: 404, msg: '客户不存在' });
    const rename = await put('/cms/baifang/updateBaifangClient', demo, { id: clientId, companyName: '来源测试公司' });
    expect(rename.body).toEqual({ code: 500, msg: '客户已存在' });
  });

  it('adds records, updating the client, and lists them', async () => {
    const res = await put('/cms/baifang/addBaifangRecords', demo, {
      clientId,
      visitTime: '2024-06-11 10:00:00',
      way: '1',
      content: '上门介绍公司业绩',
      result: '有意向',
      nextStep: '报价',
      nextVisitDate: '2024-06-12',
      status: '1',
    });
    expect(res.body).toMatchObject({
      code: 200,
      data: { clientId, companyName: '青岛测试工程有限公司', way: '1', result: '有意向' },
    });
    await put('/cms/baifang/addBaifangRecords', demo, {
      clientId,
      visitTime: '2024-06-12 09:00:00',
      way: '0',
      content: '电话回访',
    });
    const detail = await get(`/cms/baifang/getBaifangClientByCid/${clientId}`, demo);
    expect(detail.body.data.client).toMatchObject({
      recordCount: 2,
      lastVisitTime: '2024-06-12 09:00:00',
      nextVisitDate: '2024-06-12',
      status: '1',
    });
    expect(detail.body.data.records.map((r: { visitTime: string }) => r.visitTime)).toEqual(['2024-06-12 09:00:00', '2024-06-11 10:00:00']);
    const list = await get('/cms/baifang/getBaifangRecordsList', demo, {
      clientId,
      beginDate: '2024-06-12',
      endDate: '2024-06-12',
    });
    expect(list.body.rows.map((r: { content: string }) => r.content)).toEqual(['电话回访']);
    const foreign = await put('/cms/baifang/addBaifangRecords', vip, {
      clientId,
      visitTime: '2024-06-12 09:00:00',
      way: '0',
      content: 'x',
    });
    expect(foreign.body).toEqual({ code: 404, msg: '客户不存在' });
    expect((await get(`/cms/baifang/getBaifangClientByCid/${clientId}`, vip)).body).toEqual({
      code: 404,
      msg: '客户不存在',
    });
    const bad = await put('/cms/baifang/addBaifangRecords', demo, {
      clientId,
      visitTime: '2024-06-12',
      way: '0',
      content: 'x',
    });
    expect(bad.body).toEqual({ code: 500, msg: 'visitTime 必须是 yyyy-MM-dd HH:mm:ss 格式的时间' });
  });

  it('edits only own records, their own fields, and says what is wrong in Chinese', async () => {
    const recordId = value<number>('SELECT max(id) AS v FROM visit_record WHERE client_id = ?', clientId);
    const edit = {
      id: recordId,
      visitTime: '2024-06-11 15:30:00',
      way: '2',
      content: '上门拜访，改约下周详谈',
      result: '有意向',
      nextStep: '',
    };
    expect((await put('/cms/baifang/updateBaifangRecords', vip, edit)).body).toEqual({ code: 404, msg: '拜访记录不存在' });
    const res = await put('/cms/baifang/updateBaifangRecords', demo, edit);
    expect(res.body).toMatchObject({ code: 200, msg: '修改成功', data: { ...edit, clientId } });
    const detail = await get(`/cms/baifang/getBaifangClientByCid/${clientId}`, demo);
    expect(detail.body.data.records.find((r: { id: number }) => r.id === recordId)).toMatchObject(edit);
    expect((await put('/cms/baifang/updateBaifangRecords', demo, { ...edit, content: '' })).body).toEqual({
      code: 500,
      msg: 'content 必须是 1 到 1000 个字符',
    });
  });

  it('deletes only own records', async () => {
    const recordId = value<number>('SELECT max(id) AS v FROM visit_record WHERE client_id = ?', clientId);
    expect((await request(t.app).delete(`/cms/baifang/delBaifangRecords/${recordId}`).set(t.bearer(vip))).body).toEqual({
      code: 404,
      msg: '拜访记录不存在',
    });
    expect((await request(t.app).delete(`/cms/baifang/delBaifangRecords/${recordId}`).set(t.bearer(demo))).body).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect((await request(t.app).delete(`/cms/baifang/delBaifangRecords/${recordId}`).set(t.bearer(demo))).body.code).toBe(404);
  });

  it('filters the client list by keyword, status and due', async () => {
    const byKeyword = await get('/cms/baifang/getBaifangClientList', demo, { keyword: '青岛测试' });
    expect(byKeyword.body.rows.map((r: { id: number }) => r.id)).toEqual([clientId]);
    const literal = await get('/cms/baifang/getBaifangClientList', demo, { keyword: '%' });
    expect(literal.body.total).toBe(0);
    const due = await get('/cms/baifang/getBaifangClientList', demo, { due: 'true', pageSize: 100 });
    for (const row of due.body.rows) {
      expect(['0', '1']).toContain(row.status);
      expect(row.nextVisitDate <= '2024-06-12').toBe(true);
    }
    const vipList = await get('/cms/baifang/getBaifangClientList', vip, { pageSize: 100 });
    expect(vipList.body.rows.map((r: { id: number }) => r.id)).not.toContain(clientId);
  });

  it('counts clients per status, due clients and records', async () => {
    const res = await get('/cms/baifang/getGJNum', demo);
    const byStatus = t.db
      .prepare(
        "SELECT status, count(*) AS n FROM visit_client c JOIN member m ON m.id = c.member_id WHERE m.user_name = 'demo' GROUP BY status",
      )
      .all() as { status: string; n: number }[];
    const expected: Record<string, number> = { '0': 0, '1': 0, '2': 0, '3': 0 };
    for (const s of byStatus) expected[s.status] = s.n;
    expect(res.body.data.byStatus).toEqual(expected);
    expect(res.body.data.total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    const due = await get('/cms/baifang/getBaifangClientList', demo, { due: 'true' });
    expect(res.body.data.due).toBe(due.body.total);
    expect(res.body.data.records).toBe(
      value<number>("SELECT count(*) AS v FROM visit_record r JOIN member m ON m.id = r.member_id WHERE m.user_name = 'demo'"),
    );
  });

  it("lists a project's companies, masked unless the member may see contacts", async () => {
    const id = value<number>(
      'SELECT xmk_id AS v FROM zb WHERE xmk_id IN (SELECT id FROM xmk WHERE id NOT IN (SELECT data_id FROM contact_unlock)) LIMIT 1',
    );
    const asDemo = await get(`/cms/baifang/getUserCompany/${id}`, demo);
    const companies = asDemo.body.data as { role: string; companyName: string; phone: string; exists: boolean }[];
    expect(companies[0]).toMatchObject({
      role: '建设单位',
      companyName: value<string>('SELECT owner AS v FROM xmk WHERE id = ?', id),
    });
    const names = companies.map((c) => c.companyName);
    for (const tender of t.db.prepare('SELECT tenderer, agency FROM zb WHERE xmk_id = ?').all(id) as {
      tenderer: string;
      agency: string;
    }[]) {
      expect(names).toContain(tender.tenderer);
      expect(names).toContain(tender.agency);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(companies.find((c) => c.phone !== '')!.phone).toContain('****');
    const asVip = await get(`/cms/baifang/getUserCompany/${id}`, vip);
    expect(JSON.stringify(asVip.body.data)).toContain(value<string>('SELECT contact_phone AS v FROM xmk WHERE id = ?', id));
    expect((await get('/cms/baifang/getUserCompany/999999', demo)).body).toEqual({
      code: 404,
      msg: '项目不存在或已删除',
    });
  });
});

describe('messages', () => {
  const addMsg = (body: object, token?: string) => {
    const req = request(t.app).put('/api/cms/addMsg');
    return (token ? req.set(t.bearer(token)) : req).send(body);
  };

  it('accepts messages from visitors and members; members list their own with replies', async () => {
    const visitor = await addMsg({
      name: '王女士',
      phone: '0531-88889999',
      content: '<b>想了解</b>项目咨询服务',
      source: 'xmzx',
    });
    expect(visitor.body).toEqual({ code: 200, msg: '留言成功，我们会尽快与您联系' });
    const member = await addMsg(
      {
        name: '演示用户',
        phone: '13800138000',
        email: 'demo@example.com',
        content: '请问VIP包含哪些服务？',
        source: 'member',
      },
      demo,
    );
    expect(member.body.code).toBe(200);
    const list = await get('/cms/msgForm/getMsgList', demo);
    expect(list.body.rows[0]).toMatchObject({
      content: '请问VIP包含哪些服务？',
      reply: null,
      email: 'demo@example.com',
    });
    expect(list.body.rows.some((r: { content: string }) => r.content.includes('想了解'))).toBe(false);
    // vip has messages of its own (seeded), none of demo's.
    const vipRows = (await get('/cms/msgForm/getMsgList', vip)).body.rows as { content: string }[];
    expect(vipRows.length).toBeGreaterThan(0);
    expect(vipRows.map((r) => r.content)).not.toContain('请问VIP包含哪些服务？');

    const reply = await request(t.app)
      .post(`/admin/msg/${list.body.rows[0].id}/reply`)
      .set(t.admin())
      .send({ reply: '包含全部联系方式查看和专属客服。' });
    expect(reply.body).toMatchObject({
      code: 200,
      data: { reply: '包含全部联系方式查看和专属客服。', replyTime: '2024-06-12 10:30:00' },
    });
    expect((await get('/cms/msgForm/getMsgList', demo)).body.rows[0].reply).toBe('包含全部联系方式查看和专属客服。');
    expect((await request(t.app).post('/admin/msg/999999/reply').set(t.admin()).send({ reply: 'x' })).body).toEqual({
      code: 404,
      msg: '留言不存在',
    });
  });

  // The form and the backend accept the same numbers (400/800 ones included): one rule.
  it.each(['400-123-4567', '8001234567', '0531-88889999-123', '13800138000'])('accepts the phone %s', async (phone) => {
    const res = await addMsg({ name: '张三', phone, content: '你好', source: 'support' });
    expect(res.body).toEqual({ code: 200, msg: '留言成功，我们会尽快与您联系' });
  });

  it('stores text as typed (rendering escapes it)', () => {
    expect(value<string>("SELECT content AS v FROM message WHERE name = '王女士'")).toBe('<b>想了解</b>项目咨询服务');
  });

  it.each([
    [{ phone: '12345' }, 'phone 必须是手机号码、带区号的固定电话或 400/800 号码'],
    [{ email: 'nope' }, 'email 必须是有效的邮箱地址（少于 255 个字符）'],
    [{ source: 'weibo' }, 'source 必须是 gczx、xmzx、zjzx、support 或 member'],
    [{ content: '' }, 'content 必须是 1 到 500 个字符'],
    [{ content: 'x'.repeat(501) }, 'content 必须是 1 到 500 个字符'],
    [{ name: '名'.repeat(21) }, 'name 必须是 1 到 20 个字符'],
  ])('refuses %o', async (override, msg) => {
    const res = await addMsg({ name: '张三', phone: '13800138000', content: '你好', source: 'support', ...override });
    expect(res.body).toEqual({ code: 500, msg });
  });
});
