import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_PATHS, MOBILE_RECHARGE_URL } from '@shared/routes';
import { createTestPortal, type TestPortal } from './harness';

/** The mobile site under /m, rendered by the same server, API and pages pipeline. */
let portal: TestPortal;
let ids: Record<'xmk' | 'zb', number>;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function linkHref(html: string, rel: string): string | undefined {
  return new RegExp(`<link rel="${rel}"[^>]*href="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
}

beforeAll(async () => {
  portal = await createTestPortal({ config: { MOBILE_SITE_URL: '/m' } });
  const api = request(portal.backend.app);
  const [xmk, zb] = await Promise.all([api.get('/api/xmk/search?pageSize=1'), api.get('/api/zb/search?pageSize=1')]);
  ids = { xmk: xmk.body.rows[0].id, zb: zb.body.rows[0].id };
});

afterAll(async () => {
  await portal?.close();
});

describe('public pages of the mobile site', () => {
  const pages = () => [
    [`${MOBILE_PATHS.home}`, '/', '项目网'],
    [`${MOBILE_PATHS.zbList}?industry=2`, '/zb?industry=2', '招标信息'],
    [MOBILE_PATHS.xmkList, '/xmk', '项目库'],
    [`${MOBILE_PATHS.zbDetail}?id=${ids.zb}`, `/zb/${ids.zb}`, ''],
    [`${MOBILE_PATHS.xmkDetail}?id=${ids.xmk}`, `/xmk/${ids.xmk}`, ''],
    [MOBILE_PATHS.login, '/user_login', '会员登录'],
    [MOBILE_PATHS.register, '/user_register', '会员注册'],
  ];

  it('each renders on the server for a phone, with a canonical link to its desktop page', async () => {
    for (const [path, desktop, title] of pages()) {
      const res = await request(portal.app).get(path!).set('User-Agent', IPHONE);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('class="m-site"');
      expect(res.text).toMatch(/<h1[\s>]/);
      expect(/<title>([^<]*)<\/title>/.exec(res.text)?.[1]).toContain(title);
      expect(linkHref(res.text, 'canonical'), path).toBe(desktop);
      // No desktop chrome: the mobile layout alone.
      expect(res.text).not.toContain('site-header');
    }
  });

  it("loads the mobile site's own entry and stylesheet, and a desktop page the desktop's", async () => {
    const phone = await request(portal.app).get(MOBILE_PATHS.home).set('User-Agent', IPHONE);
    expect(phone.text).toMatch(/<script type="module" src="[^"]*entry-mobile\.tsx"/);
    expect(phone.text).not.toContain('entry-client.tsx');
    expect(phone.text).toMatch(/<link rel="stylesheet" href="[^"]*mobile-site\.css/);
    const desktop = await request(portal.app).get('/');
    expect(desktop.text).toMatch(/<script type="module" src="[^"]*entry-client\.tsx"/);
    expect(desktop.text).not.toContain('entry-mobile.tsx');
  });

  it('renders the list and detail content itself (server-side, not after hydration)', async () => {
    const detail = await request(portal.app).get(`${MOBILE_PATHS.zbDetail}?id=${ids.zb}`).set('User-Agent', IPHONE);
    const item = (await request(portal.backend.app).get(`/api/cmsData/bidding/${ids.zb}`)).body.data as { title: string };
    expect(detail.text).toContain(item.title);
    expect(detail.text).toContain('查看联系方式');
    // WeChat's share card: title, description and image.
    expect(detail.text).toMatch(/<meta itemProp="name" content="[^"]+"/i);
    expect(detail.text).toMatch(/<meta itemProp="description" content="[^"]+"/i);
    expect(detail.text).toMatch(/<meta itemProp="image" content="[^"]*\/images\/share\.png"/i);
    const list = await request(portal.app).get(MOBILE_PATHS.zbList).set('User-Agent', IPHONE);
    expect(list.text).toMatch(/共 \d+ 条/);
    expect(list.text).toContain(`${MOBILE_PATHS.zbDetail}?id=`);
  });

  it("sends the contact block's 免费注册, 了解会员 and 去充值 to pages a phone can use, and back to the detail", async () => {
    // A phone sent to a desktop page would be redirected to the mobile home: each link is the mobile
    // site's own page, or the desktop page in its explicit desktop view (recharge exists there only).
    const href = (html: string, text: string) => {
      const block = /aria-labelledby="contact-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      return new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(block)?.[1]?.replace(/&amp;/g, '&');
    };
    const path = `${MOBILE_PATHS.zbDetail}?id=${ids.zb}`;
    const visitor = (await request(portal.app).get(path).set('User-Agent', IPHONE)).text;
    expect(href(visitor, '免费注册')).toBe(`${MOBILE_PATHS.register}?redirect=${encodeURIComponent(path)}`);
    expect(href(visitor, '登录查看')).toBe(`${MOBILE_PATHS.login}?redirect=${encodeURIComponent(path)}`);
    expect(href(visitor, '了解会员')).toBe(MOBILE_PATHS.vip);
    const member = (
      await request(portal.app)
        .get(path)
        .set('User-Agent', IPHONE)
        .set('Cookie', await portal.memberCookie())
    ).text;
    expect(member).toContain('积分查看');
    expect(href(member, '开通会员')).toBe(MOBILE_PATHS.vip);
    expect(href(member, '积分不足[？，]去充值')).toBe(MOBILE_RECHARGE_URL);
    // The register link works on the phone: the mobile register page, not a redirect to the home.
    const register = await request(portal.app)
      .get(href(visitor, '免费注册') ?? '')
      .set('User-Agent', IPHONE);
    expect(register.status).toBe(200);
    expect(register.text).toContain('会员注册');
    // The desktop detail keeps its own pages, and now also brings the new member back.
    const desktop = (await request(portal.app).get(`/zb/${ids.zb}`)).text;
    expect(href(desktop, '免费注册')).toBe(`/user_register?redirect=${encodeURIComponent(`/zb/${ids.zb}`)}`);
  });

  it('answers a detail without a valid id, or of an item that does not exist, with the 404 page', async () => {
    for (const path of [MOBILE_PATHS.zbDetail, `${MOBILE_PATHS.zbDetail}?id=abc`, `${MOBILE_PATHS.xmkDetail}?id=999999999`]) {
      const res = await request(portal.app).get(path).set('User-Agent', IPHONE);
      expect(res.status, path).toBe(404);
      // In Chinese like the rest of the phone site.
      expect(res.text, path).toMatch(/<h1 id="status-title" class="m-title">页面不存在<\/h1>/);
      expect(res.text, path).not.toContain('This page could not be found');
    }
  });

  it('keeps its pages out of the sitemap (their desktop pages are listed)', async () => {
    const res = await request(portal.app).get('/sitemap-static.xml');
    if (res.status === 200) expect(res.text).not.toContain('/m/');
  });
});

describe('links of the mobile site', () => {
  /**
   * A phone sent to a desktop page that has no mobile twin is redirected to the mobile home (spec
   * §2): every link on a mobile page is a mobile page, the desktop page in its explicit desktop
   * view (`?view=pc`, e.g. recharge), or not a page at all (tel:, another site).
   */
  const desktopLinks = (html: string) =>
    [...html.matchAll(/<a [^>]*href="([^"]*)"/g)]
      .map((m) => (m[1] ?? '').replace(/&amp;/g, '&'))
      .filter((href) => href.startsWith('/') && !href.startsWith('/m/') && !/[?&]view=pc(&|$)/.test(href));

  it('send a phone, visitor or member, only to pages it can use', async () => {
    const pages = [
      MOBILE_PATHS.home,
      MOBILE_PATHS.zbList,
      MOBILE_PATHS.xmkList,
      `${MOBILE_PATHS.zbDetail}?id=${ids.zb}`,
      `${MOBILE_PATHS.xmkDetail}?id=${ids.xmk}`,
      MOBILE_PATHS.login,
      MOBILE_PATHS.register,
      '/m/pages/no-such-page',
    ];
    const memberPages = [
      MOBILE_PATHS.member,
      MOBILE_PATHS.favorite,
      MOBILE_PATHS.bidding,
      MOBILE_PATHS.points,
      MOBILE_PATHS.vip,
      MOBILE_PATHS.alerts,
    ];
    const cookie = await portal.memberCookie();
    for (const [who, paths, cookies] of [
      ['visitor', pages, ''],
      // (A member opening the login or register page is sent to the member home.)
      ['member', [...pages.filter((path) => path !== MOBILE_PATHS.login && path !== MOBILE_PATHS.register), ...memberPages], cookie],
    ] as const) {
      for (const path of paths) {
        const res = await request(portal.app).get(path).set('User-Agent', IPHONE).set('Cookie', cookies);
        expect(res.status, `${who} ${path}`).toBeLessThan(500);
        expect(res.text, `${who} ${path}`).toContain('<a ');
        expect(desktopLinks(res.text), `${who} ${path}`).toEqual([]);
      }
    }
  });
});

describe('member pages of the mobile site', () => {
  const memberPages = [MOBILE_PATHS.member, MOBILE_PATHS.favorite, MOBILE_PATHS.bidding, MOBILE_PATHS.points, MOBILE_PATHS.vip];

  it.each(memberPages)('%s sends a visitor to the mobile login and renders for a member, private', async (path) => {
    const visitor = await request(portal.app).get(path).set('User-Agent', IPHONE);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe(`${MOBILE_PATHS.login}?redirect=${encodeURIComponent(path)}`);
    const member = await request(portal.app)
      .get(path)
      .set('User-Agent', IPHONE)
      .set('Cookie', await portal.memberCookie('vip', 'vip123'));
    expect(member.status).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.text).toContain('noindex');
  });
});

describe('desktop pages name their mobile twin (Baidu mobile adaptation)', () => {
  it.each([
    ['/', '/m/'],
    ['/zb', '/m/pages/zb/index'],
    ['/xmk', '/m/pages/xmk/index'],
  ])('%s → alternate %s', async (path, mobile) => {
    const res = await request(portal.app).get(path);
    expect(res.text).toMatch(new RegExp(`<link rel="alternate" media="only screen and \\(max-width: 640px\\)" href="${mobile}"`));
  });

  it('on details too, and not on pages the mobile site does not have', async () => {
    const detail = await request(portal.app).get(`/zb/${ids.zb}`);
    expect(linkHref(detail.text, 'alternate')).toBe(`/m/pages/zb/detail?id=${ids.zb}`);
    const about = await request(portal.app).get('/support/about');
    expect(about.text).not.toContain('max-width: 640px');
  });
});

describe('with SITE_URL, the canonicals are absolute on the public origin', () => {
  let sited: TestPortal;
  beforeAll(async () => {
    sited = await createTestPortal({
      projects: 10,
      tenders: 10,
      config: { MOBILE_SITE_URL: '/m', SITE_URL: 'https://www.portal.example' },
      // Kept renders: a page asked at another host must still name SITE_URL, never that host.
      renderCache: { maxBytes: 8 * 1024 * 1024, ttlMs: 60_000 },
    });
  });
  afterAll(async () => {
    await sited?.close();
  });

  it('a mobile page names its desktop page at SITE_URL, whatever host it was asked at', async () => {
    const id = (await request(sited.backend.app).get('/api/zb/search?pageSize=1')).body.rows[0].id as number;
    for (const host of ['www.portal.example', 'm.elsewhere.example']) {
      for (const [path, desktop] of [
        [MOBILE_PATHS.home, '/'],
        [`${MOBILE_PATHS.zbDetail}?id=${id}`, `/zb/${id}`],
      ]) {
        const res = await request(sited.app).get(path!).set('User-Agent', IPHONE).set('Host', host);
        expect(res.status, path).toBe(200);
        expect(linkHref(res.text, 'canonical'), `${host}${path}`).toBe(`https://www.portal.example${desktop}`);
        expect(res.text).not.toContain('elsewhere');
      }
    }
    const desktop = await request(sited.app).get(`/zb/${id}`);
    expect(linkHref(desktop.text, 'canonical')).toBe(`https://www.portal.example/zb/${id}`);
    expect(linkHref(desktop.text, 'alternate')).toBe(`https://www.portal.example/m/pages/zb/detail?id=${id}`);
  });
});
