/**
 * Extensions are optional: the portal runs against a backend with only the spec's calls (the Java
 * CMS; here the embedded one with BACKEND_EXTENSIONS=off). Every page still renders without an
 * error, links to extension pages are gone and those pages are the site's 404; with the extensions
 * on, the same pages show them.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import { createTestPortal, type TestPortal } from './harness';

const ERROR_TEXTS = ['页面加载失败', '服务暂时不可用', '系统未知错误', '出错了'];

function pathsOf(portal: TestPortal): { path: string; member: boolean; capability?: string }[] {
  const first = (sql: string) => (portal.backend.db.prepare(sql).get() as { id: number }).id;
  const ids: Record<string, number> = {
    '/xmk/:id': first('SELECT max(id) AS id FROM xmk'),
    '/zb/:id': first('SELECT max(id) AS id FROM zb'),
    // Without goods, /goods/{id} is a paid tier by its level (the VIP tier).
    '/goods/:id': 2,
    '/company/:id': first('SELECT min(id) AS id FROM company'),
  };
  // The mobile site's details take the id as a query parameter (spec §2's redirect targets).
  const mobileQuery: Record<string, string> = {
    '/m/pages/xmk/detail': `?id=${ids['/xmk/:id']}`,
    '/m/pages/zb/detail': `?id=${ids['/zb/:id']}`,
    '/m/pages/company/detail': `?id=${ids['/company/:id']}`,
    // One of the logged-in member's own clients (spec §7's client calls).
    '/m/pages/user/client': `?id=${first("SELECT min(c.id) AS id FROM visit_client c JOIN member m ON m.id = c.member_id WHERE m.user_name = 'demo'")}`,
  };
  return ROUTES.filter((r) => r.layout !== 'test' && r.path !== '/404').map((r) => ({
    path: r.path.endsWith('/:id') ? r.path.replace(':id', String(ids[r.path])) : r.path + (mobileQuery[r.path] ?? ''),
    member: r.layout === 'user' || r.path.startsWith('/m/pages/user'),
    capability: r.capability,
  }));
}

async function pages(portal: TestPortal, cookie: string) {
  const out: { path: string; status: number; html: string; capability?: string }[] = [];
  for (const { path, member, capability } of pathsOf(portal)) {
    // Logged-in visitors are sent on from the login and register pages: ask those anonymously.
    const req = request(portal.app).get(path);
    const res = await (member || path === '/' ? req.set('Cookie', cookie) : req);
    out.push({ path, status: res.status, html: res.text, capability });
  }
  return out;
}

describe('against a spec-only backend (BACKEND_EXTENSIONS=off)', () => {
  let portal: TestPortal;
  let cookie: string;
  beforeAll(async () => {
    portal = await createTestPortal({ projects: 30, tenders: 40, extensions: false });
    cookie = await portal.memberCookie();
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('renders every public and member page without an error, and the extension pages as 404', async () => {
    for (const page of await pages(portal, cookie)) {
      if (page.capability) {
        expect(page.status, page.path).toBe(404);
        expect(page.html, page.path).toContain('页面不存在');
        continue;
      }
      expect(page.status, page.path).toBe(200);
      for (const text of ERROR_TEXTS) expect(page.html.includes(text), `${page.path} shows ${text}`).toBe(false);
      const extLinks =
        page.html.match(
          /href="\/(user\/alerts|company|m\/pages\/user\/alerts|m\/pages\/company|open-data|m\/pages\/open-data|ocds\/)[^"]*"/g,
        ) ?? [];
      expect(extLinks, page.path).toEqual([]);
    }
  }, 120_000);

  it('shows company names as plain text on lists and details (no company feature)', async () => {
    const zb = portal.backend.db.prepare("SELECT id, tenderer, agency FROM zb WHERE agency <> '' ORDER BY id DESC LIMIT 1").get() as {
      id: number;
      tenderer: string;
      agency: string;
    };
    for (const path of [`/zb/${zb.id}`, `/m/pages/zb/detail?id=${zb.id}`, '/zb']) {
      const res = await request(portal.app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('href="/company');
    }
    expect((await request(portal.app).get(`/zb/${zb.id}`)).text).toContain(zb.agency);
  });

  it('serves no open-data feed', async () => {
    expect((await request(portal.app).get('/ocds/releases.json')).status).toBe(404);
    expect((await request(portal.app).get('/ocds/records/ocds-xxxxxx-X.json')).status).toBe(404);
  });

  it('lists /goods in the sitemap, but no goods and no /company', async () => {
    const res = await request(portal.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.text).toContain('/zb/');
    expect(res.text).toContain('/goods</loc>');
    expect(res.text).not.toMatch(/\/goods\/\d|\/company[</]/);
  });

  it('builds 会员服务 from /cms/member/list and the service contact: tiers by level, opened by customer service', async () => {
    const db = portal.backend.db;
    const tiers = db.prepare('SELECT level, name, benefits FROM member_tier ORDER BY level').all() as {
      level: string;
      name: string;
      benefits: string;
    }[];
    const vip = tiers.find((t) => t.level === '2');
    const benefit = (JSON.parse(vip?.benefits ?? '[]') as string[])[0] ?? '';
    const phone = (db.prepare("SELECT config_value AS v FROM sys_config WHERE config_key = 'sys.site.servicePhone'").get() as { v: string })
      .v;

    const visitor = await request(portal.app).get('/goods');
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain('href="/goods/2"');
    expect(visitor.text).toContain('登录后查看会员权益');
    expect(visitor.text).not.toContain(benefit);
    expect(visitor.text).not.toMatch(/立即(开通|购买)/);

    const member = await request(portal.app).get('/goods').set('Cookie', cookie);
    expect(member.status).toBe(200);
    for (const tier of tiers) expect(member.text).toContain(tier.name);
    expect(member.text).toContain(benefit);
    expect(member.text).toContain(`联系客服开通 ${phone}`);

    const detail = await request(portal.app).get('/goods/2').set('Cookie', cookie);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain(`<h1 id="goods-title">${vip?.name}</h1>`);
    expect(detail.text).toContain(benefit);
    expect(detail.text).toContain('href="/goods/1"');
    for (const path of ['/goods/0', '/goods/3', '/goods/99']) expect((await request(portal.app).get(path)).status, path).toBe(404);
  });

  it('gathers 拜访记录 from the clients’ calls, on both sites, without 编辑 (an extension)', async () => {
    const db = portal.backend.db;
    const newest = db
      .prepare(
        `SELECT r.content, r.client_id AS clientId, count(*) OVER () AS total FROM visit_record r JOIN member m ON m.id = r.member_id
         WHERE m.user_name = 'demo' ORDER BY r.visit_time DESC, r.id DESC LIMIT 1`,
      )
      .get() as { content: string; clientId: number; total: number };
    expect(newest.total).toBeGreaterThan(0);
    for (const path of ['/user/baifangRecords', '/user/baifangRecords-bak', '/m/pages/user/records']) {
      const res = await request(portal.app).get(path).set('Cookie', cookie);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(newest.content);
      expect(res.text, path).not.toMatch(/>编辑</);
    }
    const table = await request(portal.app).get('/user/baifangRecords').set('Cookie', cookie);
    expect(table.text).toContain(`共 ${newest.total} 条`);
    const one = await request(portal.app).get(`/user/baifangRecords?clientId=${newest.clientId}`).set('Cookie', cookie);
    const ofClient = (db.prepare('SELECT count(*) AS n FROM visit_record WHERE client_id = ?').get(newest.clientId) as { n: number }).n;
    expect(one.text).toContain(`共 ${ofClient} 条`);
  });

  it('shows no 导出Excel button beside any list', async () => {
    const lists = ['/zb', '/xmk', '/user/favorite', '/user/baifangClient', '/user/baifang-bak'];
    const phoneLists = ['/m/pages/zb/index', '/m/pages/xmk/index', '/m/pages/user/favorite'];
    for (const path of [...lists, ...phoneLists]) {
      const res = await request(portal.app).get(path).set('Cookie', cookie);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('导出Excel');
    }
    for (const path of phoneLists.slice(0, 2)) {
      expect((await request(portal.app).get(path)).text, path).not.toContain('导出Excel');
    }
  });

  it('hides the profile and subscription forms, which need updateProfile', async () => {
    const res = await request(portal.app).get('/user/member').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('基本资料');
    expect(res.text).toContain('账号信息');
    const phone = await request(portal.app).get('/m/pages/user/bidding').set('Cookie', cookie);
    expect(phone.status).toBe(200);
    expect(phone.text).toContain('我的订阅');
    expect(phone.text).not.toContain('修改订阅');
  });

  it('gives the phone’s 会员服务 the service phone instead of packages (no goods)', async () => {
    const res = await request(portal.app).get('/m/pages/user/vip').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain('联系客服开通');
    expect(res.text).toContain('我的订单');
    expect(res.text).not.toMatch(/立即(开通|购买)/);
    expect(res.text).not.toContain('id="score"');
  });
});

describe('against the embedded backend with its extensions', () => {
  let portal: TestPortal;
  let cookie: string;
  beforeAll(async () => {
    portal = await createTestPortal({ projects: 30, tenders: 40 });
    cookie = await portal.memberCookie();
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('links and serves the extension pages', async () => {
    const home = await request(portal.app).get('/');
    expect(home.text).toContain('href="/goods"');
    const goods = await request(portal.app).get('/goods');
    expect(goods.status).toBe(200);
    const member = await request(portal.app).get('/user').set('Cookie', cookie);
    expect(member.text).toContain('href="/user/baifangRecords"');
    const records = await request(portal.app).get('/user/baifangRecords').set('Cookie', cookie);
    expect(records.status).toBe(200);
    const profile = await request(portal.app).get('/user/member').set('Cookie', cookie);
    expect(profile.text).toContain('基本资料');
  });

  it('links /open-data from the footer and the phone home; its sample record and the feed are served', async () => {
    const home = await request(portal.app).get('/');
    expect(home.text).toContain('href="/open-data"');
    expect((await request(portal.app).get('/m/')).text).toContain('href="/m/pages/open-data/index"');
    const page = await request(portal.app).get('/open-data');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 id="open-data-title" class="support-title">开放数据</h1>');
    expect(page.text).toContain('知识共享署名 4.0 国际许可协议（CC BY 4.0）');
    const sample = /href="(\/ocds\/records\/[^"]+\.json)"/.exec(page.text)?.[1];
    expect(sample).toBeDefined();
    const record = await request(portal.app).get(sample!);
    expect(record.status).toBe(200);
    expect(record.headers['cache-control']).toBe('public, max-age=300');
    expect(JSON.parse(record.text).records[0].compiledRelease.tag).toEqual(['compiled']);
    const feed = await request(portal.app).get('/ocds/releases.json?pageSize=5');
    expect(feed.status).toBe(200);
    const pkg = JSON.parse(feed.text);
    expect(pkg.links.next).toMatch(/\/ocds\/releases\.json\?since=.+&pageSize=5&after=\d+$/);
    expect(new Set(pkg.releases.map((r: { id: string }) => r.id.replace(/#\d+$/, ''))).size).toBe(5);
    const phone = await request(portal.app).get('/m/pages/open-data/index');
    expect(phone.status).toBe(200);
    expect(phone.text).toContain(sample!);
  });

  it('lets the phone change the tender subscription (updateProfile)', async () => {
    const res = await request(portal.app).get('/m/pages/user/bidding').set('Cookie', cookie);
    expect(res.text).toContain('修改订阅');
  });

  it('sells the packages on the phone’s 会员服务, points at #score where 去充值 lands', async () => {
    const res = await request(portal.app).get('/m/pages/user/vip').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<section id="score"[^>]*>[\s\S]*?立即购买/);
    expect(res.text).toContain('立即开通');
    expect(res.text).toContain('如何付款');
  });

  it('links tenderer, agency and winner names to their company pages, which render', async () => {
    const db = portal.backend.db;
    const zb = db
      .prepare("SELECT id, tenderer, agency, winner FROM zb WHERE winner IS NOT NULL AND notice_type = '5' ORDER BY id DESC LIMIT 1")
      .get() as {
      id: number;
      tenderer: string;
      agency: string;
      winner: string;
    };
    const companyOf = (name: string) => (db.prepare('SELECT id FROM company WHERE name = ?').get(name) as { id: number }).id;
    const detail = await request(portal.app).get(`/zb/${zb.id}`);
    for (const name of [zb.tenderer, zb.agency, zb.winner]) {
      // The link to the company, with the name as its text (React Router's Link adds attributes of its own).
      const link = new RegExp(`<a [^>]*href="/company/${companyOf(name)}"[^>]*>${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`);
      expect(detail.text).toMatch(link);
    }
    const mobile = await request(portal.app).get(`/m/pages/zb/detail?id=${zb.id}`);
    expect(mobile.text).toContain(`href="/m/pages/company/detail?id=${companyOf(zb.tenderer)}"`);
    const list = await request(portal.app).get('/zb');
    expect(list.text).toMatch(/href="\/company\/\d+"/);
    const xmkList = await request(portal.app).get('/xmk');
    expect(xmkList.text).toMatch(/href="\/company\/\d+"/);

    const page = await request(portal.app).get(`/company/${companyOf(zb.winner)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1 class="detail-title">${zb.winner}</h1>`);
    expect(page.text).toContain('"@type":"Organization"');
    expect(page.text).toContain('<table class="company-years">');
    expect(page.text).toContain(`href="/zb/${zb.id}"`);
    const tenderer = await request(portal.app).get(`/company/${companyOf(zb.tenderer)}`);
    expect(tenderer.text).toContain('常中标单位');
    expect(tenderer.text).toContain(`href="/company/${companyOf(zb.winner)}"`);

    expect((await request(portal.app).get('/company/99999999')).status).toBe(404);
    const search = await request(portal.app)
      .get('/company')
      .query({ name: zb.winner.slice(2, 6), role: 'winner' });
    expect(search.status).toBe(200);
    expect(search.text).toContain(`href="/company/${companyOf(zb.winner)}"`);
    // A role the search does not know is dropped, not an error page.
    expect((await request(portal.app).get('/company?role=boss')).status).toBe(200);

    const sitemap = await request(portal.app).get('/sitemap.xml');
    expect(sitemap.text).toContain('/company</loc>');
    expect(sitemap.text).toContain(`/company/${companyOf(zb.tenderer)}</loc>`);
    expect(sitemap.text).toContain('/goods</loc>');
  });

  it('puts 导出Excel beside each list, and a login link for visitors', async () => {
    for (const path of ['/zb', '/xmk', '/user/favorite', '/user/baifangClient', '/user/baifang-bak', '/user/baifangRecords']) {
      const res = await request(portal.app).get(path).set('Cookie', cookie);
      expect(res.text, path).toMatch(/<button[^>]*>导出Excel<\/button>/);
    }
    const visitor = await request(portal.app).get('/zb');
    expect(visitor.text).toMatch(/<a[^>]*href="\/user_login\?redirect=[^"]*"[^>]*>登录后导出Excel<\/a>/);
    // The phone's lists and favourites (exports on the mobile site).
    for (const path of ['/m/pages/zb/index', '/m/pages/xmk/index', '/m/pages/user/favorite']) {
      const res = await request(portal.app).get(path).set('Cookie', cookie);
      expect(res.text, path).toMatch(/<button[^>]*>导出Excel<\/button>/);
    }
    const phoneVisitor = await request(portal.app).get('/m/pages/zb/index?industry=1');
    expect(phoneVisitor.text).toMatch(
      /<a[^>]*href="\/m\/pages\/login\/index\?redirect=%2Fm%2Fpages%2Fzb%2Findex%3Findustry%3D1"[^>]*>登录后导出Excel<\/a>/,
    );
  });

  it('gives the phone the alert inbox: linked with its unread count, opened alerts read', async () => {
    const db = portal.backend.db;
    const memberId = (db.prepare("SELECT id FROM member WHERE user_name = 'demo'").get() as { id: number }).id;
    const zb = db.prepare('SELECT id, title FROM zb ORDER BY id DESC LIMIT 2').all() as { id: number; title: string }[];
    // Alerts as the import writes them (one event, one inbox row per member it reaches).
    const insertEvent = db.prepare(
      `INSERT INTO alert_event (kind, content_type, content_id, change_key, detail, create_time)
       VALUES (?, 'zb', ?, 'k', ?, '2026-11-20 09:00:00')`,
    );
    const deliver = db.prepare('INSERT INTO alert_inbox (member_id, event_id, is_read) VALUES (?, ?, ?)');
    db.prepare('DELETE FROM alert_inbox WHERE member_id = ?').run(memberId);
    deliver.run(memberId, insertEvent.run('new', zb[0]?.id, '订阅“道路”匹配').lastInsertRowid, 0);
    deliver.run(memberId, insertEvent.run('deadline', zb[1]?.id, '3 天后报名截止').lastInsertRowid, 1);

    const home = await request(portal.app).get('/m/pages/user/index').set('Cookie', cookie);
    expect(home.status).toBe(200);
    expect(home.text).toMatch(/<a(?=[^>]*href="\/m\/pages\/user\/alerts")(?=[^>]*aria-label="消息提醒，1 条未读")/);

    const inbox = await request(portal.app).get('/m/pages/user/alerts').set('Cookie', cookie);
    expect(inbox.status).toBe(200);
    expect(inbox.text).toContain('共 2 条');
    expect(inbox.text).toContain(`href="/m/pages/zb/detail?id=${zb[0]?.id}"`);
    expect(inbox.text).toContain('订阅“道路”匹配');
    expect(inbox.text).toContain('全部标为已读');

    const unread = await request(portal.app).get('/m/pages/user/alerts?unread=1').set('Cookie', cookie);
    expect(unread.text).toContain('未读 1 条');
    expect(unread.text).not.toContain('3 天后报名截止');

    const anonymous = await request(portal.app).get('/m/pages/user/alerts');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toContain('/m/pages/login/index');
  });
});
