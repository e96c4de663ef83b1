/**
 * Write quotas: per member, caps on what is stored (scaled by tier) and a rate on
 * every write path, each refused with a Chinese message and nothing written.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { MESSAGES } from '@shared/constants';
import { formatDateTime } from '../src/clock';
import { QUOTAS, WRITE_RATE } from '../src/modules/member/quota';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let members = 0;

beforeAll(async () => {
  t = await createTestBackend({ projects: 120, tenders: 150 });
});

afterAll(() => t.close());

const RATE_LIMITED = { code: 429, msg: MESSAGES.rateLimited };

/** A fresh free member (a clean slate for counts and the rate): its token and id. */
async function freshMember(): Promise<{ token: string; id: number }> {
  const name = `quota${++members}`;
  const token = await t.register(name, 'secret123');
  const { id } = t.db.prepare('SELECT id FROM member WHERE user_name = ?').get(name) as { id: number };
  return { token, id };
}

const put = (path: string, token: string, body: object) => request(t.app).put(path).set(t.bearer(token)).send(body);
const count = (sql: string, ...params: unknown[]) => (t.db.prepare(sql).get(...params) as { n: number }).n;
/** Let the rate window pass, so a test's own writes are not refused for speed. */
const nextWindow = () => t.clock.advance(WRITE_RATE.windowMs);

function addClientRows(memberId: number, n: number, prefix: string): number[] {
  const insert = t.db.prepare(
    `INSERT INTO visit_client (member_id, company_name, contact, phone, status, remark, source_type, create_time, update_time)
     VALUES (?, ?, '', '', '0', '', 'manual', ?, ?)`,
  );
  const now = formatDateTime(t.clock());
  return Array.from({ length: n }, (_, i) => Number(insert.run(memberId, `${prefix}${i}`, now, now).lastInsertRowid));
}

function addRecordRows(memberId: number, clientId: number, n: number): void {
  const insert = t.db.prepare(
    `INSERT INTO visit_record (member_id, client_id, visit_time, way, content, result, next_step, create_time)
     VALUES (?, ?, ?, '0', '电话沟通', '', '', ?)`,
  );
  const now = formatDateTime(t.clock());
  for (let i = 0; i < n; i++) insert.run(memberId, clientId, now, now);
}

const record = (clientId: number) => ({ clientId, visitTime: '2024-06-11 09:00:00', way: '0', content: '电话沟通项目进展' });

describe('visit records', () => {
  it('refuses the 999th record of a burst like the one reported, writing nothing past the cap', async () => {
    const m = await freshMember();
    nextWindow();
    const { body } = await put('/cms/baifang/addBaifangClient', m.token, { companyName: '济南测试建设有限公司' });
    const clientId = body.data.id as number;
    const cap = QUOTAS.recordsPerClient['0'];
    // One listening server for the 999 calls (supertest would start one per call).
    const server = t.app.listen(0, '127.0.0.1');
    const add = () => request(server).put('/cms/baifang/addBaifangRecords').set(t.bearer(m.token)).send(record(clientId));
    const capMessage = `该客户的拜访记录已达上限（普通会员 ${cap} 条），请删除旧记录后再添加`;
    // The reported script: 999 records as fast as the API takes them (waiting out each refusal for speed).
    let last: { code: number; msg: string } | undefined;
    let rateRefusals = 0;
    for (let i = 1; i <= 999; i++) {
      let res = await add();
      if (res.body.code === 429) {
        rateRefusals++;
        nextWindow();
        res = await add();
      }
      if (i <= cap) expect(res.body.code).toBe(200);
      else expect(res.body).toEqual({ code: 500, msg: capMessage });
      last = res.body;
    }
    server.close();
    expect(last).toEqual({ code: 500, msg: capMessage });
    expect(rateRefusals).toBeGreaterThanOrEqual(Math.floor(999 / WRITE_RATE.writes) - 1);
    expect(count('SELECT count(*) AS n FROM visit_record WHERE member_id = ?', m.id)).toBe(cap);
  }, 120_000); // a thousand calls: seconds alone, longer on a loaded machine

  it("caps a member's records over all clients, scaled by tier", async () => {
    const m = await freshMember();
    const cap = QUOTAS.records['0'];
    const perClient = QUOTAS.recordsPerClient['0'];
    const clients = addClientRows(m.id, Math.ceil(cap / perClient) + 1, '记录测试单位');
    for (let i = 0; i * perClient < cap; i++) addRecordRows(m.id, clients[i]!, Math.min(perClient, cap - i * perClient));
    nextWindow();
    const refused = await put('/cms/baifang/addBaifangRecords', m.token, record(clients.at(-1)!));
    expect(refused.body).toEqual({ code: 500, msg: `拜访记录数量已达上限（普通会员 ${cap} 条），请删除旧记录或升级会员` });
    expect(count('SELECT count(*) AS n FROM visit_record WHERE member_id = ?', m.id)).toBe(cap);

    // Deleting one makes room again.
    const oldest = t.db.prepare('SELECT min(id) AS id FROM visit_record WHERE member_id = ?').get(m.id) as { id: number };
    const deleted = await request(t.app).delete(`/cms/baifang/delBaifangRecords/${oldest.id}`).set(t.bearer(m.token));
    expect(deleted.body.code).toBe(200);
    expect((await put('/cms/baifang/addBaifangRecords', m.token, record(clients.at(-1)!))).body.code).toBe(200);
  });
});

