/**
 * Issue 12's design rule: the portal runs against a backend with only the spec's calls (the Java
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
    '/goods/:id': first('SELECT min(id) AS id FROM goods'),
  };
  // The mobile site's details take the id as a query parameter (spec §2's redirect targets).
  const mobileQuery: Record<string, string> = {
    '/m/pages/xmk/detail': `?id=${ids['/xmk/:id']}`,
    '/m/pages/zb/detail': `?id=${ids['/zb/:id']}`,
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
      const extLinks = page.html.match(/href="\/(goods|user\/baifangRecords|user\/alerts)[^"]*"/g) ?? [];
      expect(extLinks, page.path).toEqual([]);
    }
  }, 120_000);

  it('shows no 导出Excel button beside any list (issue 15)', async () => {
    for (const path of ['/zb', '/xmk', '/user/favorite', '/user/baifangClient', '/user/baifang-bak']) {
      const res = await request(portal.app).get(path).set('Cookie', cookie);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('导出Excel');
    }
  });

  it('hides the profile and subscription forms, which need updateProfile', async () => {
    const res = await request(portal.app).get('/user/member').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('基本资料');
    expect(res.text).toContain('账号信息');
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

  it('puts 导出Excel beside each list, and a login link for visitors (issue 15)', async () => {
    for (const path of ['/zb', '/xmk', '/user/favorite', '/user/baifangClient', '/user/baifang-bak', '/user/baifangRecords']) {
      const res = await request(portal.app).get(path).set('Cookie', cookie);
      expect(res.text, path).toMatch(/<button[^>]*>导出Excel<\/button>/);
    }
    const visitor = await request(portal.app).get('/zb');
    expect(visitor.text).toMatch(/<a[^>]*href="\/user_login\?redirect=[^"]*"[^>]*>登录后导出Excel<\/a>/);
  });
});
