/**
 * The member area on the server: every member page is guarded, its server HTML already holds the
 * member's own data (rows, not a spinner), it is private, and nothing of one member ever appears
 * in another member's render — not in the markup, not in the dehydrated cache.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import type { FavoriteItem, MsgItem } from '@shared/content/types';
import type { MemberInfoResult, ScoreLogItem } from '@shared/member/types';
import type { BaifangClient, BaifangRecord, GJNum } from '@shared/visit/types';
import { ROUTES } from '@shared/routes';
import type { BackendConfig } from '../../backend/src/config';
import { capabilities } from '../../backend/src/modules/system/capabilities';
import { createTestPortal, type TestPortal } from './harness';

let portal: TestPortal;
let demoCookie: string;
let vipCookie: string;

/** What the backend answers the demo member, to compare the HTML against. */
const demo = {
  token: '',
  async get<T>(path: string): Promise<T> {
    const res = await request(portal.backend.app).get(path).set('Authorization', `Bearer ${this.token}`);
    return res.body as T;
  },
};

beforeAll(async () => {
  portal = await createTestPortal({ projects: 80, tenders: 120 });
  demoCookie = await portal.memberCookie('demo', 'demo123');
  vipCookie = await portal.memberCookie('vip', 'vip123');
  demo.token = demoCookie.split('=')[1] ?? '';
});

afterAll(async () => {
  await portal?.close();
});