describe('clients', () => {
  it('refuses a client past the cap, from the form and from addGJ; a VIP has a higher cap', async () => {
    const m = await freshMember();
    const cap = QUOTAS.clients['0'];
    addClientRows(m.id, cap, '客户测试单位');
    nextWindow();
    const message = `拜访客户数量已达上限（普通会员 ${cap} 个），升级会员可添加更多`;
    expect((await put('/cms/baifang/addBaifangClient', m.token, { companyName: '新客户有限公司' })).body).toEqual({
      code: 500,
      msg: message,
    });
    const xmkId = (t.db.prepare('SELECT min(id) AS id FROM xmk').get() as { id: number }).id;
    expect((await put('/cms/favorite/addGJ', m.token, { type: 'xmk', id: xmkId })).body).toEqual({ code: 500, msg: message });
    // A company already followed still answers as before, not with the cap.
    expect((await put('/cms/baifang/addBaifangClient', m.token, { companyName: '客户测试单位0' })).body).toEqual({
      code: 500,
      msg: '客户已存在',
    });
    expect(count('SELECT count(*) AS n FROM visit_client WHERE member_id = ?', m.id)).toBe(cap);

    const vip = await t.login('vip', 'vip123');
    const vipId = (t.db.prepare("SELECT id FROM member WHERE user_name = 'vip'").get() as { id: number }).id;
    const existing = count('SELECT count(*) AS n FROM visit_client WHERE member_id = ?', vipId);
    addClientRows(vipId, cap - existing, 'VIP客户测试单位');
    expect((await put('/cms/baifang/addBaifangClient', vip, { companyName: 'VIP新客户有限公司' })).body.code).toBe(200);
  });
});

describe('favourites', () => {
  it('at the cap, a new favourite takes the oldest cancelled one’s place, or is refused when none is cancelled', async () => {
    const m = await freshMember();
    const cap = QUOTAS.favorites['0'];
    const now = formatDateTime(t.clock());
    const insert = t.db.prepare(
      "INSERT INTO favorite (member_id, type, data_id, is_cancel, create_time, update_time) VALUES (?, 'zb', ?, 0, ?, ?)",
    );
    for (let i = 1; i <= cap; i++) insert.run(m.id, 1_000_000 + i, now, now);
    const zbId = (t.db.prepare('SELECT min(id) AS id FROM zb').get() as { id: number }).id;
    nextWindow();
    const refused = await put('/cms/favorite/changeStatus', m.token, { type: 'zb', id: zbId, isCancel: 0 });
    expect(refused.body).toEqual({ code: 500, msg: `收藏数量已达上限（普通会员 ${cap} 个），请先取消部分收藏` });
    expect(count('SELECT count(*) AS n FROM favorite WHERE member_id = ?', m.id)).toBe(cap);

    t.db.prepare('UPDATE favorite SET is_cancel = 1 WHERE member_id = ? AND data_id = ?').run(m.id, 1_000_001);
    const accepted = await put('/cms/favorite/changeStatus', m.token, { type: 'zb', id: zbId, isCancel: 0 });
    expect(accepted.body).toMatchObject({ code: 200, data: { favorited: true } });
    expect(count('SELECT count(*) AS n FROM favorite WHERE member_id = ?', m.id)).toBe(cap);
    expect(count('SELECT count(*) AS n FROM favorite WHERE member_id = ? AND data_id = 1000001', m.id)).toBe(0);
  });
});

