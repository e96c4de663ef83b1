import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Renderer } from '../src/render/renderer';

/** These requests are answered before rendering; a renderer that is reached fails the test. */
const unreachableRenderer: Renderer = {
  render: () => Promise.reject(new Error('the page should not have been rendered')),
  assets: { css: [], bootstrapModule: '/dist/entry.js' },
};

function app(mobileSiteUrl?: string) {
  return createApp({
    config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: mobileSiteUrl, TRUST_PROXY: false },
    backendURL: 'http://127.0.0.1:9',
    renderer: unreachableRenderer,
    publicDir: 'client/public',
    log: () => {},
  });
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; V2183A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

describe('route guard on the server (spec §2)', () => {
  it.each([
    ['/user', '/user_login?redirect=%2Fuser'],
    ['/user/favorite?type=zb&pageNum=2', '/user_login?redirect=%2Fuser%2Ffavorite%3Ftype%3Dzb%26pageNum%3D2'],
    ['/test/user1', '/user_login?redirect=%2Ftest%2Fuser1'],
    ['/user/no-such-page', '/user_login?redirect=%2Fuser%2Fno-such-page'],
  ])('visitor on %s → 302 %s', async (path, location) => {
    const res = await request(app()).get(path);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it.each(['/user_login', '/user_register', '/user_login?redirect=%2Fzb'])('member on %s → 302 /user', async (path) => {
    const res = await request(app()).get(path).set('Cookie', 'member-token-nuxt=abc');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/user');
  });

  it('an empty token cookie is no token', async () => {
    const res = await request(app()).get('/user').set('Cookie', 'member-token-nuxt=');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/user_login?redirect=%2Fuser');
  });
});

describe('mobile redirect (spec §2)', () => {
  it.each([
    ['/xmk/12', 'https://m.example.com/pages/xmk/detail?id=12'],
    ['/zb/7', 'https://m.example.com/pages/zb/detail?id=7'],
    ['/zb', 'https://m.example.com/pages/zb/index'],
    ['/xmk?keyword=桥', 'https://m.example.com/pages/xmk/index'],
    ['/support/about', 'https://m.example.com/'],
    ['/', 'https://m.example.com/'],
  ])('phone on %s → %s', async (path, location) => {
    const res = await request(app('https://m.example.com')).get(encodeURI(path)).set('User-Agent', IPHONE);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('recognises WeChat on Android', async () => {
    const res = await request(app('https://m.example.com/')).get('/zb/3').set('User-Agent', WECHAT_ANDROID);
    expect(res.headers.location).toBe('https://m.example.com/pages/zb/detail?id=3');
  });

  it('never redirects when no mobile site is configured', async () => {
    const res = await request(app()).get('/user').set('User-Agent', IPHONE);
    expect(res.headers.location).toBe('/user_login?redirect=%2Fuser');
  });
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('the built-in mobile site /m', () => {
  // Every rule of spec §2's mapping, on the portal's own mobile site (MOBILE_SITE_URL's default).
  it.each([
    ['/xmk/12', '/m/pages/xmk/detail?id=12'],
    ['/zb/7', '/m/pages/zb/detail?id=7'],
    ['/zb/7/extra', '/m/pages/zb/detail?id=7'],
    ['/xmk', '/m/pages/xmk/index'],
    ['/zb', '/m/pages/zb/index'],
    ['/xmk/abc', '/m/pages/xmk/index'],
    ['/zb/0', '/m/pages/zb/index'],
    ['/zb?keyword=%E6%A1%A5&industry=2', '/m/pages/zb/index?keyword=%E6%A1%A5&industry=2'],
    ['/', '/m/'],
    ['/support/about', '/m/'],
    ['/goods/3', '/m/'],
    // Login, register and member pages have mobile twins; the redirect comes along, as a mobile page.
    ['/user_login?redirect=%2Fuser', '/m/pages/login/index?redirect=%2Fm%2Fpages%2Fuser%2Findex'],
    ['/user_login?redirect=%2F%2Fevil.example', '/m/pages/login/index'],
    ['/user_register', '/m/pages/register/index'],
    ['/goods', '/m/pages/user/vip'],
  ])('phone on %s → %s', async (path, location) => {
    for (const ua of [IPHONE, ANDROID_CHROME]) {
      const res = await request(app('/m')).get(path).set('User-Agent', ua);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(res.headers.vary).toMatch(/User-Agent/);
    }
  });

  it('leaves desktops and the mobile site itself alone', async () => {
    const desktop = await request(app('/m')).get('/zb/7').set('User-Agent', DESKTOP);
    expect(desktop.headers.location).toBeUndefined();
    const user = await request(app('/m')).get('/m/pages/user/index').set('User-Agent', IPHONE);
    expect(user.status).toBe(302);
    expect(user.headers.location).toBe('/m/pages/login/index?redirect=%2Fm%2Fpages%2Fuser%2Findex');
  });

  it('spells the home /m/', async () => {
    const res = await request(app('/m')).get('/m?from=qr').set('User-Agent', IPHONE);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/m/?from=qr');
  });

  it('remembers 电脑版, so the redirect does not bounce the visitor back, until 手机版 is chosen', async () => {
    const chosen = await request(app('/m')).get('/zb/7?view=pc').set('User-Agent', IPHONE);
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe('/zb/7');
    const cookie = String(chosen.headers['set-cookie']);
    expect(cookie).toMatch(/view-pc=1;.*Max-Age=31536000/);
    const desktopPage = await request(app('/m')).get('/user').set('User-Agent', IPHONE).set('Cookie', 'view-pc=1');
    // No mobile redirect: the member guard is what answers, with the desktop login.
    expect(desktopPage.headers.location).toBe('/user_login?redirect=%2Fuser');
    const back = await request(app('/m')).get('/zb?keyword=a&view=m').set('User-Agent', IPHONE).set('Cookie', 'view-pc=1');
    expect(back.headers.location).toBe('/zb?keyword=a');
    expect(String(back.headers['set-cookie'])).toMatch(/view-pc=;/);
  });

  it('never answers the 电脑版 choice with a redirect that leaves the site', async () => {
    for (const path of ['//evil.example/x?view=pc', '/\\evil.example?view=pc']) {
      const res = await request(app('/m')).get(path).set('User-Agent', IPHONE);
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/[^/\\]/);
    }
  });

  it('sends logged-in members on the mobile login to the mobile member home', async () => {
    const res = await request(app('/m')).get('/m/pages/login/index').set('User-Agent', IPHONE).set('Cookie', 'member-token-nuxt=abc');
    expect(res.headers.location).toBe('/m/pages/user/index');
  });
});

describe('requests the pages do not take', () => {
  it('answers other methods with 405 JSON', async () => {
    const res = await request(app()).post('/xmk').send({ a: 1 });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body).toEqual({ code: 405, msg: '不支持的请求方法' });
  });

  it('serves the favicon and 404s a missing hashed asset without rendering', async () => {
    expect((await request(app()).get('/favicon.svg')).status).toBe(200);
  });
});

describe('/healthz', () => {
  it('answers 503 JSON when the backend is unreachable', async () => {
    const started = Date.now();
    const res = await request(app()).get('/healthz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', backend: 'down' });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