const page = (path: string, cookie?: string) => {
  const req = request(portal.app).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

/** React escapes &, < and > in text: that is how a title reads in the HTML. */
const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function has(html: string, fragment: string): void {
  expect(html.includes(fragment), `page should contain: ${fragment}`).toBe(true);
}
function lacks(html: string, fragment: string): void {
  expect(html.includes(fragment), `page should not contain: ${fragment}`).toBe(false);
}

const MEMBER_PATHS = ROUTES.filter((route) => route.layout === 'user').map((route) => route.path);
/** Pages of features the test backend offers (a page needing one it lacks is a 404: capabilities-pages.test.ts). */
const OFFERED = new Set<string>(capabilities({ extensions: true } as BackendConfig));
const SERVED_MEMBER_PATHS = ROUTES.filter((route) => route.layout === 'user' && (!route.capability || OFFERED.has(route.capability))).map(
  (route) => route.path,
);

describe('the guard', () => {
  it.each(MEMBER_PATHS)('a visitor asking for %s is sent to log in and come back', async (path) => {
    const res = await page(`${path}?pageNum=2`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/user_login?redirect=${encodeURIComponent(`${path}?pageNum=2`)}`);
  });

  it.each(SERVED_MEMBER_PATHS)('%s renders for a member, privately', async (path) => {
    const res = await page(path, demoCookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    has(res.text, '<meta name="robots" content="noindex, nofollow"/>');
  });
});

describe("the demo member's data is in the server HTML", () => {
  it('/user: tier, points, counts and the side menu badge', async () => {
    const info = await demo.get<MemberInfoResult>('/cms/member/getMemberInfo');
    const gj = (await demo.get<AjaxResult<GJNum>>('/cms/baifang/getGJNum')).data;
    const res = await page('/user', demoCookie);
    has(res.text, '普通会员');
    has(res.text, `<span class="points-panel-value">${info.user?.score}</span>`);
    has(res.text, `<span class="stat-card-value">${gj.total}</span><span class="stat-card-label">拜访客户</span>`);
    if (gj.due > 0) has(res.text, `aria-label="${gj.due} 个客户待拜访"`);
  });

  it('/user/favorite: the active favourites with links to their pages', async () => {
    const { rows, total } = await demo.get<TableDataInfo<FavoriteItem>>('/cms/favorite/list/?isCancel=0');
    expect(rows.length).toBeGreaterThan(0);
    const res = await page('/user/favorite', demoCookie);
    for (const row of rows) has(res.text, `href="/${row.type}/${row.dataId}"`);
    has(res.text, `共 <strong>${total}</strong> 条收藏`);
  });

  it('/user/favorite?type=xmk: only projects', async () => {
    const { rows } = await demo.get<TableDataInfo<FavoriteItem>>('/cms/favorite/list/?isCancel=0');
    const res = await page('/user/favorite?type=xmk', demoCookie);
    for (const row of rows) (row.type === 'xmk' ? has : lacks)(res.text, `href="/${row.type}/${row.dataId}"`);
  });

  it('/user/baifangClient and its cards: the clients; ?cid= one client with its records', async () => {
    const { rows } = await demo.get<TableDataInfo<BaifangClient>>('/cms/baifang/getBaifangClientList');
    for (const path of ['/user/baifangClient', '/user/baifang-bak']) {
      const res = await page(path, demoCookie);
      for (const client of rows) has(res.text, htmlText(client.companyName));
    }
    const client = rows.find((c) => c.recordCount > 0) as BaifangClient;
    const { data } = await demo.get<AjaxResult<{ records: BaifangRecord[] }>>(`/cms/baifang/getBaifangClientByCid/${client.id}`);
    const res = await page(`/user/baifangClient?cid=${client.id}`, demoCookie);
    has(res.text, htmlText(client.companyName));
    for (const record of data.records) has(res.text, htmlText(record.content));
  });

  it('/user/baifangRecords and the timeline: the visits, filtered by client in the URL', async () => {
    const { rows } = await demo.get<TableDataInfo<BaifangRecord>>('/cms/baifang/getBaifangRecordsList');
    const res = await page('/user/baifangRecords', demoCookie);
    for (const record of rows) has(res.text, `href="/user/baifangClient?cid=${record.clientId}"`);
    const first = rows[0] as BaifangRecord;
    const filtered = await page(`/user/baifangRecords-bak?clientId=${first.clientId}`, demoCookie);
    for (const record of rows)
      (record.clientId === first.clientId ? has : lacks)(filtered.text, `href="/user/baifangClient?cid=${record.clientId}"`);
  });

  it('/user/logscore: type, change, balance and remark of each row', async () => {
    const { rows } = await demo.get<TableDataInfo<ScoreLogItem>>('/cms/member/memberLogScoreList/');
    const res = await page('/user/logscore', demoCookie);
    for (const row of rows) has(res.text, htmlText(row.remark));
    has(res.text, '查看联系方式');
    has(res.text, '-10');
  });

  it('/user/msgForm: the messages and the replies', async () => {
    const { rows } = await demo.get<TableDataInfo<MsgItem>>('/cms/msgForm/getMsgList');
    const res = await page('/user/msgForm', demoCookie);
    for (const msg of rows) {
      has(res.text, htmlText(msg.content));
      if (msg.reply) has(res.text, htmlText(msg.reply));
    }
  });

  it('/user/bidding and /user/member: the subscription', async () => {
    const bidding = await page('/user/bidding', demoCookie);
    for (const keyword of ['道路', '学校', '桥']) has(bidding.text, `<span class="tag tag-primary">${keyword}</span>`);
    const profile = await page('/user/member', demoCookie);
    has(profile.text, 'demo@example.com');
    has(profile.text, '道路');
  });
});

describe("nothing of one member reaches another member's render", () => {
  let demoTexts: string[];

  beforeAll(async () => {
    const clients = (await demo.get<TableDataInfo<BaifangClient>>('/cms/baifang/getBaifangClientList')).rows;
    const messages = (await demo.get<TableDataInfo<MsgItem>>('/cms/msgForm/getMsgList')).rows;
    const records = (await demo.get<TableDataInfo<BaifangRecord>>('/cms/baifang/getBaifangRecordsList')).rows;
    demoTexts = [
      // demo's nickname, as text and as a JSON string (vip's is "VIP演示用户").
      '>演示用户<',
      '"演示用户"',
      'demo@example.com',
      // A client taken from a project or tender bears a public company name (it may well be on
      // vip's tender list); the typed-in names and every client's phone are demo's alone.
      ...clients.filter((c) => c.sourceType === 'manual').map((c) => htmlText(c.companyName)),
      ...clients.map((c) => c.phone).filter((phone) => phone !== ''),
      ...messages.map((m) => htmlText(m.content)),
      ...records.map((r) => htmlText(r.content)),
    ];
  });

  it.each(SERVED_MEMBER_PATHS)('%s rendered for vip holds none of demo’s data', async (path) => {
    const res = await page(path, vipCookie);
    expect(res.status).toBe(200);
    // The page state too: it is the dehydrated cache of this render.
    for (const text of demoTexts) lacks(res.text, text);
    has(res.text, 'VIP演示用户');
  });

  it("vip's favourites are vip's, whatever demo favourited", async () => {
    const favorites = async (cookie: string) =>
      (
        await request(portal.backend.app)
          .get('/cms/favorite/list/')
          .query({ isCancel: 0, pageSize: 100 })
          .set('Authorization', `Bearer ${cookie.split('=')[1] ?? ''}`)
      ).body as TableDataInfo<FavoriteItem>;
    const vipTitles = (await favorites(vipCookie)).rows.map((f) => f.title);
    expect(vipTitles.length).toBeGreaterThan(0);
    const res = await page('/user/favorite', vipCookie);
    has(res.text, 'class="favorite-item');
    has(res.text, htmlText(vipTitles[0]!));
    for (const title of (await favorites(demoCookie)).rows.map((f) => f.title)) {
      // A tender's title often holds its project's (the lifecycle links them): only a title no vip favourite contains.
      if (!vipTitles.some((own) => own.includes(title))) lacks(res.text, htmlText(title));
    }
  });

  it('a client id of another member is a 404, like one that does not exist', async () => {
    const { rows } = await demo.get<TableDataInfo<BaifangClient>>('/cms/baifang/getBaifangClientList');
    const res = await page(`/user/baifangClient?cid=${rows[0]?.id}`, vipCookie);
    expect(res.status).toBe(404);
    lacks(res.text, htmlText(rows[0]?.companyName ?? '?'));
  });
});

describe('the /3g QR login secret', () => {
  it('is not in the HTML nor in its dehydrated state: the browser fetches it after hydration', async () => {
    const secret = await demo.get<AjaxResult<{ randomPassword: string }>>('/cms/member/getRandomPassword/');
    const res = await page('/3g', demoCookie);
    expect(res.status).toBe(200);
    lacks(res.text, secret.data.randomPassword);
    lacks(res.text, 'random-password');
  });
});