describe('messages and orders', () => {
  const message = { name: '测试', phone: '13800000000', content: '请联系我', source: 'member' };

  it("caps a member's messages per day; the next day there is room again", async () => {
    const m = await freshMember();
    const cap = QUOTAS.messagesPerDay['0'];
    nextWindow();
    for (let i = 0; i < cap; i++) expect((await put('/api/cms/addMsg', m.token, message)).body.code).toBe(200);
    expect((await put('/api/cms/addMsg', m.token, message)).body).toEqual({
      code: 500,
      msg: `今日留言已达上限（${cap} 条），请明天再试或联系客服`,
    });
    expect(count('SELECT count(*) AS n FROM message WHERE member_id = ?', m.id)).toBe(cap);
    t.clock.advance(24 * 60 * 60_000);
    expect((await put('/api/cms/addMsg', m.token, message)).body.code).toBe(200);
  });

  it('caps pending orders', async () => {
    const m = await freshMember();
    const cap = QUOTAS.pendingOrders['0'];
    const goods = t.db.prepare('SELECT id FROM goods ORDER BY id').all() as { id: number }[];
    expect(goods.length).toBeGreaterThan(cap);
    nextWindow();
    for (const g of goods.slice(0, cap)) {
      expect((await request(t.app).post('/cms/order/create').set(t.bearer(m.token)).send({ goodsId: g.id })).body.code).toBe(200);
    }
    const refused = await request(t.app).post('/cms/order/create').set(t.bearer(m.token)).send({ goodsId: goods[cap]!.id });
    expect(refused.body).toEqual({ code: 500, msg: `待支付订单已达上限（${cap} 个），请先联系客服完成支付` });
    expect(count('SELECT count(*) AS n FROM cms_order WHERE member_id = ?', m.id)).toBe(cap);
  });
});

describe('write rate', () => {
  it('refuses a burst past the rate, writing nothing, and accepts again once the window slides', async () => {
    const m = await freshMember();
    nextWindow();
    const add = (i: number) => put('/cms/baifang/addBaifangClient', m.token, { companyName: `速率测试单位${i}` });
    for (let i = 0; i < WRITE_RATE.writes; i++) expect((await add(i)).body.code).toBe(200);
    expect((await add(WRITE_RATE.writes)).body).toEqual(RATE_LIMITED);
    expect(count('SELECT count(*) AS n FROM visit_client WHERE member_id = ?', m.id)).toBe(WRITE_RATE.writes);
    // Another member is not slowed down by this one.
    const other = await freshMember();
    expect((await put('/cms/baifang/addBaifangClient', other.token, { companyName: '速率测试单位' })).body.code).toBe(200);
    t.clock.advance(WRITE_RATE.windowMs / 2);
    expect((await add(WRITE_RATE.writes)).body).toEqual(RATE_LIMITED);
    t.clock.advance(WRITE_RATE.windowMs / 2);
    expect((await add(WRITE_RATE.writes)).body.code).toBe(200);
  });

  /** Every member write of the contract, with the member's bearer (addMsg: a member's message). */
  const writes = Object.entries(ENDPOINTS).filter(
    ([name, e]) => (e.auth === 'member' && e.method !== 'GET') || name === 'addMsg' || name === 'createRandomPassword',
  );

  it.each(writes)('%s counts against the rate', async (_name, endpoint) => {
    const m = await freshMember();
    nextWindow();
    for (let i = 0; i < WRITE_RATE.writes; i++) {
      expect((await put('/cms/member/updateProfile', m.token, { nickName: `昵称${i}` })).body.code).toBe(200);
    }
    const path = endpoint.path.replace(/:\w+/g, '1');
    const method = endpoint.method.toLowerCase() as 'get' | 'put' | 'post' | 'delete';
    const res = await request(t.app)[method](path).set(t.bearer(m.token)).send({});
    expect(res.body).toEqual(RATE_LIMITED);
  });
});
