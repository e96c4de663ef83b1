import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Renderer } from '../src/renderer';

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
