import { describe, expect, it } from 'vitest';
import {
  MOBILE_PATHS,
  ROUTES,
  canonicalPagePath,
  guardRedirect,
  isStrictPath,
  matchRoute,
  parsePositiveId,
  registerUrl,
  requiresLogin,
  safeRedirectTarget,
} from './routes';

describe('route table (spec §2)', () => {
  it('has every route once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    // /user is both Main and the member area; /user/alerts; then the mobile site's pages; /company
    // and /company/:id; the two pages alert mail links to; the two of password recovery; /open-data.
    expect(paths).toHaveLength(15 + 3 + 6 + 13 + 13 - 1 + 1 + Object.keys(MOBILE_PATHS).length + 2 + 2 + 2 + 1);
    for (const p of ['/test/test-xd2', '/test/test-xd5', '/user/baifangRecords-bak', '/goods/:id']) {
      expect(paths).toContain(p);
    }
  });

  it('needs no extension for any route of spec §2 (a spec-only backend serves them all)', () => {
    const spec = [
      ...['/', '/2', '/3g', '/404', '/goods', '/goods/:id', '/index2', '/test', '/user', '/user_login', '/user_register'],
      ...['/xmk', '/xmk/:id', '/zb', '/zb/:id', '/business/gczx', '/business/xmzx', '/business/zjzx'],
      ...['about', 'fwxy', 'notice', 'rwbf', 'service', 'yssm'].map((p) => `/support/${p}`),
      ...['baifang-bak', 'baifangClient', 'baifangRecords', 'baifangRecords-bak', 'bidding', 'chargeMember', 'duanMember'].map(
        (p) => `/user/${p}`,
      ),
      ...['favorite', 'logscore', 'member', 'msgForm', 'resetPassword', 'vipuser'].map((p) => `/user/${p}`),
    ];
    for (const path of spec) {
      const route = ROUTES.find((r) => r.path === path);
      expect(route, path).toBeDefined();
      expect(route?.capability, path).toBeUndefined();
    }
  });

  it('puts member pages in the user layout and test pages in the test layout, noindex', () => {
    for (const r of ROUTES) {
      if (r.path.startsWith('/user/') || r.path === '/user') expect(r.layout).toBe('user');
      if (r.path.startsWith('/test')) expect(r).toMatchObject({ layout: 'test', noindex: true });
    }
  });
});

describe('matchRoute', () => {
  it('matches static and id routes exactly', () => {
    expect(matchRoute('/zb')?.route.path).toBe('/zb');
    expect(matchRoute('/zb/12')).toMatchObject({ route: { path: '/zb/:id' }, id: '12' });
    expect(matchRoute('/zb/abc')).toMatchObject({ route: { path: '/zb/:id' }, id: 'abc' });
    expect(matchRoute('/zb/1/2')).toBeNull();
    expect(matchRoute('/ZB')).toBeNull();
    expect(matchRoute('/nope')).toBeNull();
  });
});

describe('canonicalPagePath', () => {
  it.each([
    ['/zb/', '/zb'],
    ['/ZB', '/zb'],
    ['/Xmk//', '/xmk'],
    ['/XMK', '/xmk'],
    ['/User_Login', '/user_login'],
  ])('%s is another spelling of %s', (path, page) => expect(canonicalPagePath(path)).toBe(page));

  it.each(['/zb', '/', '/m/', '/zb/12/', '/ZB/12', '//zb', '/nope/', '/xmk/1/'])('%s has no other page to go to', (path) =>
    expect(canonicalPagePath(path)).toBeNull(),
  );
});

describe('isStrictPath', () => {
  it.each([
    ['/', true],
    ['/xmk', true],
    ['/xmk/1', true],
    ['/xmk/', false],
    ['/xmk/1/', false],
    ['//xmk', false],
    ['/xmk//1', false],
  ])('%s → %s', (path, ok) => expect(isStrictPath(path)).toBe(ok));
});

describe('parsePositiveId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
    ['0', null],
    ['01', null],
    ['-1', null],
    ['1.5', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    ['99999999999999999', null],
    [undefined, null],
  ])('%s → %s', (raw, id) => expect(parsePositiveId(raw)).toBe(id));
});

describe('route guard (spec §2)', () => {
  it('requires login for every path containing /user except login and register', () => {
    expect(requiresLogin('/user')).toBe(true);
    expect(requiresLogin('/user/favorite')).toBe(true);
    expect(requiresLogin('/test/user1')).toBe(true);
    expect(requiresLogin('/user_login')).toBe(false);
    expect(requiresLogin('/user_register')).toBe(false);
    expect(requiresLogin('/xmk/1')).toBe(false);
  });

  it('sends visitors to login with the full original path, encoded', () => {
    expect(guardRedirect('/user/favorite', '/user/favorite?type=zb&pageNum=2', false)).toBe(
      '/user_login?redirect=%2Fuser%2Ffavorite%3Ftype%3Dzb%26pageNum%3D2',
    );
    expect(guardRedirect('/test/user1', '/test/user1', false)).toBe('/user_login?redirect=%2Ftest%2Fuser1');
  });

  it('sends members away from login and register, and lets everything else through', () => {
    expect(guardRedirect('/user_login', '/user_login?redirect=%2Fzb', true)).toBe('/user');
    expect(guardRedirect('/user_register', '/user_register', true)).toBe('/user');
    expect(guardRedirect('/user/favorite', '/user/favorite', true)).toBeNull();
    expect(guardRedirect('/user_login', '/user_login', false)).toBeNull();
    expect(guardRedirect('/zb', '/zb', false)).toBeNull();
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/user/favorite?type=zb', '/user/favorite?type=zb'],
    ['/zb/12#top', '/zb/12#top'],
    ['//evil.example', '/user'],
    ['/\\evil.example', '/user'],
    ['https://evil.example', '/user'],
    ['javascript:alert(1)', '/user'],
    ['/\t/evil.example', '/user'],
    ['evil.example', '/user'],
    ['', '/user'],
    [null, '/user'],
  ])('%s → %s', (raw, target) => expect(safeRedirectTarget(raw)).toBe(target));
});

describe('the mobile site under /m', () => {
  it('guards its member pages with its own login, and sends members from its login to its member home', () => {
    expect(guardRedirect('/m/pages/user/favorite', '/m/pages/user/favorite?x=1', false)).toBe(
      '/m/pages/login/index?redirect=%2Fm%2Fpages%2Fuser%2Ffavorite%3Fx%3D1',
    );
    expect(guardRedirect('/m/pages/login/index', '/m/pages/login/index', true)).toBe('/m/pages/user/index');
    expect(guardRedirect('/m/pages/register/index', '/m/pages/register/index', true)).toBe('/m/pages/user/index');
    expect(guardRedirect('/m/pages/login/index', '/m/pages/login/index', false)).toBeNull();
    expect(guardRedirect('/m/', '/m/', false)).toBeNull();
  });

  it("registers on the visitor's own site and comes back to the page it left", () => {
    expect(registerUrl('/m/pages/zb/detail?id=12')).toBe('/m/pages/register/index?redirect=%2Fm%2Fpages%2Fzb%2Fdetail%3Fid%3D12');
    expect(registerUrl('/zb/12')).toBe('/user_register?redirect=%2Fzb%2F12');
  });

  it('accepts /m/ as the one spelling of its home', () => {
    expect(isStrictPath('/m/')).toBe(true);
    expect(isStrictPath('/m/pages/zb/index/')).toBe(false);
  });
});
