/**
 * Every path of the contract (ENDPOINTS = spec §7 + extensions): it answers its happy path with
 * code 200, member paths answer 401 without a valid token, admin paths 403 without the admin token.
 * Adding an endpoint to the contract without a sample here fails the type check.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@shared/contract/endpoint';
import { ENDPOINTS, type EndpointName } from '@shared/contract/endpoints';
import { formatDateTime } from '../src/clock';
import { tokenDigest } from '../src/one-time-token';
import { createTestBackend, type TestBackend } from './fixture';

interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: object;
  /** A text body (JSON Lines) instead of JSON. */
  text?: string;
  /** A token other than demo's (for calls that end sessions). */
  token?: string;
}

let t: TestBackend;
let demoToken: string;
const ids = { xmk: 0, zb: 0, oldestZb: 0, client: 0, record: 0, message: 0, order: 0, goods: 0, notice: 0, company: 0 };

beforeAll(async () => {
  t = await createTestBackend();
  demoToken = await t.login('demo', 'demo123');
  const first = (sql: string) => (t.db.prepare(sql).get() as { id: number }).id;
  ids.xmk = first('SELECT max(id) AS id FROM xmk');
  ids.zb = first('SELECT max(id) AS id FROM zb');
  ids.oldestZb = first('SELECT min(id) AS id FROM zb');
  ids.client = first("SELECT min(c.id) AS id FROM visit_client c JOIN member m ON m.id = c.member_id WHERE m.user_name = 'demo'");
  ids.record = first("SELECT min(r.id) AS id FROM visit_record r JOIN member m ON m.id = r.member_id WHERE m.user_name = 'demo'");
  ids.message = first('SELECT min(id) AS id FROM message');
  ids.order = first("SELECT min(id) AS id FROM cms_order WHERE status = 'pending'");
  ids.goods = first('SELECT min(id) AS id FROM goods');
  ids.company = first('SELECT min(id) AS id FROM company');
  ids.notice = first("SELECT max(notice_id) AS id FROM sys_notice WHERE status = '0'");
});

afterAll(() => t.close());

/** A mail link's token, stored for demo as the mail would have (`column` holds `stored(token)`). */
function mailLinkToken(column: 'verify_token_hash' | 'unsubscribe_token', stored: (token: string) => string): string {
  const token = `${column === 'unsubscribe_token' ? 'u' : 'v'}${'x'.repeat(42)}`;
  t.db
    .prepare(
      `INSERT INTO alert_setting (member_id, ${column}, verify_address, verify_sent_at)
       SELECT id, @value, 'demo@example.com', @now FROM member WHERE user_name = 'demo'
       ON CONFLICT (member_id) DO UPDATE SET ${column} = excluded.${column}, verify_address = excluded.verify_address,
         verify_sent_at = excluded.verify_sent_at`,
    )
    .run({ value: stored(token), now: formatDateTime(t.clock()) });
  return token;
}

