import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileDetailPath, zbDetailPath } from '@shared/content/paths';
import { ROUTES } from '@shared/routes';
import type { BackendConfig } from '../../backend/src/config';
import { capabilities } from '../../backend/src/modules/system/capabilities';
import { createTestPortal, type TestPortal } from './harness';

/** The route table of spec §2, exactly, on the server. */
const SMTP_URL = 'smtp://127.0.0.1:9';
let portal: TestPortal;
let ids: Record<'xmk' | 'zb' | 'goods' | 'company', number>;

function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

beforeAll(async () => {
  // A mail server configured (never reached here), so mail-dependent pages such as password recovery exist.
  portal = await createTestPortal({ smtpUrl: SMTP_URL });
  const api = request(portal.backend.app);
  const [xmk, zb, goods, company] = await Promise.all([
    api.get('/api/xmk/search?pageSize=1'),
    api.get('/api/zb/search?pageSize=1'),
    api.get('/api/cms/goods/list'),
    api.get('/api/cmsData/company/list?pageSize=1'),
  ]);
  ids = { xmk: xmk.body.rows[0].id, zb: zb.body.rows[0].id, goods: goods.body.rows[0].id, company: company.body.rows[0].id };
});

afterAll(async () => {
  await portal?.close();
});

const concrete = (path: string) =>
  path.replace(/^\/(xmk|zb|goods|company)\/:id$/, (_m, kind: 'xmk' | 'zb' | 'goods' | 'company') => `/${kind}/${ids[kind]}`);

// The mobile site's pages have their own test: mobile-site.test.ts.
const publicRoutes = ROUTES.filter((r) => r.layout !== 'user' && r.layout !== 'mobile' && r.path !== '/test/user1' && r.path !== '/404');
const memberRoutes = ROUTES.filter((r) => r.layout === 'user' || r.path === '/test/user1');
/** Pages of features the test backend offers (a page needing one it lacks is a 404: capabilities-pages.test.ts). */
const offered = new Set<string>(capabilities({ extensions: true, smtpUrl: SMTP_URL } as BackendConfig));
const servedMemberRoutes = memberRoutes.filter((r) => !r.capability || offered.has(r.capability));

describe('public routes of spec §2', () => {
  it.each(publicRoutes.map((r) => [r.path, r]))('%s answers 200 with its title and heading', async (_path, route) => {
    const res = await request(portal.app).get(concrete(route.path));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const title = titleOf(res.text);
    expect(title).toMatch(/项目网/);
    // Detail pages are titled after their item; every other page after its spec title.
    if (!route.path.endsWith('/:id') && route.path !== '/' && route.path !== '/2' && route.path !== '/index2') {
      expect(title).toContain(route.title);
    }
    expect(res.text).toMatch(/<h1[\s>]/);
    expect(res.text).toContain('lang="zh-CN"');
  });
});

describe('member routes of spec §2', () => {
  it.each(memberRoutes.map((r) => [r.path]))('%s redirects visitors to login', async (path) => {
    const res = await request(portal.app).get(path);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/user_login?redirect=${encodeURIComponent(path)}`);
  });

  it.each(servedMemberRoutes.map((r) => [r.path, r.title]))('%s renders for a member, private', async (path, title) => {
    const res = await request(portal.app)
      .get(path)
      .set('Cookie', await portal.memberCookie());
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toContain(title);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('strict matching and the 404 page', () => {
  it.each([
    ['/zb/', '/zb'],
    ['/ZB', '/zb'],
    ['/xmk/', '/xmk'],
    ['/XMK?keyword=%E9%81%93%E8%B7%AF&pageNum=2', '/xmk?keyword=%E9%81%93%E8%B7%AF&pageNum=2'],
    ['/zb/?areaCode=370100', '/zb?areaCode=370100'],
  ])('%s → 301 to its one spelling %s, query kept', async (path, location) => {
    const res = await request(portal.app).get(path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it.each([
    '/xmk/1/',
    '/XMK/1',
    '/xmk//1',
    '/zb/abc',
    '/zb/0',
    '/zb/-3',
    '/goods/1.5',
    '/no-such-page',
    '/support',
    '/test/test-xd6',
    '/404',
  ])('%s → 404 with the 404 page', async (path) => {
    const res = await request(portal.app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain('This page could not be found');
    expect(res.text).toContain('<svg');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a detail id that does not exist is a real 404', async () => {
    const res = await request(portal.app).get('/xmk/999999999');
    expect(res.status).toBe(404);
    expect(res.text).toContain('This page could not be found');
  });

  it('HEAD answers the status without a body', async () => {
    expect((await request(portal.app).head('/zb')).status).toBe(200);
    expect((await request(portal.app).head('/zb/abc')).status).toBe(404);
  });
});

describe('server HTML', () => {
  it('embeds the page state safely and no secret', async () => {
    const cookie = await portal.memberCookie();
    const res = await request(portal.app).get('/').set('Cookie', cookie);
    const state = /<script id="__APP_STATE__" type="application\/json">([^<]*)<\/script>/.exec(res.text)?.[1];
    expect(state).toBeDefined();
    const parsed = JSON.parse(state ?? '') as { session: { isLogin: boolean } };
    expect(parsed.session.isLogin).toBe(true);
    expect(res.text).not.toContain(cookie.split('=')[1]);
  });

  it('anonymous pages may be cached briefly by shared caches', async () => {
    const res = await request(portal.app).get('/zb');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(res.headers.vary).toMatch(/Cookie/);
  });
});

describe('a withdrawn notice', () => {
  it('answers 410 with 本公告已撤销 on the desktop and the mobile page', async () => {
    const zb = (await request(portal.backend.app).get('/api/zb/search?pageSize=3')).body.rows[2].id as number;
    const withdrawn = await request(portal.backend.app).delete(`/admin/content/zb/${zb}`).set(portal.backend.admin());
    expect(withdrawn.body.data).toMatchObject({ withdrawn: true });
    for (const path of [zbDetailPath(zb), mobileDetailPath('zb', zb)]) {
      const res = await request(portal.app).get(path).set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64)');
      expect(res.status).toBe(410);
      expect(res.text).toMatch(/<h1[^>]*>本公告已撤销<\/h1>/);
      expect(res.headers['cache-control']).toContain('no-store');
    }
  });
});
