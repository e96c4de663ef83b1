/**
 * Public site data (configs, dictionaries, support pages, notices, home lists and today's counts)
 * and the goods → order → staff confirmation flow that grants tiers and points.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_TYPES } from '@shared/system/types';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend({ projects: 150, tenders: 250 });
});

afterAll(() => t.close());

const get = (path: string, query: Record<string, string | number> = {}) => request(t.app).get(path).query(query);
const value = <T>(sql: string, ...params: unknown[]) => (t.db.prepare(sql).get(...params) as { v: T }).v;

describe('configs', () => {
  it('answers values in msg, as RuoYi does', async () => {
    expect((await get('/api/system/config/configKey/sys.site.title')).body).toEqual({
      code: 200,
      msg: '山东项目网 - 找项目首选',
    });
    expect((await get('/api/system/config/configKey/sys.site.province')).body.msg).toBe('山东');
    expect((await get('/api/system/config/configKey/cms.score.unlockCost')).body.msg).toBe('10');
    expect((await get('/api/system/config/configKey/sys.account.captchaEnabled')).body.msg).toBe('true');
  });

  it('publishes the RSA public key (PEM) that decrypts to the private key in DATA_DIR', async () => {
    const res = await get('/api/system/config/configKey/sys.login.publicKey');
    expect(res.body.msg).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    expect(res.body.msg).toBe(t.context.passwords.publicKeyPem);
  });

  it('answers an empty msg for an unknown key, and refuses a malformed one', async () => {
    expect((await get('/api/system/config/configKey/no.such.key')).body).toEqual({ code: 200, msg: '' });
    expect((await get("/api/system/config/configKey/x'%20OR%201=1")).body).toEqual({
      code: 500,
      msg: 'key 必须是 1 到 100 个字母、数字、点或下划线',
    });
  });
});

describe('dictionaries', () => {
  it('serves every dictionary type, sorted, in RuoYi fields', async () => {
    for (const type of Object.values(DICT_TYPES)) {
      const res = await get(`/api/system/dict/data/type/${type}`);
      expect(res.body.code).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      const sorts = res.body.data.map((d: { dictSort: number }) => d.dictSort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
      expect(res.body.data[0]).toMatchObject({
        dictType: type,
        dictLabel: expect.any(String),
        dictValue: expect.any(String),
        status: '0',
      });
    }
    const regions = await get('/api/system/dict/data/type/cms_region');
    expect(regions.body.data).toHaveLength(152);
    const stages = await get('/api/system/dict/data/type/cms_xmk_stage');
    expect(stages.body.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(['立项', '审批', '设计', '招标', '施工', '竣工']);
  });

  it('answers an empty list for an unknown type', async () => {
    expect((await get('/api/system/dict/data/type/sys_user_sex')).body).toEqual({
      code: 200,
      msg: '操作成功',
      data: [],
    });
  });
});

describe('support pages and notices', () => {
  it.each(['about', 'fwxy', 'rwbf', 'service', 'yssm'])('serves %s', async (col) => {
    const res = await get(`/api/cms/getSupport/${col}`);
    expect(res.body).toMatchObject({ code: 200, data: { col, title: expect.any(String) } });
    expect(res.body.data.content).toMatch(/^<p>/);
  });

  it('lists published notices newest first, paged', async () => {
    const res = await get('/api/cms/getSupport/notice', { pageSize: 5 });
    expect(res.body).toMatchObject({ code: 200, total: 9 });
    expect(res.body.rows).toHaveLength(5);
    const times = res.body.rows.map((r: { createTime: string }) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());
    const detail = await get(`/api/system/notice/${res.body.rows[0].noticeId}`);
    expect(detail.body.data).toMatchObject({
      noticeTitle: res.body.rows[0].noticeTitle,
      status: '0',
      noticeContent: expect.stringMatching(/^<p>/),
    });
  });

  it('404s unknown columns, missing and withdrawn notices', async () => {
    expect((await get('/api/cms/getSupport/secret')).body).toEqual({ code: 404, msg: '栏目不存在' });
    const withdrawn = value<number>("SELECT notice_id AS v FROM sys_notice WHERE status = '1'");
    expect((await get(`/api/system/notice/${withdrawn}`)).body).toEqual({ code: 404, msg: '公告不存在' });
    expect((await get('/api/system/notice/999')).body).toEqual({ code: 404, msg: '公告不存在' });
  });

  it('testToken tells whether the bearer is valid', async () => {
    expect((await get('/api/cmsData/testToken')).body.data).toEqual({
      serverTime: '2024-06-12 10:30:00',
      authenticated: false,
    });
    const token = await t.login('demo', 'demo123');
    const res = await request(t.app).get('/api/cmsData/testToken').set(t.bearer(token));
    expect(res.body.data.authenticated).toBe(true);
  });
});

describe('home', () => {
  it('lists newest projects and tenders by tab', async () => {
    const all = await get('/api/cms/getHomeList/', { pageSize: 10 });
    expect(all.body.rows.map((r: { id: number }) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => 150 - i));
    const stage = await get('/api/cms/getHomeList/', { stage: '1', pageSize: 100 });
    expect(stage.body.total).toBe(value<number>("SELECT count(*) AS v FROM xmk WHERE stage = '1'"));
    expect(stage.body.rows.every((r: { stage: string }) => r.stage === '1')).toBe(true);
    const tenders = await get('/api/cms/selectZBHomeList/', { noticeType: '5' });
    expect(tenders.body.rows.every((r: { noticeType: string }) => r.noticeType === '5')).toBe(true);
    expect((await get('/api/cms/selectZBHomeList/', { noticeType: 'x;' })).body).toEqual({
      code: 500,
      msg: 'noticeType 不是有效的取值',
    });
  });

  it("counts today's, this week's and all items (Asia/Shanghai days), for the province, a city or a county", async () => {
    const todayStart = '2024-06-12 00:00:00';
    const weekStart = '2024-06-06 00:00:00';
    const province = await get('/api/cms/getTodayNum/0');
    expect(province.body.data).toEqual({
      today: value<number>('SELECT count(*) AS v FROM xmk WHERE publish_time >= ?', todayStart),
      week: value<number>('SELECT count(*) AS v FROM xmk WHERE publish_time >= ?', weekStart),
      total: 150,
    });
    expect(province.body.data.today).toBeGreaterThan(0);
    const tenders = await get('/api/cms/getTodayZBNum/370100');
    expect(tenders.body.data).toEqual({
      today: value<number>("SELECT count(*) AS v FROM zb WHERE city_code = '370100' AND publish_time >= ?", todayStart),
      week: value<number>("SELECT count(*) AS v FROM zb WHERE city_code = '370100' AND publish_time >= ?", weekStart),
      total: value<number>("SELECT count(*) AS v FROM zb WHERE city_code = '370100'"),
    });
    const county = await get('/api/cms/getTodayZBNum/370112');
    expect(county.body.data.total).toBe(value<number>("SELECT count(*) AS v FROM zb WHERE area_code = '370112'"));
    expect((await get('/api/cms/getTodayNum/jinan')).body).toEqual({
      code: 500,
      msg: 'x 必须是 0（全省）或 6 位地区编码',
    });
  });

  it('rolls over at midnight Asia/Shanghai, not UTC', async () => {
    // 2024-06-12 23:59 in Shanghai is 15:59 UTC; one hour later it is the 13th there.
    t.clock.set(new Date('2024-06-12T15:59:00Z'));
    const before = (await get('/api/cms/getTodayNum/0')).body.data.today;
    t.clock.set(new Date('2024-06-12T16:01:00Z'));
    const after = (await get('/api/cms/getTodayNum/0')).body.data.today;
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(0);
    t.clock.set(new Date('2024-06-12T02:30:00Z'));
  });
});

describe('goods and orders', () => {
  let demo: string;
  let vip: string;
  const goodsId = (name: string) => value<number>('SELECT id AS v FROM goods WHERE name = ?', name);
  const order = (token: string, id: number) => request(t.app).post('/cms/order/create').set(t.bearer(token)).send({ goodsId: id });
  const confirm = (id: number) => request(t.app).post(`/admin/order/${id}/confirm`).set(t.admin());
  const info = async (token: string) => (await request(t.app).get('/cms/member/getMemberInfo').set(t.bearer(token))).body.user;

  beforeAll(async () => {
    demo = await t.login('demo', 'demo123');
    vip = await t.login('vip', 'vip123');
  });

  it('lists goods by type with prices in yuan', async () => {
    const all = await get('/api/cms/goods/list');
    expect(all.body.total).toBe(6);
    const vipGoods = await get('/api/cms/goods/list', { type: 'vip' });
    expect(vipGoods.body.rows).toEqual([
      expect.objectContaining({ name: 'VIP年度会员', level: '2', days: 365, price: 1980, originalPrice: 2680 }),
    ]);
    expect((await get(`/api/cms/goods/${goodsId('500积分')}`)).body.data).toMatchObject({
      type: 'score',
      score: 500,
      price: 45,
    });
    expect((await get('/api/cms/goods/999')).body).toEqual({ code: 404, msg: '商品不存在或已下架' });
  });

  it('creates one pending order per goods and member', async () => {
    const first = await order(demo, goodsId('100积分'));
    expect(first.body).toMatchObject({
      code: 200,
      data: { status: 'pending', goodsName: '100积分', price: 10, confirmTime: null },
    });
    expect(first.body.data.orderNo).toMatch(/^SD\d{20}$/);
    const again = await order(demo, goodsId('100积分'));
    expect(again.body.data.id).toBe(first.body.data.id);
    const mine = await request(t.app).get('/cms/member/memberList').set(t.bearer(demo));
    expect(mine.body.rows[0]).toMatchObject({ id: first.body.data.id });
    expect(
      (await request(t.app).get('/cms/member/memberList').set(t.bearer(vip))).body.rows.map((r: { id: number }) => r.id),
    ).not.toContain(first.body.data.id);
  });

  it('refuses a lower tier than the one running, and unknown goods', async () => {
    expect((await order(vip, goodsId('月度会员'))).body).toEqual({
      code: 500,
      msg: '您当前的会员等级高于该商品，无需购买',
    });
    expect((await order(demo, 999)).body).toEqual({ code: 404, msg: '商品不存在或已下架' });
    expect((await request(t.app).post('/cms/order/create').set(t.bearer(demo)).send({ goodsId: 'one' })).body).toEqual({
      code: 500,
      msg: 'goodsId 必须是正整数',
    });
  });

  it('confirming a points order adds the points and a score-log row, once', async () => {
    const id = (await order(demo, goodsId('100积分'))).body.data.id;
    const before = (await info(demo)).score;
    const res = await confirm(id);
    expect(res.body).toMatchObject({
      code: 200,
      msg: '订单已确认，权益已发放',
      data: { status: 'paid', confirmTime: '2024-06-12 10:30:00' },
    });
    expect((await info(demo)).score).toBe(before + 100);
    const again = await confirm(id);
    expect(again.body).toMatchObject({ code: 200, msg: '订单已确认，无需重复操作' });
    expect((await info(demo)).score).toBe(before + 100);
    const log = await request(t.app).get('/cms/member/memberLogScoreList/').set(t.bearer(demo));
    expect(log.body.rows[0]).toMatchObject({ type: '2', change: 100, balance: before + 100 });
  });

  it('confirming a pass grants the tier from now, and a second one extends it', async () => {
    const token = await t.register('buyer', 'abc12345');
    await confirm((await order(token, goodsId('月度会员'))).body.data.id);
    expect(await info(token)).toMatchObject({ level: '1', levelExpireTime: '2024-07-12 10:30:00' });
    await confirm((await order(token, goodsId('季度会员'))).body.data.id);
    expect((await info(token)).levelExpireTime).toBe('2024-10-10 10:30:00');
    await confirm((await order(token, goodsId('VIP年度会员'))).body.data.id);
    expect(await info(token)).toMatchObject({ level: '2', levelExpireTime: '2025-06-12 10:30:00' });
    const detail = await request(t.app).get('/cms/xmk/data/1').set(t.bearer(token));
    expect(detail.body.data.contactAccess).toBe('vip');
  });

  it('lets a member cancel their pending order, once, and not a paid one or another member’s', async () => {
    const cancel = (token: string, id: number) => request(t.app).post(`/cms/order/${id}/cancel`).set(t.bearer(token));
    const token = await t.register('canceller', 'abc12345');
    const pending = (await order(token, goodsId('2000积分'))).body.data.id as number;
    expect((await cancel(vip, pending)).body).toEqual({ code: 404, msg: '订单不存在' });
    expect((await cancel(token, pending)).body).toMatchObject({ code: 200, msg: '订单已取消', data: { id: pending, status: 'cancelled' } });
    expect((await cancel(token, pending)).body).toMatchObject({ code: 200, msg: '订单已取消，无需重复操作' });
    expect((await confirm(pending)).body).toEqual({ code: 500, msg: '订单已取消，不能确认' });
    // A cancelled order no longer holds the goods: ordering again makes a new one.
    const next = (await order(token, goodsId('2000积分'))).body.data.id as number;
    expect(next).not.toBe(pending);
    await confirm(next);
    expect((await cancel(token, next)).body).toEqual({ code: 500, msg: '订单已开通，不能取消' });
    expect((await cancel(token, 999999)).body).toEqual({ code: 404, msg: '订单不存在' });
  });

  it('lets staff list orders by status, and 404s unknown orders', async () => {
    const pending = await request(t.app).get('/admin/orders').query({ status: 'pending' }).set(t.admin());
    expect(pending.body.rows.every((o: { status: string }) => o.status === 'pending')).toBe(true);
    expect(pending.body.rows[0]).toMatchObject({ userName: expect.any(String), memberId: expect.any(Number) });
    expect((await confirm(999999)).body).toEqual({ code: 404, msg: '订单不存在' });
    t.db.prepare("UPDATE cms_order SET status = 'cancelled' WHERE id = ?").run(pending.body.rows[0].id);
    expect((await confirm(pending.body.rows[0].id)).body).toEqual({ code: 500, msg: '订单已取消，不能确认' });
  });
});