const samples: Record<EndpointName, () => Sample | Promise<Sample>> = {
  baifangClientList: () => ({ query: { pageNum: 1, pageSize: 10 } }),
  updateBaifangClient: () => ({ body: { id: ids.client, companyName: '山东测试建设集团有限公司', status: '1' } }),
  baifangClientByCid: () => ({ params: { cid: ids.client } }),
  userCompany: () => ({ params: { id: ids.xmk } }),
  addBaifangClient: () => ({ body: { companyName: '济南端点测试有限公司', contact: '王工', phone: '13800001111' } }),
  addBaifangRecords: () => ({
    body: { clientId: ids.client, visitTime: '2024-06-11 15:00:00', way: '1', content: '上门拜访' },
  }),
  delBaifangRecords: () => ({ params: { id: ids.record } }),
  updateBaifangRecords: () => {
    // The newest of the demo member's records: the deletion's sample takes the oldest.
    const { id } = t.db
      .prepare("SELECT max(r.id) AS id FROM visit_record r JOIN member m ON m.id = r.member_id WHERE m.user_name = 'demo'")
      .get() as { id: number };
    return { body: { id, visitTime: '2024-06-10 10:00:00', way: '1', content: '电话回访，确认招标时间' } };
  },
  gjNum: () => ({}),
  baifangRecordsList: () => ({ query: { clientId: ids.client } }),
  xmkSearch: () => ({ query: { keyword: '道路', pageSize: 5 } }),
  biddingList: () => ({}),
  biddingData: () => ({ params: { id: ids.zb } }),
  zbDetailPublic: () => ({ params: { id: ids.zb } }),
  zbSearch: () => ({ query: { keyword: '招标' } }),
  xmkDetailPublic: () => ({ params: { id: ids.xmk } }),
  xmkHistory: () => ({ params: { id: ids.xmk } }),
  noticeTimeline: () => ({ params: { kind: 'zb', id: ids.zb } }),
  xmkDetailMember: () => ({ params: { id: ids.xmk } }),
  favoriteList: () => ({ query: { type: 'xmk' } }),
  favoriteChangeStatus: () => ({ body: { id: ids.xmk, type: 'xmk', isCancel: 0 } }),
  favoriteAddGJ: () => ({ body: { id: ids.xmk, type: 'xmk' } }),
  favoriteStatus: () => ({ params: { id: ids.xmk }, query: { type: 'xmk' } }),
  favoriteIds: () => ({ params: { type: 'zb' } }),
  xmkScore: () => ({ body: { id: ids.xmk } }),
  addMsg: () => ({ body: { name: '张先生', phone: '13912345678', content: '咨询造价服务', source: 'zjzx' } }),
  msgList: () => ({}),
  support: () => ({ params: { col: 'about' } }),
  notice: () => ({ params: { id: ids.notice } }),
  testToken: () => ({}),
  homeList: () => ({ query: { stage: '5' } }),
  todayZBNum: () => ({ params: { x: '0' } }),
  todayNum: () => ({ params: { x: '370100' } }),
  zbHomeList: () => ({ query: { noticeType: '2' } }),
  login: async () => ({ body: { username: 'vip', password: t.encrypt('vip123'), ...(await t.solveCaptcha()) } }),
  logout: async () => ({ token: await t.login('vip', 'vip123') }),
  register: async () => ({
    body: { username: 'endpoint_user', password: t.encrypt('secret1'), ...(await t.solveCaptcha()) },
  }),
  checkUserNameUnique: () => ({ body: { username: 'somebody_new' } }),
  passwordRecover: async () => ({ body: { account: 'demo', ...(await t.solveCaptcha()) } }),
  passwordReset: async () => {
    // A member of its own: the call ends every session of the member it resets.
    await t.register('endpoint_reset', 'secret1');
    const token = 'r'.repeat(43);
    t.db
      .prepare(
        `INSERT INTO password_recovery (member_id, token_hash, sent_at, day, sent_today)
         SELECT id, @hash, @now, substr(@now, 1, 10), 1 FROM member WHERE user_name = 'endpoint_reset'`,
      )
      .run({ hash: tokenDigest(token), now: formatDateTime(t.clock()) });
    return { body: { token, password: t.encrypt('secret2') } };
  },
  captchaImage: () => ({}),
  powChallenge: () => ({}),
  memberTiers: () => ({}),
  memberInfo: () => ({}),
  randomPassword: () => ({}),
  createRandomPassword: () => ({ params: { x: '1718159400000' } }),
  memberOrders: () => ({}),
  resetPassword: async () => {
    const token = await t.register('reset_user', 'oldpass1');
    return { token, query: { oldPassword: t.encrypt('oldpass1'), newPassword: t.encrypt('newpass1') } };
  },
  treeselect: () => ({}),
  scoreLog: () => ({}),
  updateProfile: () => ({ body: { nickName: '演示', subscribeKeywords: '道路,学校', subscribeRegions: '370100' } }),
  goodsList: () => ({}),
  companyList: () => ({ query: { name: '山东', pageSize: 5 } }),
  companyDetail: () => ({ params: { id: ids.company } }),
  goodsDetail: () => ({ params: { id: ids.goods } }),
  createOrder: () => ({ body: { goodsId: ids.goods } }),
  cancelOrder: async () => {
    // An order of its own, so the confirmation's sample stays pending.
    const goodsId = (t.db.prepare("SELECT id FROM goods WHERE name = '500积分'").get() as { id: number }).id;
    const created = await request(t.app).post('/cms/order/create').set(t.bearer(demoToken)).send({ goodsId });
    return { params: { id: (created.body as { data: { id: number } }).data.id } };
  },
  confirmOrder: () => ({ params: { id: ids.order } }),
  adminOrders: () => ({ query: { status: 'pending' } }),
  replyMsg: () => ({ params: { id: ids.message }, body: { reply: '您好，已为您安排专人联系。' } }),
  importNotices: () => ({
    text: JSON.stringify({
      kind: 'zb',
      sourceId: 'endpoint-sample-1',
      title: '济南市端点测试道路工程施工招标公告',
      noticeType: '招标公告',
      areaCode: '370102',
      industry: '市政',
      publishTime: '2024-06-12 09:00:00',
    }),
  }),
  // The oldest tender (the other samples read the newest).
  withdrawNotice: () => ({ params: { kind: 'zb', id: ids.oldestZb } }),
  capabilities: () => ({}),
  ocdsSummary: () => ({}),
  alertList: () => ({ query: { pageNum: 1, pageSize: 10, read: 'false' } }),
  alertUnread: () => ({}),
  alertRead: () => ({ body: { all: true } }),
  alertSubscriptions: () => ({}),
  alertSubscriptionAdd: () => ({ body: { name: '端点测试', keywords: '道路', areaCodes: ['370100'] } }),
  alertSubscriptionUpdate: async () => ({ params: { id: await newSubscription() }, body: { name: '端点测试改', keywords: '桥梁' } }),
  alertSubscriptionDelete: async () => ({ params: { id: await newSubscription() } }),
  alertSettings: () => ({}),
  alertSettingsUpdate: () => ({ body: { emailFrequency: 'daily', email: 'demo@example.com' } }),
  alertFeeds: () => ({}),
  alertFeedsReset: () => ({}),
  mailConfirm: () => ({ body: { token: mailLinkToken('verify_token_hash', tokenDigest) } }),
  mailUnsubscribe: () => ({ query: { token: mailLinkToken('unsubscribe_token', (token) => token) } }),
  configKey: () => ({ params: { key: 'sys.site.title' } }),
  dictData: () => ({ params: { type: 'cms_industry' } }),
  refreshToken: () => ({}),
  // VIP: demo's free taste of 20 rows a day would be spent by the first.
  exportXmk: async () => ({ query: { keyword: '道路' }, token: await t.login('vip', 'vip123') }),
  exportZb: async () => ({ query: { keyword: '招标' }, token: await t.login('vip', 'vip123') }),
  exportFavorites: async () => ({ token: await t.login('vip', 'vip123') }),
  exportVisits: async () => ({ token: await t.login('vip', 'vip123') }),
};

/** Calls answered with a file (the Excel exports) rather than the envelope. */
const FILE_ANSWERS = new Set<EndpointName>(['exportXmk', 'exportZb', 'exportFavorites', 'exportVisits']);

/** A subscription of demo's, for the calls that change one. */
async function newSubscription(): Promise<number> {
  const res = await request(t.app).post('/cms/alerts/subscriptions').set(t.bearer(demoToken)).send({ name: '端点样例', keywords: '工程' });
  return res.body.data.id as number;
}

/** Samples are built once per endpoint: some register members or log in. */
const built = new Map<EndpointName, Sample>();
async function sampleFor(name: EndpointName): Promise<Sample> {
  let sample = built.get(name);
  if (!sample) {
    sample = await samples[name]();
    built.set(name, sample);
  }
  return sample;
}

function call(name: EndpointName, sample: Sample, headers: Record<string, string>) {
  const endpoint = ENDPOINTS[name];
  const url = apiPath(endpoint.path, sample.params ?? {});
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  let req = request(t.app)[method](url).set(headers);
  if (sample.query) req = req.query(sample.query);
  if (sample.body) req = req.send(sample.body);
  if (sample.text !== undefined) req = req.type('application/x-ndjson').send(sample.text);
  return req;
}

describe.each(Object.keys(ENDPOINTS) as EndpointName[])('%s', (name) => {
  const endpoint = ENDPOINTS[name];

  it(`${endpoint.method} ${endpoint.path} answers its happy path`, async () => {
    const sample = await sampleFor(name);
    const headers: Record<string, string> =
      endpoint.auth === 'admin' ? t.admin() : endpoint.auth === 'public' ? {} : t.bearer(sample.token ?? demoToken);
    if (FILE_ANSWERS.has(name)) {
      const res = await call(name, sample, headers)
        .buffer(true)
        .parse((stream, done) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      // A zip archive, as every .xlsx is.
      expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
      return;
    }
    const res = await call(name, sample, headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200 });
    expect(typeof res.body.msg).toBe('string');
  });

  if (endpoint.auth === 'member') {
    it('answers code 401 without a token or with an unknown one', async () => {
      const sample = await sampleFor(name);
      const attempts: Record<string, string>[] = [
        {},
        { Authorization: 'Bearer not-a-real-token-0123456789abcdef' },
        { Authorization: demoToken },
      ];
      for (const headers of attempts) {
        const res = await call(name, sample, headers);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
      }
    });
  }

  if (endpoint.auth === 'admin') {
    it('answers code 403 without the admin token, or with a member token or a wrong one', async () => {
      const sample = await sampleFor(name);
      const attempts: Record<string, string>[] = [{}, t.bearer(demoToken), { 'X-Admin-Token': 'wrong-admin-token-0000' }];
      for (const headers of attempts) {
        const res = await call(name, sample, headers);
        expect(res.body).toEqual({ code: 403, msg: '当前操作没有权限' });
      }
    });
  }
});
